import TestSupport
import Testing

@testable import AutocompleteCore

/// ``SearchQuery/matchedByteRanges(inUTF8:)`` (what `filter --highlight` writes) folds a line from its
/// bytes and maps the ranges back with ``ClusterSpans``; the oracle is the way it went before (issue
/// 41): a `String` of the line through ``SearchQuery/match(_:keyIndex:)``, ``TextFolder``'s
/// `foldedWithMap` and `String.Index` ranges. (``ClusterSpansTests`` checks the widening itself
/// against `String`'s characters.)
@Suite("Highlight byte ranges equal those of a String match")
struct MatchedByteRangesTests {
  /// Pieces of lines: ASCII, precomposed and decomposed letters, combining marks alone, emoji
  /// sequences, flags, Hangul jamo, Devanagari conjuncts, CJK, ligatures and letters that fold to
  /// several (ß, ﬁ), and spaces.
  static let pieces = [
    "a", "b", "e", "r", "s", "Z", "u", "ich", " ", "-", "é", "e\u{301}", "\u{301}", "\u{308}", "ü", "Ü",
    "ß", "ﬁ", "Đ", "ø", "ı", "İ", "👍", "👍🏽", "👨‍👩‍👧", "🇫🇷", "🇺🇸", "\u{1100}", "\u{1161}", "\u{11A8}", "क्ष",
    "ि", "東", "京", "ｚ", "Ａ", "\u{200D}", "\r",
  ]

  static func line(_ random: inout SplitMix64) -> String {
    (0..<Int.random(in: 0...12, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
  }

  @Test("random lines and queries, every mode but fuzzy, with and without typos", .offThePool)
  func randomAgainstStringMatch() {
    var random = SplitMix64(seed: 41)
    let modes: [MatchMode] = [.prefix, .contains, .suffix, .exact, .words]
    var compared = 0
    var matched = 0
    for _ in 0..<3000 {
      let line = Self.line(&random)
      // A query from the line (a piece of it, so that many match) or from the pieces.
      let query: String
      if Bool.random(using: &random), !line.isEmpty {
        let characters = Array(line)
        let start = Int.random(in: 0..<characters.count, using: &random)
        let end = Int.random(in: start...min(characters.count, start + 6), using: &random)
        query = String(characters[start..<end]) + (Bool.random(using: &random) ? "x" : "")
      } else {
        query = Self.line(&random)
      }
      let options = SearchOptions(
        mode: modes.randomElement(using: &random)!,
        typoTolerance: [.off, .fixed(1), .fixed(2), .automatic].randomElement(using: &random)!)
      let prepared = SearchQuery(query, options: options)
      let fast = Array(line.utf8).withUnsafeBufferPointer { prepared.matchedByteRanges(inUTF8: $0) }
      let oracle = Array(line.utf8).withUnsafeBufferPointer { prepared.matchedByteRanges(ofString: $0) }
      #expect(fast == oracle, "\(query.debugDescription) in \(line.debugDescription), \(options.mode)")
      compared += 1
      if oracle != nil { matched += 1 }
    }
    // The comparison means something only when many lines match.
    #expect(matched > compared / 5)
  }

  @Test("a non-ASCII line: the ranges cover whole characters of its bytes", .offThePool)
  func wholeCharacters() {
    let query = SearchQuery("zurixh", options: SearchOptions(mode: .contains, typoTolerance: .fixed(1)))
    let line = "Bad Zürich-Süd"
    let ranges = Array(line.utf8).withUnsafeBufferPointer { query.matchedByteRanges(inUTF8: $0) }
    let bytes = Array(line.utf8)
    #expect(ranges?.map { String(decoding: bytes[$0], as: UTF8.self) } == ["Zürich"])
  }
}
