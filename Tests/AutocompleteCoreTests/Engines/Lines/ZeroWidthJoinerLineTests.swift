import AutocompleteCore
import TestSupport
import Testing

/// A zero-width joiner after a space makes one Character of the two; the line engines must still
/// agree with the matcher on one line (a fuzzing find: a case-sensitive fuzzy "ZWJ a" missed the
/// line " ZWJ a" among others).
@Suite("Line filters: a zero-width joiner after a space")
struct ZeroWidthJoinerLineTests {
  let lines = ["\u{FB01}\u{200D}\u{200D}", " \u{200D}a", "", ""]
  let query = "\u{200D}a"

  @Test(.offThePool, arguments: [false, true], MatchMode.allCases)
  func everyEngineAgreesWithTheMatcher(isCaseSensitive: Bool, mode: MatchMode) throws {
    let options = SearchOptions(mode: mode, isCaseSensitive: isCaseSensitive, maximumCount: nil)
    let prepared = SearchQuery(query, options: options)
    let expected = lines.indices.filter { prepared.match(lines[$0]) != nil && $0 < 2 }
    let text = Array(lines.joined(separator: "\n").utf8)
    let filter = try LineFilter(utf8: text)
    let filtered = try filter.matches(for: query, options: options).map(\.line)
    #expect(Set(filtered) == Set(expected), "LineFilter, \(mode)")
    for blockSize in [1, 3, 64] {
      var streaming = StreamingLineFilter(query, options: options)
      streaming.blockSize = blockSize
      let streamed = try text.withUnsafeBufferPointer { try streaming.matches(in: $0) }
      let starts = [0] + text.indices.filter { text[$0] == 0x0A }.map { $0 + 1 }
      let streamedLines = streamed.map { range in starts.lastIndex { $0 <= range.lowerBound } ?? -1 }
      #expect(Set(streamedLines) == Set(expected), "streaming, blocks of \(blockSize), \(mode)")
    }
    let single = try LineFilter(utf8: Array(lines[1].utf8)).matches(for: query, options: options)
    #expect(single.map(\.line) == (expected.contains(1) ? [0] : []), "one line, \(mode)")
  }
}
