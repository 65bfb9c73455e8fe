import TestSupport
import Testing

@testable import AutocompleteCore

/// ``ClusterSpans`` widens folded ranges to whole clusters of the source's bytes with
/// ``ClusterBreaks``; the oracle widens them by walking the source's `Character`s, as
/// ``FoldedText/originalRanges(forFoldedRanges:)`` did before (issue 41).
@Suite("Cluster spans equal the widening by String's characters")
struct ClusterSpansTests {
  /// `ranges` of the bytes of `source` (each byte mapped to the start of its scalar) widened by
  /// walking `source`'s characters.
  static func oracle(_ ranges: [Range<Int>], in source: String) -> [Range<Int>] {
    let bytes = Array(source.utf8)
    var spans: [(start: Int, end: Int)] = []
    for range in ranges where !range.isEmpty && range.lowerBound >= 0 && range.upperBound <= bytes.count {
      var start = range.lowerBound
      while bytes[start] & 0xC0 == 0x80 { start -= 1 }
      var end = range.upperBound
      while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
      spans.append((start, end))
    }
    guard !spans.isEmpty, !source.isEmpty else { return [] }
    spans.sort { $0.start < $1.start }
    var clusters: [Range<Int>] = []
    var offset = 0
    for character in source {
      clusters.append(offset..<(offset + character.utf8.count))
      offset += character.utf8.count
    }
    var result: [Range<Int>] = []
    for span in spans {
      let lower = clusters.first { $0.upperBound > span.start }!.lowerBound
      let upper = clusters.first { $0.upperBound >= span.end }!.upperBound
      if let previous = result.last, previous.upperBound >= lower {
        result[result.count - 1] = previous.lowerBound..<max(previous.upperBound, upper)
      } else {
        result.append(lower..<upper)
      }
    }
    return result
  }

  @Test("random texts and ranges", .offThePool)
  func randomAgainstCharacters() {
    var random = SplitMix64(seed: 4141)
    for _ in 0..<3000 {
      let source = MatchedByteRangesTests.line(&random)
      let bytes = Array(source.utf8)
      // Each byte maps to the start of its scalar (the fold of a text to itself).
      var offsets: [Int32] = []
      var scalarStart = 0
      for (index, byte) in bytes.enumerated() {
        if byte & 0xC0 != 0x80 { scalarStart = index }
        offsets.append(Int32(scalarStart))
      }
      let ranges: [Range<Int>] = (0..<Int.random(in: 0...3, using: &random)).map { _ in
        let lower = Int.random(in: -1...bytes.count, using: &random)
        let upper = Int.random(in: lower...(bytes.count + 1), using: &random)
        return lower..<upper
      }
      let widened = bytes.withUnsafeBufferPointer { source in
        offsets.withUnsafeBufferPointer { ClusterSpans.sourceRanges(of: ranges, offsets: $0, in: source) }
      }
      #expect(widened == Self.oracle(ranges, in: source), "\(ranges) in \(source.debugDescription)")
    }
  }
}
