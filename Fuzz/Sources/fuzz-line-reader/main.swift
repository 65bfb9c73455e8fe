// Reading lines from arbitrary bytes in arbitrary pieces: the chunked check (what `filter` runs as
// input arrives) finds what checking the whole text finds, and the streaming filter, in blocks of
// any size, answers what the whole-text filter answers — the same lines in the same order, or the
// same error.
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
  return 0
}

func describe<T, E: Error>(_ result: Result<T, E>) -> String {
  switch result {
  case .success(let value): "\(value)"
  case .failure(let error): "error: \(error)"
  }
}

runFuzzer(fuzzLineReader)
