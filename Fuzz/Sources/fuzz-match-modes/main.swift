// Every match mode against a naive oracle that works on Characters of the folded texts; and the
// three engines (SearchQuery, LineFilter, StreamingLineFilter in blocks of any size) against each
// other: the same lines match, in the same order.
import AutocompleteCore
import FuzzSupport

/// libFuzzer's entry: one test case from `count` bytes at `data`; 0 when it holds.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMatchModes(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  var input = FuzzInput(UnsafeBufferPointer(start: data, count: count))
  let mode = input.pick(MatchMode.allCases)
  let isCaseSensitive = input.number(below: 4) == 0
  let blockSize = input.number(below: 64) + 1
  let query = input.text(from: hostileAlphabet, count: input.number(below: 4) + 1)
  let lineCount = input.number(below: 8) + 1
  let lines = (0..<lineCount).map { _ in  // no line feed inside a line (not even in a "\r\n" cluster)
    let text = input.text(from: hostileAlphabet, count: input.number(below: 12))
    var scalars = text.unicodeScalars.map { $0 == "\n" ? " " : $0 }
    // A carriage return before the line feed is the line ending ("\r\n"), not part of the line.
    while scalars.last == "\r" { scalars.removeLast() }
    return String(String.UnicodeScalarView(scalars))
  }
  let options = SearchOptions(mode: mode, isCaseSensitive: isCaseSensitive, maximumCount: nil)
  let prepared = SearchQuery(query, options: options)
  let folder = TextFolder(isCaseSensitive: isCaseSensitive)

  var direct: [Int] = []
  for (number, line) in lines.enumerated() {
    let matched = prepared.match(line) != nil
    let expected = Oracle(query: query, mode: mode, folder: folder).matches(line)
    expect(
      matched == expected,
      "\(mode) \(isCaseSensitive ? "sensitive" : "") query \(query.unicodeScalars.map(\.value)) line "
        + "\(line.unicodeScalars.map(\.value)): engine \(matched), oracle \(expected)")
    if matched { direct.append(number) }
  }

  let text = Array(lines.joined(separator: "\n").utf8)
  guard !text.contains(0) else { return 0 }  // a NUL byte is refused by the line engines
  do {
    let filter = try LineFilter(utf8: text)
    let filtered = try filter.matches(for: query, options: options)
    // A final line break does not start another line: an empty last line is no line.
    let direct = direct.filter { $0 < filter.count }
    expect(
      Set(filtered.map(\.line)) == Set(direct),
      "\(mode) \(isCaseSensitive) query \(query.unicodeScalars.map(\.value)) lines \(lines.map { $0.unicodeScalars.map(\.value) }): "
        + "LineFilter \(filtered.map(\.line)) vs \(direct)")
    var streaming = StreamingLineFilter(query, options: options)
    streaming.blockSize = blockSize
    let streamed = try text.withUnsafeBufferPointer { try streaming.matches(in: $0) }
    let starts = lineStarts(text)
    let streamedLines = streamed.map { range in starts.lastIndex { $0 <= range.lowerBound } ?? -1 }
    expect(
      streamedLines == filtered.map(\.line),
      "blocks of \(blockSize): \(streamedLines) vs LineFilter \(filtered.map(\.line))")
  } catch {
    fatalError("valid text refused: \(error)")
  }
  return 0
}

/// Where each line starts in `text`.
func lineStarts(_ text: [UInt8]) -> [Int] {
  [0] + text.indices.filter { text[$0] == 0x0A }.map { $0 + 1 }
}

/// Matching by definition, on the Characters of the folded texts: the whitespace at a line's start
/// left out unless the query starts with whitespace, at its end unless the query ends with it
/// (queries are never trimmed).
struct Oracle {
  let query: String
  let mode: MatchMode
  let folder: TextFolder

  /// The bytes matching ignores at a key's ends: space, tab, line feed, vertical tab, form feed,
  /// carriage return.
  static func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }

  /// `bytes` without whitespace at the start and/or the end, cut into Characters, each kept as its
  /// bytes (matching compares bytes, not canonical equivalence).
  static func characters(_ bytes: [UInt8], start: Bool, end: Bool) -> [[UInt8]] {
    var slice = bytes[...]
    if start { slice = slice.drop(while: isWhitespace) }
    if end { while let last = slice.last, isWhitespace(last) { slice = slice.dropLast() } }
    return String(decoding: slice, as: UTF8.self).map { Array($0.utf8) }
  }

  func matches(_ line: String) -> Bool {
    let folded = Array(folder.fold(query).utf8)
    let q = Self.characters(folded, start: false, end: false)
    if q.isEmpty { return query.isEmpty }
    let t = Self.characters(
      Array(folder.fold(line).utf8), start: !Self.isWhitespace(folded[0]),
      end: !Self.isWhitespace(folded[folded.count - 1]))
    switch mode {
    case .exact: return t == q
    case .prefix: return t.starts(with: q)
    case .suffix: return t.count >= q.count && Array(t.suffix(q.count)) == q
    case .contains: return occurs(q, in: t, where: { _ in true })
    case .fuzzy:
      if occurs(q, in: t, where: { _ in true }) { return true }
      let qBytes = q.flatMap { $0 }
      if qBytes.allSatisfy({ $0 < 0x80 }) { return isSubsequence(qBytes, of: t.flatMap { $0 }) }
      return isSubsequence(q, of: t)
    case .words:
      if t.starts(with: q) { return true }
      let bytes = q.flatMap { $0 }
      let words = bytes.split { !isWordByte($0) }.map {
        String(decoding: $0, as: UTF8.self).map { Array($0.utf8) }
      }
      if words.isEmpty { return true }
      return words.allSatisfy { word in occurs(word, in: t, where: { isWordStart(t, at: $0) }) }
    }
  }

  /// Whether `q` occurs as a run of `t` at a position `accept` takes.
  func occurs(_ q: [[UInt8]], in t: [[UInt8]], where accept: (Int) -> Bool) -> Bool {
    guard q.count <= t.count else { return false }
    return (0...(t.count - q.count)).contains { start in
      Array(t[start..<(start + q.count)]) == q && accept(start)
    }
  }

  func isSubsequence<T: Equatable>(_ q: [T], of t: [T]) -> Bool {
    var rest = q[...]
    for element in t where element == rest.first { rest = rest.dropFirst() }
    return rest.isEmpty
  }

  /// A word byte: an ASCII letter or digit, or any byte of a multi-byte scalar.
  func isWordByte(_ byte: UInt8) -> Bool {
    byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
  }

  /// A word starts at Character `index`: the first, or a word byte after a byte that is not one.
  func isWordStart(_ t: [[UInt8]], at index: Int) -> Bool {
    guard index > 0, let first = t[index].first, let before = t[index - 1].last else { return true }
    return !isWordByte(before) && isWordByte(first)
  }
}

runFuzzer(fuzzMatchModes)
