// Reading lines from arbitrary bytes in arbitrary pieces: the chunked check (what `filter` runs as
// input arrives) finds what checking the whole text finds, and the streaming filter, in blocks of
// any size, answers what the whole-text filter answers — the same lines in the same order, or the
// same error; and searched one block at a time with only the blocks' matches kept (what `filter`
// does as it reads), the same lines again.
import AutocompleteCore
import FuzzSupport

/// libFuzzer's entry: one test case from `count` bytes at `data`; 0 when it holds.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLineReader(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  var input = FuzzInput(UnsafeBufferPointer(start: data, count: count))
  let pieceSizes = (0..<3).map { _ in input.number(below: 40) + 1 }
  let blockSize = input.number(below: 48) + 1
  let mode = input.pick(MatchMode.allCases)
  let query = input.text(
    from: ["a", "b", "é", " ", "\u{301}", "क", "ि", "👍", "🇺"], count: input.number(below: 3))
  let text = Array(input.rest())

  let whole = Result { () throws(LineFilter.InputError) in try LineFilter.validate(utf8: text) }
  var validator = UTF8LineValidator()
  var chunked: Result<Void, LineFilter.InputError> = .success(())
  var end = 0
  var turn = 0
  text.withUnsafeBufferPointer { buffer in
    while case .success = chunked {
      end = min(text.count, end + pieceSizes[turn % pieceSizes.count])
      turn += 1
      let isComplete = end == text.count
      chunked = Result { () throws(LineFilter.InputError) in
        try validator.check(UnsafeBufferPointer(rebasing: buffer[..<end]), isComplete: isComplete)
      }
      if isComplete { break }
    }
  }
  // Checked as it arrives, the text fails when checked whole fails, on a line that really has the
  // problem named (the whole-text check names a NUL byte first, wherever it is; a reader stops at the
  // first bad piece).
  switch (chunked, whole) {
  case (.success, .success):
    expect(validator.checkedCount == text.count, "checked \(validator.checkedCount) of \(text.count)")
  case (.failure(let error), .failure):
    let lines = text.split(separator: 0x0A, omittingEmptySubsequences: false)
    switch error {
    case .nulByte(let line):
      expect(line >= 1 && line <= lines.count && lines[line - 1].contains(0), "no NUL on line \(line)")
    case .invalidUTF8(let line):
      expect(
        line >= 1 && line <= lines.count
          && !String(decoding: lines[line - 1], as: UTF8.self).utf8.elementsEqual(lines[line - 1]),
        "no invalid UTF-8 on line \(line)")
    default: expect(false, "\(error)")
    }
  default:
    expect(false, "in pieces \(pieceSizes): \(describe(chunked)), whole: \(describe(whole))")
  }

  let options = SearchOptions(mode: mode, maximumCount: nil)
  let filtered = Result { () throws -> [Range<Int>] in
    let filter = try LineFilter(utf8: text)
    return try filter.matches(for: query, options: options).map { filter.byteRange(of: $0.line) }
  }
  var streaming = StreamingLineFilter(query, options: options)
  streaming.blockSize = blockSize
  let streamed = text.withUnsafeBufferPointer { buffer in
    Result { () throws -> [Range<Int>] in try Array(streaming.matches(in: buffer)) }
  }
  expect(
    describe(streamed) == describe(filtered),
    "blocks of \(blockSize), \(mode) \(query.unicodeScalars.map(\.value)): \(describe(streamed)) vs \(describe(filtered))"
  )

  // Searched as `filter` reads: blocks of whole lines one at a time, only their matches kept, then
  // merged. The same lines in the same order; or, where the text has a bad line, an error naming a
  // line that has the problem.
  var blocks: [StreamingLineFilter.BlockMatches] = []
  var blockFailure: LineFilter.InputError?
  var linesBefore = 0
  text.withUnsafeBufferPointer { buffer in
    var start = 0
    while start < text.count && blockFailure == nil {
      var end = min(text.count, start + blockSize)
      while end < text.count && text[end - 1] != 0x0A { end += 1 }
      do throws(LineFilter.InputError) {
        let block = try streaming.matches(inBlock: UnsafeBufferPointer(rebasing: buffer[start..<end]))
        blocks.append(block)
        linesBefore += block.lineCount
        expect(
          block.lineCount
            == StreamingLineFilter.lineCount(of: UnsafeBufferPointer(rebasing: buffer[start..<end])),
          "line count of a block")
      } catch {
        blockFailure = error
      }
      start = end
    }
  }
  switch (blockFailure, filtered) {
  case (nil, .success(let ranges)):
    var lines: [[UInt8]] = []
    StreamingLineFilter.forEachLine(in: blocks) { lines.append(Array($0)) }
    expect(
      lines == ranges.map { Array(text[$0]) },
      "kept blocks of \(blockSize), \(mode) \(query.unicodeScalars.map(\.value)): \(lines) vs \(ranges)")
  case (.some(let error), .failure):
    let lines = text.split(separator: 0x0A, omittingEmptySubsequences: false)
    switch error {
    case .nulByte(let line):
      let number = line + linesBefore
      expect(number <= lines.count && lines[number - 1].contains(0), "kept blocks: no NUL on line \(number)")
    case .invalidUTF8(let line):
      let number = line + linesBefore
      expect(
        number <= lines.count
          && !String(decoding: lines[number - 1], as: UTF8.self).utf8.elementsEqual(lines[number - 1]),
        "kept blocks: no invalid UTF-8 on line \(number)")
    default: break  // folding past 32-bit offsets: not reachable with a fuzzer's inputs
    }
  default:
    expect(false, "kept blocks of \(blockSize): \(String(describing: blockFailure)) vs \(describe(filtered))")
  }
  return 0
}

func describe<T, E: Error>(_ result: Result<T, E>) -> String {
  switch result {
  case .success(let value): "\(value)"
  case .failure(let error): "error: \(error)"
  }
}

runFuzzer(fuzzLineReader)
