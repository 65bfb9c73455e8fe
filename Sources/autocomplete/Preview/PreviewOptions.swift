import ArgumentParser

/// `pick`'s fzf preview options: `--preview CMD` and `--preview-window SPEC`.
struct PreviewOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Run CMD for the highlighted row and show its output beside the list, as fzf: {} is the row's "
        + "line and {q} the query (both quoted for the shell), {n} its number from 0, {+} the marked "
        + "rows, {1}, {-1}, {2..} its fields (see --delimiter). It runs in the background (killed when the row changes and when pick ends); colours "
        + "are kept, other escape sequences dropped.", valueName: "cmd"))
  var preview: String?

  @Option(
    help: ArgumentHelp(
      "Where the preview goes, as fzf: right (the default), left, up or down, a size (N or N%, 50% "
        + "by default), hidden, wrap, +N (start at line N), separated by ',' or ':'.",
      valueName: "spec"))
  var previewWindow: String?

  func validate() throws {
    if let previewWindow, case .failure(let error) = PreviewWindow.parse(previewWindow) {
      throw ValidationError(error.description)
    }
  }

  /// The preview pane over `data`'s rows, or `nil` without `--preview`; `delimiter` splits lines for
  /// `{1}`-style placeholders.
  func pickPreview(_ data: PickerData, delimiter: FieldDelimiter = .awk) -> PickPreview? {
    guard let preview else { return nil }
    let window = previewWindow.flatMap { try? PreviewWindow.parse($0).get() } ?? PreviewWindow()
    return PickPreview(
      pane: PreviewPane(
        template: PreviewTemplate(command: preview, delimiter: delimiter, shell: .current), window: window),
      subjectOf: { row in (String(decoding: data.output(of: row), as: UTF8.self), Int(row.id)) })
  }
}
