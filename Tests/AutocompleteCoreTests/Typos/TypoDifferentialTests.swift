import AutocompleteCore
import Foundation
import TestSupport
import Testing

/// The engine's typo matching against ``TypoOracle`` on random strings: ASCII, letters that fold
/// (é, ß, ﬁ), combining marks, CJK, emoji with modifiers, flags, Devanagari and Thai clusters.
@Suite("Typo tolerance: differential")
struct TypoDifferentialTests {
  static let pieces: [String] = [
    "a", "b", "c", "d", "e", "a", "b", "A", "B", " ", " ", "-", "é", "e\u{301}", "ß", "ﬁ", "中", "文", "👍", "👍🏽",
    "🇺🇸", "🇫🇷", "कि", "क", "ก่", "ก", "x",
  ]

  static func randomText(_ rng: inout SplitMix64, length: ClosedRange<Int>) -> String {
    (0..<Int.random(in: length, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
  }

  /// A query made from `key` with up to three random edits of its folded clusters.
  static func typed(from key: String, _ rng: inout SplitMix64) -> String {
    var clusters = TypoOracle.keyClusters(key)
    if clusters.count > 2 && Bool.random(using: &rng) {
      clusters = Array(clusters.prefix(Int.random(in: 1...clusters.count, using: &rng)))
    }
    for _ in 0..<Int.random(in: 0...3, using: &rng) {
      let position = Int.random(in: 0...clusters.count, using: &rng)
      switch Int.random(in: 0..<4, using: &rng) {
      case 0: clusters.insert(pieces.randomElement(using: &rng)!, at: position)
      case 1 where position < clusters.count: clusters.remove(at: position)
      case 2 where position < clusters.count: clusters[position] = pieces.randomElement(using: &rng)!
      case 3 where position + 1 < clusters.count: clusters.swapAt(position, position + 1)
      default: break
      }
    }
    return clusters.joined()
  }

  static let tolerances: [TypoTolerance] = [.fixed(1), .fixed(2), .automatic, .fixed(0)]

  @Test(.offThePool, arguments: [MatchMode.prefix, .exact, .words, .contains])
  func matchAgreesWithTheOracle(mode: MatchMode) {
    var rng = SplitMix64(seed: 16)
    for _ in 0..<600 {
      let key = Self.randomText(&rng, length: 0...9)
      let query =
        Bool.random(using: &rng) ? Self.typed(from: key, &rng) : Self.randomText(&rng, length: 1...6)
      for tolerance in Self.tolerances {
        let options = SearchOptions(mode: mode, typoTolerance: tolerance)
        let found = SearchQuery(query, options: options).match(key)
        let expected = TypoOracle.match(query, key, mode: mode, tolerance: tolerance)
        #expect(
          found.map { "\($0.kind) \($0.typos)" } == expected.map { "\($0.kind) \($0.typos)" },
          "\(mode) \(tolerance) \(query.debugDescription) in \(key.debugDescription)")
        if let found { Self.checkHighlights(found, query: query, mode: mode) }
      }
    }
  }

  @Test(.offThePool, arguments: [MatchMode.prefix, .exact, .contains])
  func caseSensitiveMatchAgreesWithTheOracle(mode: MatchMode) {
    var rng = SplitMix64(seed: 61)
    for _ in 0..<300 {
      let key = Self.randomText(&rng, length: 0...8)
      let query = Self.typed(from: key, &rng)
      for tolerance in [TypoTolerance.fixed(1), .fixed(2)] {
        let options = SearchOptions(mode: mode, isCaseSensitive: true, typoTolerance: tolerance)
        let found = SearchQuery(query, options: options).match(key)
        let expected = TypoOracle.match(query, key, mode: mode, tolerance: tolerance, isCaseSensitive: true)
        #expect(
          found.map { "\($0.kind) \($0.typos)" } == expected.map { "\($0.kind) \($0.typos)" },
          "\(mode) \(tolerance) \(query.debugDescription) in \(key.debugDescription)")
      }
    }
  }

  /// Queries as long as typos allow (``TypoTolerance/maximumQueryLength``, 64 clusters: one more
  /// bit than a word of ``OSABand``'s match masks holds) with edits of every kind near their end,
  /// where a row's lanes are read across two words.
  @Test(.offThePool, arguments: [MatchMode.prefix, .exact, .words])
  func longQueriesAgreeWithTheOracle(mode: MatchMode) {
    var rng = SplitMix64(seed: 64)
    let letters = ["a", "b", "c", "d", "é"]
    for length in [63, 64] {
      let key = (0..<length + 2).map { _ in letters.randomElement(using: &rng)! }
      for position in (length - 8)..<(length - 1) {
        for kind in 0..<4 {
          var query = Array(key.prefix(length))
          switch kind {
          case 0: query.insert("x", at: position)
          case 1: query.remove(at: position)
          case 2: query[position] = "x"
          default: query.swapAt(position, position + 1)
          }
          for key in [key.joined(), key.prefix(length).joined()] {
            for tolerance in [TypoTolerance.fixed(1), .fixed(2)] {
              let options = SearchOptions(mode: mode, typoTolerance: tolerance)
              let found = SearchQuery(query.joined(), options: options).match(key)
              let expected = TypoOracle.match(query.joined(), key, mode: mode, tolerance: tolerance)
              #expect(
                found.map { "\($0.kind) \($0.typos)" } == expected.map { "\($0.kind) \($0.typos)" },
                "\(mode) \(tolerance) \(query.joined().debugDescription) in \(key.debugDescription)")
            }
          }
        }
      }
    }
  }

  /// Highlights cover whole characters of the matched text, in order; on ASCII text (where a
  /// character folds to one) they pair the query's characters: at least as many as the query has,
  /// less its typos (one the key lacks highlights nothing), and at most as many as it has.
  static func checkHighlights(_ match: TextMatch, query: String, mode: MatchMode) {
    let text = match.matchedText
    var highlighted = 0
    var previous = text.startIndex
    for range in match.ranges {
      #expect(range.lowerBound >= previous && !range.isEmpty)
      #expect(text.indices.contains(range.lowerBound))
      #expect(range.upperBound == text.endIndex || text.indices.contains(range.upperBound))
      highlighted += text[range].count
      previous = range.upperBound
    }
    #expect(match.utf16Ranges.count == match.ranges.count)
    let queryCount = TypoOracle.queryClusters(query, mode: mode).count
    if match.kind != .wordPrefix && queryCount > 0 && text.utf8.allSatisfy({ $0 < 0x80 })
      && query.utf8.allSatisfy({ $0 < 0x80 })
    {
      #expect(highlighted >= queryCount - match.typos, "\(query) in \(text): \(match.ranges)")
      #expect(highlighted <= queryCount, "\(query) in \(text): \(match.ranges)")
    }
  }
}
