import AutocompleteCore
import TestSupport
import Testing

@Suite("Line blocks: lines in blocks searched on every core")
struct LineBlocksTests {
  /// Seeded lines over a small alphabet, so that queries match many lines with ties.
  static func lines(seed: UInt64, count: Int) -> [String] {
    var random = SplitMix64(seed: seed)
    let words = ["São", "Paulo", "santos", "Sand", "stand", "Grand", "Ærø", "paul", "Santo André", "ab"]
    return (0..<count).map { _ in
      (0..<Int.random(in: 1...3, using: &random)).map { _ in words.randomElement(using: &random)! }
        .joined(separator: " ")
    }
  }

  /// `lines` cut into blocks of at most `size` lines.
  static func blocks(_ lines: [String], size: Int) throws -> LineBlocks {
    let chunks = stride(from: 0, to: lines.count, by: size).map {
      Array(lines[$0..<min($0 + size, lines.count)])
    }
    return LineBlocks(
      try chunks.map { try LineIndex(LineFilter(utf8: Array($0.joined(separator: "\n").utf8))) })
  }

  @Test(.offThePool, arguments: [1, 2, 3] as [UInt64])
  func answersAsOneIndexOverEveryLine(seed: UInt64) throws {
    let lines = Self.lines(seed: seed, count: 300)
    let whole = try LineIndex(LineFilter(utf8: Array(lines.joined(separator: "\n").utf8)))
    let blocks = try Self.blocks(lines, size: 37)
    #expect(blocks.count == lines.count)
    #expect(blocks.offsets == stride(from: 0, to: 300, by: 37).map { $0 })
    for mode in MatchMode.allCases {
      for limit in [5, nil] as [Int?] {
        for query in ["s", "sa", "san", "pau", "sao pau", "and", "snta", "zz"] {
          let options = SearchOptions(mode: mode, maximumCount: limit, typoTolerance: .automatic)
          let expected = try whole.rankedLines(for: query, options: options)
          let (lines, total, _) = try blocks.rankedLines(for: query, options: options, after: nil)
          #expect(lines == expected.lines, "\(mode) \(query) \(String(describing: limit))")
          #expect(total == expected.total, "\(mode) \(query)")
        }
      }
    }
  }

  @Test(.offThePool) func narrowingKeystrokesAnswerAsSearchingAfresh() throws {
    let lines = Self.lines(seed: 7, count: 400)
    let blocks = try Self.blocks(lines, size: 50)
    for mode in [MatchMode.fuzzy, .contains, .words, .prefix] {
      let options = SearchOptions(mode: mode, maximumCount: 20, typoTolerance: .automatic)
      var narrowing: LineBlocks.Narrowing?
      for query in ["s", "sa", "san", "sant", "santo", "santo a", "santo an", "x"] {
        let narrowed = try blocks.rankedLines(for: query, options: options, after: narrowing)
        let afresh = try blocks.rankedLines(for: query, options: options, after: nil)
        #expect(narrowed.lines == afresh.lines, "\(mode) \(query)")
        #expect(narrowed.total == afresh.total, "\(mode) \(query)")
        narrowing = narrowed.search
      }
    }
  }

  @Test(.offThePool) func blocksAddedSinceTheLastKeystrokeAreSearchedWhole() throws {
    let lines = Self.lines(seed: 11, count: 200)
    let options = SearchOptions(mode: .fuzzy, maximumCount: nil)
    let first = try Self.blocks(Array(lines[..<100]), size: 40)
    let all = try Self.blocks(lines, size: 40)
    let earlier = try first.rankedLines(for: "sa", options: options, after: nil)
    let later = try all.rankedLines(for: "san", options: options, after: earlier.search)
    let afresh = try all.rankedLines(for: "san", options: options, after: nil)
    #expect(later.lines == afresh.lines)
    #expect(later.total == afresh.total)
    #expect(later.lines.contains { $0.line >= 100 })
  }

  @Test(.offThePool) func noBlocksNoLines() throws {
    let empty = LineBlocks([])
    #expect(empty.count == 0)
    let answer = try empty.rankedLines(for: "a", options: SearchOptions(), after: nil)
    #expect(answer.lines.isEmpty && answer.total == 0)
  }
}

@Suite("Line index: a narrowing search of other lines")
struct LineIndexForeignNarrowingTests {
  @Test(.offThePool) func aSearchOfOtherLinesIsIgnored() throws {
    let options = SearchOptions(mode: .fuzzy, maximumCount: nil)
    let few = try LineIndex(LineFilter(utf8: Array("santos\nparis".utf8)))
    let many = try LineIndex(LineFilter(utf8: Array("santos\nparis\nsandá\nsan josé".utf8)))
    let elsewhere = try few.rankedLines(for: "sa", options: options, after: nil).search
    let narrowed = try many.rankedLines(for: "san", options: options, after: elsewhere)
    #expect(narrowed.lines.map(\.line).sorted() == [0, 2, 3])
    #expect(narrowed.total == 3)
    // A copy of an index shares its lines: its searches narrow.
    let copy = many
    let first = try many.rankedLines(for: "sa", options: options, after: nil).search
    #expect(try copy.rankedLines(for: "san", options: options, after: first).total == 3)
  }
}
