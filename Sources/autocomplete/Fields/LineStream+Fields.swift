import AutocompleteCore

extension LineStream {
  /// The index of a block of complete lines for `--nth`/`--with-nth`: each non-empty line is indexed
  /// by its search text (``LineFields/searchText(of:)``, a lone space when it has none: the line is
  /// still listed, and matched by no query but negations), its bytes kept as read for the pick and
  /// for the row's text. Bad UTF-8 and NUL bytes are searched as U+FFFD.
  static func fieldIndex(_ block: [UInt8], separator: UInt8, fields: LineFields) throws(LineFilter.InputError)
    -> IndexedBlock
  {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(block.count)
    var originals: [Int: [UInt8]] = [:]
    let lineCount = forEachNonEmptyLine(in: block, separator: separator) { line, _, kept in
      originals[kept] = line
      var text = fields.searchText(of: String(decoding: line, as: UTF8.self))
      text = text.replacingOccurrences(of: "\u{0}", with: "\u{FFFD}")
      if separator != 0 && separator != 0x0A {
        text = text.replacingOccurrences(of: String(UnicodeScalar(separator)), with: "\u{FFFD}")
      }
      bytes.append(contentsOf: text.isEmpty ? Array(" ".utf8) : Array(text.utf8))
      bytes.append(separator)
    }
    let lines = try LineFilter(utf8: bytes, separator: separator)
    return IndexedBlock(index: try LineIndex(lines), lineCount: lineCount, originals: originals)
  }

  /// Gives each of `lines` the length of what it shows (``LineFields/displayText(of:)``) instead of
  /// its search text's: as fzf, equal matches rank the shorter row first, not the shorter field.
  func measureShownLengths(of lines: inout [RankedLine], fields: LineFields) {
    for index in lines.indices {
      guard let bytes = bytes(ofLine: lines[index].line) else { continue }
      lines[index].length = fields.displayText(of: String(decoding: bytes, as: UTF8.self)).utf8.count
    }
  }
}
