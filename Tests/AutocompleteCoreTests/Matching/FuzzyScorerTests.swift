import TestSupport
import Testing

@testable import AutocompleteCore

/// fzf's v2 scoring (``FuzzyScorer``) against a brute-force oracle, and fzf's own cases.
@Suite("Fuzzy scorer (v2)")
struct FuzzyScorerTests {
  /// fzf's `calculateScore` for one alignment: the query's bytes at `positions` of `text`.
  func score(of positions: [Int], in text: [UInt8]) -> Int {
    var score = 0
    var firstBonus = 0
    var previousPosition = -2
    for (p, position) in positions.enumerated() {
      if p > 0 && position > previousPosition + 1 {
        score += FuzzyScorer.scoreGapStart + (position - previousPosition - 2) * FuzzyScorer.scoreGapExtension
      }
      let previous: ByteClass = position > 0 ? ByteClass(text[position - 1]) : .white
      var bonus = FuzzyScorer.bonus(previous: previous, current: ByteClass(text[position]))
      if p == 0 || position != previousPosition + 1 {
        firstBonus = bonus
      } else {
        if bonus >= FuzzyScorer.bonusBoundary && bonus > firstBonus { firstBonus = bonus }
        bonus = max(bonus, firstBonus, FuzzyScorer.bonusConsecutive)
      }
      score += FuzzyScorer.scoreMatch + (p == 0 ? bonus * FuzzyScorer.bonusFirstCharMultiplier : bonus)
      previousPosition = position
    }
    return score
  }

  /// The best score over every alignment, or `nil` when there is none.
  func bruteForce(_ query: [UInt8], _ text: [UInt8]) -> Int? {
    var best: Int?
    func visit(_ p: Int, from start: Int, _ positions: [Int]) {
      if p == query.count {
        let value = score(of: positions, in: text)
        best = max(best ?? value, value)
        return
      }
      guard start < text.count else { return }
      for position in start..<text.count where text[position] == query[p] {
        visit(p + 1, from: position + 1, positions + [position])
      }
    }
    visit(0, from: 0, [])
    return best
  }

  func v2(_ query: [UInt8], _ text: [UInt8], wantRanges: Bool = true) -> (score: Int, ranges: [Range<Int>])? {
    query.withUnsafeBufferPointer { q in
      text.withUnsafeBufferPointer { t in FuzzyScorer.match(q, in: t, wantRanges: wantRanges) }
    }
  }

  @Test(.offThePool) func matchesTheBruteForceOracle() {
    var random = SplitMix64(seed: 38)
    let alphabet = Array("ab/_ .Ac1".utf8)
    for _ in 0..<3000 {
      let text = (0..<Int.random(in: 0...12, using: &random)).map { _ in
        alphabet.randomElement(using: &random)!
      }
      let query = (0..<Int.random(in: 1...4, using: &random)).map { _ in
        Array("ab/_ .c1".utf8).randomElement(using: &random)!
      }
      // Folded text has no capitals: lower them as folding would.
      let folded = text.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }
      let oracle = bruteForce(query, folded)
      let found = v2(query, folded)
      #expect(
        found?.score == oracle,
        "\(String(decoding: query, as: UTF8.self)) in \(String(decoding: folded, as: UTF8.self))")
      #expect(v2(query, folded, wantRanges: false)?.score == oracle)
      if let found {
        // The ranges are an alignment of that score.
        let positions = found.ranges.flatMap { Array($0) }
        #expect(positions.count == query.count)
        #expect(positions.map { folded[$0] } == query)
        #expect(score(of: positions, in: folded) == found.score)
      }
    }
  }

  @Test(.offThePool) func prefersTheContiguousOccurrence() throws {
    // The case: v1 took p…y…i…n…i…t scattered.
    let text = Array("pypy/pycore_initconfig.h".utf8)
    let found = try #require(v2(Array("pyinit".utf8), text))
    #expect(found.ranges == [5..<7, 12..<16])
    let scattered = try #require(v2(Array("pyinit".utf8), Array("papaya_in_it_pycore.x".utf8)))
    #expect(found.score > scattered.score)
  }

  /// Scores `query` in `text` as the index does: the text folded (lowered), its camel humps marked.
  func fzfScore(_ query: String, _ text: String) -> (score: Int, ranges: [Range<Int>])? {
    let bytes = Array(text.utf8)
    let folded = bytes.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }
    let humps = HumpMask.bits(
      marking: bytes.indices.filter { $0 > 0 && bytes[$0] &- 0x41 < 26 && bytes[$0 - 1] &- 0x61 < 26 },
      count: bytes.count)
    return Array(query.lowercased().utf8).withUnsafeBufferPointer { q in
      folded.withUnsafeBufferPointer { t in
        humps.withUnsafeBufferPointer { words in
          FuzzyScorer.match(q, in: t, humps: words.isEmpty ? nil : HumpMask(words: words, base: 0))
        }
      }
    }
  }

  // fzf's algo_test.go (TestFuzzyMatch, v2, case-insensitive): where the match is and its score.
  @Test(.offThePool) func fzfCases() throws {
    let cases: [(text: String, query: String, positions: [Int], score: Int)] = [
      ("fooBarbaz1", "oBZ", [2, 3, 8], 49),
      ("foo bar baz", "fbb", [0, 4, 8], 78),
      ("/AutomatorDocument.icns", "rdoc", [9, 10, 11, 12], 79),
      ("/man1/zshcompctl.1", "zshc", [6, 7, 8, 9], 109),
      ("/.oh-my-zsh/cache", "zshc", [8, 9, 10, 12], 102),
      (".vimrc", ".vimrc", [0, 1, 2, 3, 4, 5], 166),
      ("/.vimrc", ".vimrc", [1, 2, 3, 4, 5, 6], 159),
      ("a.vimrc", ".vimrc", [1, 2, 3, 4, 5, 6], 152),
      ("ab0123 456", "12356", [3, 4, 5, 8, 9], 88),
      ("abc123 456", "12356", [3, 4, 5, 8, 9], 108),
      ("foo/bar/baz", "fbb", [0, 4, 8], 76),
      ("fooBarBaz", "fbb", [0, 3, 6], 74),
    ]
    for (text, query, positions, score) in cases {
      let found = try #require(fzfScore(query, text))
      #expect(found.score == score, "\(query) in \(text)")
      #expect(found.ranges.flatMap { Array($0) } == positions, "\(query) in \(text)")
    }
    #expect(fzfScore("fooBarbazz", "fooBarbaz") == nil)
  }
}
