import TestSupport
import Testing

@testable import AutocompleteCore

/// The screen that decides non-ASCII lines on their raw bytes when they fold to themselves
/// (``StreamingLineFilter/SelfFoldingScreen``, ``SelfFoldingCheck``): it never drops a line that
/// matches, whatever the script, the marks, the case or the clusters.
@Suite("Self-folding screen")
struct SelfFoldingScreenTests {
  /// Pieces of non-ASCII lines: Devanagari letters, vowel signs, virama and nukta (precomposed क़
  /// and decomposed), conjuncts; Hangul syllables and conjoining jamo (which the fold composes);
  /// Cyrillic and Greek in both cases; Latin with accents (precomposed and combining); emoji with
  /// a skin tone, a ZWJ family and flags; Arabic with a prepended mark; controls, a zero width
  /// space, a soft hyphen; ASCII letters of both cases.
  static let pieces = [
    "क", "ि", "ा", "्", "ष", "क़", "क\u{93C}", "ं", "कि", "क्ष", " ", "한", "\u{1100}\u{1161}", "\u{1161}", "д",
    "Д",
    "σ", "Σ", "ς", "é", "e\u{301}", "\u{301}", "👍", "🏽", "👍🏽", "👨\u{200D}👩", "\u{200D}", "🇫🇷", "🇺",
    "\u{600}", "٣", "\u{85}", "\u{200B}", "\u{AD}", "\r", "a", "A", "x", "東", "ｓ", "ﷺ",
  ]

  /// Random lines of the pieces and queries cut from them (by characters or by scalars, so that
  /// some queries are lone marks or split clusters).
  static func randomText(_ rng: inout SplitMix64, lines: Int) -> (text: [UInt8], queries: [String]) {
    var text = ""
    var queries: Set<String> = ["क", "कि", "क्", "ि", "한", "\u{1100}", "д", "👍", "🇫🇷", "é", "σ", "\u{600}", "क़"]
    for _ in 0..<lines {
      let count = Int.random(in: 0...7, using: &rng)
      let line = (0..<count).map { _ in pieces.randomElement(using: &rng)! }.joined()
      text += line + "\n"
      guard count > 0, Int.random(in: 0..<3, using: &rng) == 0 else { continue }
      let scalars = Array(line.unicodeScalars)
      let start = Int.random(in: 0..<scalars.count, using: &rng)
      let end = Int.random(in: start...min(scalars.count, start + 4), using: &rng)
      var query = String.UnicodeScalarView()
      query.append(contentsOf: scalars[start..<end])
      if !query.isEmpty { queries.insert(String(query)) }
    }
    return (Array(text.utf8), queries.sorted())
  }

  @Test(
    "the streaming filter with the screen finds what the line filter finds, in every mode",
    .disabled(if: isSanitized, "single-threaded differential: nothing for a sanitizer to check"),
    .offThePool, arguments: [1 as UInt64, 2, 3, 4])
  func streamingAgreesWithTheLineFilter(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    let (text, queries) = Self.randomText(&rng, lines: 300)
    let kept = text.split(separator: 0x0A, omittingEmptySubsequences: false).filter { !$0.isEmpty }
    let nonEmpty = try LineFilter(utf8: kept.map { Array($0) + [0x0A] }.flatMap { $0 })
    for mode in MatchMode.allCases where mode != .words {
      for query in queries {
        let options = SearchOptions(mode: mode)
        let expected = try nonEmpty.matches(for: query, options: options).map(\.text)
        var filter = StreamingLineFilter(query, options: options)
        filter.blockSize = 257
        let ranges = try text.withUnsafeBufferPointer { try filter.matches(in: $0) }
        let actual = ranges.map { String(decoding: text[$0], as: UTF8.self) }
        #expect(actual == expected, "\(mode) \(Array(query.unicodeScalars))")
      }
    }
  }

  @Test("a letter inside its clusters is a miss; standing alone it is found", .offThePool)
  func lettersInsideClustersAreMisses() throws {
    let lines = String(repeating: "कि ", count: 40) + "\n" + String(repeating: "का क्ष ", count: 20) + "\n"
    let text = Array((lines + "क़ि\n" + "कि क\n").utf8)
    for mode in [MatchMode.contains, .fuzzy] {
      let ranges = try text.withUnsafeBufferPointer {
        try StreamingLineFilter("क", options: SearchOptions(mode: mode)).matches(in: $0)
      }
      #expect(ranges.map { String(decoding: text[$0], as: UTF8.self) } == ["कि क"], "\(mode)")
    }
  }

  @Test("the check validates as the line filter does; a line it finds folds to itself does", .offThePool)
  func checkAgreesWithTheFolderAndTheValidator() {
    var rng = SplitMix64(seed: 7)
    let check = SelfFoldingCheck()
    let folder = TextFolder()
    // Every piece alone and random lines of them, then random byte strings (mostly invalid).
    var samples = Self.pieces.map { Array($0.utf8) }
    for _ in 0..<2000 {
      let count = Int.random(in: 1...6, using: &rng)
      samples.append(Array((0..<count).map { _ in Self.pieces.randomElement(using: &rng)! }.joined().utf8))
    }
    let interesting: [UInt8] = [
      0x00, 0x20, 0x41, 0x61, 0x80, 0xA0, 0xBF, 0xC2, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xA4, 0x95,
    ]
    for _ in 0..<4000 {
      let count = Int.random(in: 1...9, using: &rng)
      samples.append((0..<count).map { _ in interesting.randomElement(using: &rng)! })
    }
    // Overlong three-byte forms, surrogates, and every three-byte lead byte.
    samples += [
      [0xE0, 0x80, 0x80], [0xE0, 0x9F, 0xBF, 0x20], [0xED, 0xA0, 0x80, 0x20], [0xED, 0x9F, 0xBF, 0x20],
    ]
    samples += (0xE0...0xEF).map { [UInt8($0), 0xA4, 0x95, 0x20] }
    // ASCII runs long enough to be read eight bytes at a time, with a capital or a NUL late in them.
    samples += [
      Array("abcdefghijklmnoP".utf8), Array("abcdefghijklmnop\u{0}".utf8), Array("कabcdefghijkLmn".utf8),
    ]
    var counts = (folds: 0, changes: 0)
    for sample in samples {
      let (isValid, isASCII, foldsToItself) = sample.withUnsafeBufferPointer { check.check($0) }
      let expectedValid =
        !sample.contains(0) && sample.withUnsafeBufferPointer { LineFilter.firstInvalidUTF8($0) == nil }
      #expect(isValid == expectedValid, "\(sample)")
      #expect(!isValid || isASCII == sample.allSatisfy { $0 < 0x80 }, "\(sample)")
      guard isValid, expectedValid else { continue }
      let text = String(decoding: sample, as: UTF8.self)
      // The check may say no to a line that folds to itself after all (a ZWJ kept inside an emoji
      // sequence, a Hangul syllable with nothing to compose): never yes to one that changes.
      if foldsToItself {
        #expect(folder.fold(text) == text, "\(Array(text.unicodeScalars))")
        counts.folds += 1
      } else if folder.fold(text) != text {
        counts.changes += 1
      }
    }
    #expect(counts.folds > 500 && counts.changes > 500)
  }
}
