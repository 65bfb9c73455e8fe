/// fzf's `--with-nth` and `--nth` over a line: what is shown (``displayText(of:)``: the
/// `--with-nth` fields, blanks at the end trimmed) and what is searched (``searchText(of:)``: the
/// `--nth` fields of what is shown, the delimiter after the last one left out). The line itself is
/// still what a pick prints and what `{}` stands for.
///
/// Several `--nth` ranges are searched as one text, the ranges separated by a space (so that a
/// match at a range's start ranks as at the start of a word, as fzf ranks it at the start of its
/// token). Two differences from fzf, which matches each range on its own: a fuzzy query may match
/// across two ranges, and `^` anchors at the first range only.
struct LineFields: Sendable {
  /// How lines split.
  var delimiter: FieldDelimiter = .awk
  /// `--with-nth`, or `nil` for the whole line.
  var shown: [FieldRange]?
  /// `--nth`, or `nil` for everything shown.
  var searched: [FieldRange]?

  /// The text of `ranges` of `fields`, one after another.
  private func text(of ranges: [FieldRange], in fields: [Substring]) -> String {
    var text = ""
    for range in ranges {
      for index in range.indices(among: fields.count) { text += fields[index] }
    }
    return text
  }

  /// What a row shows for `line`.
  func displayText(of line: String) -> String {
    guard let shown else { return line }
    var text = Substring(self.text(of: shown, in: delimiter.fields(of: line[...])))
    while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
    return String(text)
  }

  /// What the query is matched against for `line`.
  func searchText(of line: String) -> String {
    let shown = displayText(of: line)
    guard let searched else { return shown }
    let fields = delimiter.fields(of: shown[...])
    let pieces = searched.map { text(of: [$0], in: fields) }.filter { !$0.isEmpty }
    guard let last = pieces.last else { return "" }
    return (pieces.dropLast() + [String(delimiter.strippingLast(last[...]))]).joined(separator: " ")
  }
}
