import AutocompleteCore
import TestSupport
import Testing

@Suite("Streaming line filter")
struct StreamingLineFilterTests {
  /// Pieces lines are made of: ASCII of both cases, separators, Latin with marks, letters that
  /// fold to two (ß, æ), CJK, emoji, a combining mark, full-width letters.
  static let pieces = [
    "a", "b", "s", "t", "S", "T", "A", "n", "d", "r", " ", "-", "_", "x", "Z", "é", "É", "ß", "æ", "ø", "Đ",
    "東", "京", "🇧🇷", "e\u{301}", "ｓ", "İ", "ΣΑ", "ς", "Paulo", "São", "stand", "Bar", "\r",
  ]

  /// Random lines (some empty, some with CR LF) and queries drawn from them.
  static func randomText(_ rng: inout SplitMix64, lines: Int) -> (text: [UInt8], queries: [String]) {
    var text = ""
    var queries: Set<String> = ["s", "st", "stand", "sao", "a b", "ss", "東", "-", "zz", "SA", "e\u{301}"]
    for _ in 0..<lines {
      let count = Int.random(in: 0...8, using: &rng)
      let line = (0..<count).map { _ in pieces.randomElement(using: &rng)! }.joined()
      text += line + (Bool.random(using: &rng) ? "\r\n" : "\n")
      if count > 0, Int.random(in: 0..<4, using: &rng) == 0 {
        let characters = Array(line)
        let start = Int.random(in: 0..<characters.count, using: &rng)
        let end = Int.random(in: start...min(characters.count, start + 3), using: &rng)
        let query = String(characters[start..<end])
        if !query.isEmpty { queries.insert(query) }
      }
    }
    return (Array(text.utf8), queries.sorted())
  }

  @Test(.offThePool, arguments: [1 as UInt64, 2, 3])
  func printsWhatTheLineFilterPrintsInEveryMode(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    let (text, queries) = Self.randomText(&rng, lines: 400)
    let all = try LineFilter(utf8: text)
    // As `autocomplete filter` drops them: lines of nothing or a CR alone.
    let kept = text.split(separator: 0x0A, omittingEmptySubsequences: false).filter {
      !$0.isEmpty && $0 != [0x0D]
    }
    let nonEmpty = try LineFilter(utf8: kept.map { Array($0) + [0x0A] }.flatMap { $0 })
    for mode in MatchMode.allCases {
      for sensitive in [false, true] {
        for limit in [nil, 3] {
          for query in queries.prefix(isSanitized ? 4 : 40) {
            let options = SearchOptions(mode: mode, isCaseSensitive: sensitive, maximumCount: limit)
            // The filter command's old path: empty lines dropped unless the mode is words.
            let expected = try (mode == .words ? all : nonEmpty).matches(for: query, options: options).map(
              \.text)
            for blockSize in [nil, 1, 97] {
              var filter = StreamingLineFilter(query, options: options)
              filter.blockSize = blockSize
              let ranges = try text.withUnsafeBufferPointer { try filter.matches(in: $0) }
              let actual = ranges.map { String(decoding: text[$0], as: UTF8.self) }
              #expect(
                actual == expected,
                "\(mode) \(query) sensitive \(sensitive) limit \(String(describing: limit))")
            }
          }
        }
      }
    }
  }

  @Test(.offThePool, arguments: ["a", "क"])
  func namesTheFirstBadLineAcrossBlocks(query: String) {
    // An ASCII query and one that is not (whose lines are checked by ``SelfFoldingCheck``).
    func error(_ bytes: [UInt8]) -> LineFilter.InputError? {
      var filter = StreamingLineFilter(query)
      filter.blockSize = 4
      do {
        _ = try bytes.withUnsafeBufferPointer { try filter.matches(in: $0) }
        return nil
      } catch {
        return error as? LineFilter.InputError
      }
    }
    let good = Array("ab\ncd\nef\n".utf8)
    #expect(error(good) == nil)
    #expect(error(Array("कि\nab\u{0}cdefghijkl\nक\n".utf8)) == .nulByte(line: 2))
    #expect(error(Array("कि\nक".utf8) + [0xE0, 0x80, 0x80, 0x0A]) == .invalidUTF8(line: 2))
    #expect(error(good + [0xC3, 0x0A] + good) == .invalidUTF8(line: 4))
    // Like LineFilter: the first bad line, whichever its fault (a NUL in a later block was named
    // before invalid UTF-8 in an earlier one).
    #expect(error(good + [0xFF, 0x0A] + good + [0x61, 0x00]) == .invalidUTF8(line: 4))
    #expect(error(good + [0x61, 0x00, 0x0A] + good + [0xFF, 0x0A]) == .nulByte(line: 4))
    #expect(
      error(good + [0xFF, 0x0A] + good + [0x61, 0x00])
        == LineFilter.validateError(good + [0xFF, 0x0A] + good + [0x61, 0x00]))
  }
}

extension LineFilter {
  /// The error ``LineFilter/validate(utf8:)`` throws for `bytes`, or `nil`.
  fileprivate static func validateError(_ bytes: [UInt8]) -> InputError? {
    do {
      try validate(utf8: bytes)
      return nil
    } catch {
      return error
    }
  }
}
