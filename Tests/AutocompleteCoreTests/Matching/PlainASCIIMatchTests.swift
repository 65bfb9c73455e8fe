import TestSupport
import Testing

@testable import AutocompleteCore

/// A text of plain ASCII is matched without folding it with a map
/// (``SearchQuery/matchPlainASCII(_:keyIndex:)``): the same match, highlights included, as folding
/// it (``SearchQuery/matchFolding(_:keyIndex:)``).
@Suite("Search query: plain ASCII texts")
struct PlainASCIIMatchTests {
  static let alphabet = Array("aAbBnN eE-'.7\t\nzZ")

  static func text(_ random: inout SplitMix64, length: ClosedRange<Int>) -> String {
    String((0..<Int.random(in: length, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
  }

  @Test(
    .disabled(
      if: isSanitized, "single-threaded: nothing for ThreadSanitizer to check, and 10× slower under it"),
    .offThePool, arguments: [MatchMode.prefix, .contains, .suffix, .exact, .words])
  func plainASCIIMatchesAsFolding(mode: MatchMode) {
    var random = SplitMix64(seed: 41)
    var matched = 0
    for _ in 0..<3_000 {
      let tolerance = [TypoTolerance.off, .automatic, .fixed(1), .fixed(2)].randomElement(using: &random)!
      let query = SearchQuery(
        Self.text(&random, length: 1...9), options: SearchOptions(mode: mode, typoTolerance: tolerance))
      let text = Self.text(&random, length: 0...16)
      let fast = query.matchPlainASCII(text, keyIndex: 1)
      #expect(fast == query.matchFolding(text, keyIndex: 1), "\(query.text) in \(text)")
      #expect(query.match(text, keyIndex: 1) == fast)
      if let fast, !fast.ranges.isEmpty { matched += 1 }
    }
    #expect(matched > 30)
  }

  @Test(.offThePool) func textsWithCROrOtherScriptsAreFolded() {
    let query = SearchQuery("ab", options: SearchOptions(mode: .contains))
    for text in ["x\r\nab", "Ábc ab", "ab\r"] {
      #expect(query.match(text) == query.matchFolding(text, keyIndex: 0))
    }
  }
}
