/// Picker rows ↔ field text, for a text field whose input view is a picker (AirCollection's
/// `TextFieldPickerViewConfiguration`).
///
/// The field shows the selected row's title, the titles of several components joined by a
/// separator; when editing begins, the rows the text names are selected again.
public enum PickerRowText {
  /// The text for the selected `rows` (one per component): their titles joined by `separator`,
  /// skipping components without a title.
  public static func text(
    forSelectedRows rows: [Int], separator: String = " ", title: (_ row: Int, _ component: Int) -> String?
  ) -> String {
    rows.enumerated().compactMap { component, row in
      title(row, component).flatMap { $0.isEmpty ? nil : $0 }
    }.joined(separator: separator)
  }

  /// The rows whose titles make up `text` (one per component, the longest title first), or `nil`
  /// when the text is not such a selection (typed by hand, or the data changed).
  public static func rows(
    for text: String, rowCounts: [Int], separator: String = " ",
    title: (_ row: Int, _ component: Int) -> String?
  ) -> [Int]? {
    var remaining = Substring(text)
    var rows: [Int] = []
    for (component, count) in rowCounts.enumerated() {
      if component > 0 {
        guard remaining.hasPrefix(separator) else { return nil }
        remaining = remaining.dropFirst(separator.count)
      }
      var best: (row: Int, length: Int)?
      for row in 0..<max(0, count) {
        guard let candidate = title(row, component), !candidate.isEmpty, remaining.hasPrefix(candidate) else {
          continue
        }
        let rest = remaining.dropFirst(candidate.count)
        let endsHere = rest.isEmpty || (component < rowCounts.count - 1 && rest.hasPrefix(separator))
        if endsHere, candidate.count > (best?.length ?? 0) { best = (row, candidate.count) }
      }
      guard let best else { return nil }
      rows.append(best.row)
      remaining = remaining.dropFirst(best.length)
    }
    return remaining.isEmpty ? rows : nil
  }

  /// `rows` made valid for components with `rowCounts` rows: one row per component, each inside
  /// its component (a data source's "selected row" may be stale or out of range).
  public static func clamped(_ rows: [Int], rowCounts: [Int]) -> [Int] {
    rowCounts.enumerated().map { component, count in
      let row = component < rows.count ? rows[component] : 0
      return count > 0 ? min(max(0, row), count - 1) : 0
    }
  }
}
