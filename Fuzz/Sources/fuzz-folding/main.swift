import FuzzSupport

// Folding and the highlight mapping on arbitrary UTF-8: the folded bytes are valid UTF-8 without
// 0xFF and map back in order to the original; every highlight is in bounds, on cluster boundaries,
// sorted and apart; the grapheme boundaries decided locally are String's. The text is repeated to
// some kilobytes, so that a scan that is not linear runs into libFuzzer's -timeout.
@testable import AutocompleteCore

/// libFuzzer's entry: one test case from `count` bytes at `data`; 0 when it holds.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFolding(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  var input = FuzzInput(UnsafeBufferPointer(start: data, count: count))
  let mode = input.pick(MatchMode.allCases)
  let isCaseSensitive = input.flag()
  let repeats = input.number(below: 64) + 1
  let queryLength = input.number(below: 6) + 1
  let query =
    input.flag()
    ? input.text(from: hostileAlphabet, count: queryLength)
    : String(decoding: input.take(queryLength * 2), as: UTF8.self)
  let piece =
    input.flag()
    ? input.text(from: hostileAlphabet, count: input.number(below: 24))
    : String(decoding: input.rest(), as: UTF8.self)
  let text = String(repeating: piece, count: repeats)

  let folder = TextFolder(isCaseSensitive: isCaseSensitive)
  let folded = folder.foldedWithMap(text)
  expect(!folded.utf8.contains(0xFF), "a folded 0xFF")
  expect(
    String(decoding: folded.utf8, as: UTF8.self).utf8.elementsEqual(folded.utf8), "folded bytes are not UTF-8"
  )
  expect(folded.sourceOffsets.count == folded.utf8.count, "one source offset per folded byte")
  expect(
    zip(folded.sourceOffsets, folded.sourceOffsets.dropFirst()).allSatisfy { $0 <= $1 }, "offsets go back")
  expect(
    folded.sourceOffsets.allSatisfy { $0 >= 0 && Int($0) < max(1, text.utf8.count) }, "offset out of the text"
  )
  var plain: [UInt8] = []
  folder.appendFolded(text, to: &plain)
  expect(plain == folded.utf8, "the fold without a map differs")

  // Highlights: the mapping of arbitrary folded ranges, and of a real match.
  let count = folded.utf8.count
  let ranges = (0..<3).map { _ -> Range<Int> in
    let a = input.number(below: count + 2) - 1
    let b = input.number(below: count + 2) - 1
    return min(a, b)..<max(a, b)
  }
  checkHighlights(folded.originalRanges(forFoldedRanges: ranges), in: text)
  let prepared = SearchQuery(query, options: SearchOptions(mode: mode, isCaseSensitive: isCaseSensitive))
  if let match = prepared.match(text) { checkHighlights(match.ranges, in: text) }

  // Local grapheme boundaries against String's, on the folded text.
  let oracle = boundaries(of: String(decoding: folded.utf8, as: UTF8.self))
  folded.utf8.withUnsafeBufferPointer { buffer in
    var cursor = GraphemeBoundary.Cursor(buffer)
    for position in 0...buffer.count {
      let expected = oracle.contains(position)
      expect(cursor.isBoundary(at: position) == expected, "boundary at \(position) of \(Array(buffer))")
      expect(GraphemeBoundary.isBoundary(buffer, at: position) == expected, "alone at \(position)")
    }
  }
  return 0
}

/// Ranges of `text` in bounds, on Character boundaries, sorted and apart.
func checkHighlights(_ ranges: [Range<String.Index>], in text: String) {
  var previous = text.startIndex
  for (number, range) in ranges.enumerated() {
    expect(range.lowerBound >= text.startIndex && range.upperBound <= text.endIndex, "a range out of bounds")
    expect(range.lowerBound.samePosition(in: text) != nil, "a range starts inside a cluster")
    expect(
      range.upperBound.samePosition(in: text) != nil || range.upperBound == text.endIndex,
      "ends inside a cluster")
    expect(number == 0 || range.lowerBound > previous, "ranges overlap, touch or go back")
    previous = range.upperBound
  }
}

/// The UTF-8 offsets of `text`'s cluster boundaries, ends included.
func boundaries(of text: String) -> Set<Int> {
  var offsets: Set<Int> = [0]
  var offset = 0
  for character in text {
    offset += character.utf8.count
    offsets.insert(offset)
  }
  return offsets
}

runFuzzer(fuzzFolding)
