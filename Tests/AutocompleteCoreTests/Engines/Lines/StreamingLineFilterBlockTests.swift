import AutocompleteCore
import TestSupport
import Testing

/// Text searched one block at a time, keeping only each block's matches
/// (``StreamingLineFilter/matches(inBlock:)``, ``StreamingLineFilter/forEachLine(in:limit:_:)``), as
/// `autocomplete filter` reads (issue 22): the same lines in the same order as the whole text
/// searched at once, wherever the blocks are cut.
@Suite("Streaming line filter: block by block")
struct StreamingLineFilterBlockTests {
  /// `text` cut into blocks of whole lines of about `size` bytes (of random sizes up to it with
  /// `random`), searched one by one.
  static func blocks(
    of text: [UInt8], size: Int, filter: StreamingLineFilter, random: inout SplitMix64?
  ) throws(LineFilter.InputError) -> [StreamingLineFilter.BlockMatches] {
    var blocks: [StreamingLineFilter.BlockMatches] = []
    var start = 0
    while start < text.count {
      let length = random == nil ? size : Int.random(in: 1...size, using: &random!)
      var end = min(text.count, start + length)
      while end < text.count && text[end - 1] != 0x0A { end += 1 }
      let block = try text.withUnsafeBufferPointer { (buffer) throws(LineFilter.InputError) in
        try filter.matches(inBlock: UnsafeBufferPointer(rebasing: buffer[start..<end]))
      }
      blocks.append(block)
      start = end
    }
    return blocks
  }

  static func lines(_ blocks: [StreamingLineFilter.BlockMatches], limit: Int? = nil) -> [[UInt8]] {
    var lines: [[UInt8]] = []
    StreamingLineFilter.forEachLine(in: blocks, limit: limit) { lines.append(Array($0)) }
    return lines
  }

  @Test(.offThePool, arguments: [1 as UInt64, 2, 3])
  func agreesWithTheWholeTextInEveryMode(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    let (text, queries) = StreamingLineFilterTests.randomText(&rng, lines: 300)
    for mode in MatchMode.allCases {
      for sensitive in [false, true] {
        for typos in [0, 1] where typos == 0 || !sensitive {
          for limit in [nil, 3] {
            for query in queries.prefix(isSanitized ? 3 : 25) {
              var options = SearchOptions(mode: mode, isCaseSensitive: sensitive, maximumCount: limit)
              options.typoTolerance = typos == 0 ? .off : .fixed(typos)
              let filter = StreamingLineFilter(query, options: options)
              let expected = try text.withUnsafeBufferPointer { try filter.matches(in: $0) }.map {
                Array(text[$0])
              }
              for size in [1, 40, 1000] {
                var random: SplitMix64? = size == 40 ? SplitMix64(seed: seed &+ 7) : nil
                let blocks = try Self.blocks(of: text, size: size, filter: filter, random: &random)
                #expect(
                  Self.lines(blocks, limit: limit) == expected,
                  "\(mode) \(query) sensitive \(sensitive) typos \(typos) limit \(String(describing: limit)) size \(size)"
                )
                #expect(
                  blocks.reduce(0) { $0 + $1.lineCount }
                    == text.withUnsafeBufferPointer { StreamingLineFilter.lineCount(of: $0) })
              }
            }
          }
        }
      }
    }
  }

  @Test(.offThePool) func aLimitKeepsTheBestAcrossBlocksAndEarlierBlocksWinTies() throws {
    // "ab" five times, in three blocks: all tie, so the text's order decides.
    let text = Array("xab\nab\nzz\nab\nab\nyab\nab\nab\n".utf8)
    let filter = StreamingLineFilter("ab", options: SearchOptions(mode: .contains, maximumCount: nil))
    var none: SplitMix64? = nil
    let blocks = try Self.blocks(of: text, size: 8, filter: filter, random: &none)
    #expect(blocks.count > 2)
    #expect(Self.lines(blocks, limit: 2) == [Array("ab".utf8), Array("ab".utf8)])
    #expect(
      Self.lines(blocks).map { String(decoding: $0, as: UTF8.self) } == [
        "ab", "ab", "ab", "ab", "ab", "xab", "yab",
      ])
  }

  @Test(.offThePool) func fuzzyScoresAndLongLinesAreKeptInFull() throws {
    // A fuzzy score, and a line past 64 MiB would not fit the 4-byte form: both rank as they should.
    let text = Array("a_x_b\nab\naxb\na____b\n".utf8)
    let filter = StreamingLineFilter("ab", options: SearchOptions(mode: .fuzzy, maximumCount: nil))
    let expected = try text.withUnsafeBufferPointer { try filter.matches(in: $0) }.map { Array(text[$0]) }
    var none: SplitMix64? = nil
    #expect(Self.lines(try Self.blocks(of: text, size: 1, filter: filter, random: &none)) == expected)
    #expect(expected.first == Array("ab".utf8) && expected.count == 4)
  }

  @Test(.offThePool) func aBadLineIsNamedWithinItsBlock() {
    var filter = StreamingLineFilter("a")
    let invalid = Array("ab\ncd\nx\n".utf8) + [0x61, 0xFF, 0x0A]
    #expect(throws: LineFilter.InputError.invalidUTF8(line: 4)) {
      try invalid.withUnsafeBufferPointer { try filter.matches(inBlock: $0) }
    }
    // As LineFilter names them: the first bad line, whichever its fault (issue 47: a NUL on a
    // later line was named before invalid UTF-8 on an earlier one).
    let both: [UInt8] = [0x61, 0xFF, 0x0A, 0x62, 0x00, 0x0A]
    #expect(throws: LineFilter.InputError.invalidUTF8(line: 1)) {
      try both.withUnsafeBufferPointer { try filter.matches(inBlock: $0) }
    }
    let nulFirst: [UInt8] = [0x62, 0x00, 0x0A, 0x61, 0xFF, 0x0A]
    #expect(throws: LineFilter.InputError.nulByte(line: 1)) {
      try nulFirst.withUnsafeBufferPointer { try filter.matches(inBlock: $0) }
    }
    filter.repairsInvalidLines = true
    let repaired = try? Array("ab\nc\u{0}d\na\u{0}\n".utf8).withUnsafeBufferPointer {
      try filter.matches(inBlock: $0)
    }
    #expect(repaired?.firstRepairedLine == 2)
    #expect(repaired?.lineCount == 3)
    #expect(repaired.map { Self.lines([$0]) } == [Array("ab".utf8), Array("a\u{0}".utf8)])
  }
}
