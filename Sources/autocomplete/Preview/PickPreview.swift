import AutocompleteCore
import AutocompleteTerminal

/// `pick --preview` in the picker: the pane, and how a row becomes what `{}` and `{n}` stand for
/// (its whole line as read, and its number in the input).
struct PickPreview: Sendable {
  /// The pane.
  let pane: PreviewPane
  /// A row's whole line and its number in the input (from 0), if it has one.
  let subjectOf: @Sendable (Suggestion) -> (line: String, index: Int?)

  /// Tells the pane the highlighted row, the marked rows and the query after an event.
  @MainActor
  func update(_ controller: SessionPickerController, marked: [Suggestion]) {
    let highlighted = controller.state.highlightedSuggestion
    let key = [highlighted?.id ?? "\u{0}", controller.editor.text] + marked.map(\.id)
    guard pane.changes(to: key) else { return }
    let row = highlighted.map(subjectOf)
    pane.update(
      PreviewTemplate.Subject(
        line: row?.line, index: row?.index, query: controller.editor.text,
        marked: marked.map { subjectOf($0).line }))
  }

  /// Draws the list (with `list`, into a buffer of its size) and, when shown, the pane beside it;
  /// returns the list's frame in screen coordinates.
  func draw(into buffer: inout ScreenBuffer, list: (inout ScreenBuffer) -> PickerFrame) -> PickerFrame {
    guard pane.isVisible else { return list(&buffer) }
    let split = PreviewSplit(window: pane.window, columns: buffer.columns, rows: buffer.rows)
    var listBuffer = ScreenBuffer(columns: split.list.columns.count, rows: split.list.rows.count)
    let frame = list(&listBuffer)
    buffer.clear()
    split.place(listBuffer, into: &buffer)
    split.drawSeparator(into: &buffer)
    pane.draw(into: &buffer, rows: split.pane.rows, columns: split.pane.columns)
    return split.placed(frame)
  }
}
