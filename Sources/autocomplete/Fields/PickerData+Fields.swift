import AutocompleteCore

extension PickerData {
  /// The text of the row of line `line` (counted over every block): the line's start
  /// (``rowText(of:in:)``), or with `--nth`/`--with-nth` what ``LineFields`` shows of the line as
  /// read (the index holds its search text).
  func rowText(ofLine line: Int, offsets: [Int], blocks: [LineIndex]) -> String {
    let block = LineStream.block(holding: line, offsets: offsets) ?? 0
    if let fields = stream?.fields, let bytes = stream?.bytes(ofLine: line) {
      let text = fields.displayText(of: String(decoding: bytes.prefix(Self.rowByteCount), as: UTF8.self))
      return text.replacingOccurrences(of: "\n", with: Self.lineBreakSymbol)
    }
    return Self.rowText(of: line - offsets[block], in: blocks[block].lines)
  }

  /// `lines`, the matches of every block, in ``order`` (their lengths those of the rows shown, with
  /// `--nth`/`--with-nth`), at most `limit`.
  func reordered(_ lines: [RankedLine], in stream: LineStream, limit: Int) -> [RankedLine] {
    var lines = lines
    if let fields = stream.fields { stream.measureShownLengths(of: &lines, fields: fields) }
    return order.ordered(lines, limit: limit)
  }
}
