import AutocompleteTerminal
import Foundation

/// `pick --preview`: the pane beside (or above, below) the list that shows a command's output for
/// the highlighted row.
///
/// After each event the picker tells the pane what the placeholders stand for (``update(_:)``);
/// when that changes the command (another row, or the query for `{q}`), the running command is
/// killed and the new one started (``PreviewProcess``) — nothing waits for it: its output arrives
/// on a thread of its own, is parsed there (``PreviewText``) and a wake-up redraws. Until the new
/// command prints something the old output stays, dimmed. ``stop()`` (when the picker ends) kills
/// the running command.
final class PreviewPane: @unchecked Sendable {
  /// The command.
  let template: PreviewTemplate
  /// Where and how the pane shows; `isHidden` changes with `toggle-preview`.
  private(set) var window: PreviewWindow
  /// Posted when output arrives, so that the loop redraws.
  var wakeSignal: WakeSignal?

  private let lock = NSLock()
  /// The command shown or running, as expanded.
  private var command: String?
  /// The running command.
  private var process: PreviewProcess?
  /// Which run the output belongs to.
  private var generation = 0
  /// The output shown.
  private var text = PreviewText([UInt8]())
  /// Whether ``text`` is an earlier command's (the current one has printed nothing yet).
  private var isStale = false
  /// Whether output was cut at ``PreviewProcess/maximumByteCount``.
  private var isCut = false
  /// The first line shown.
  private var scrollOffset: Int
  /// The size the pane was last drawn at, for `FZF_PREVIEW_LINES` and `FZF_PREVIEW_COLUMNS`.
  private var lastSize = (rows: 24, columns: 40)
  /// The subject of the last update, to run it again when the pane is shown.
  private var lastSubject: PreviewTemplate.Subject?
  /// What the last subject was made of (``changes(to:)``).
  private var lastKey: [String]?

  /// A pane running `template`, shown as `window` says.
  init(template: PreviewTemplate, window: PreviewWindow) {
    self.template = template
    self.window = window
    scrollOffset = max(0, window.scrollOffset - 1)
  }

  /// Whether the pane is shown.
  var isVisible: Bool { lock.withLock { !window.isHidden } }

  /// The lines shown now and whether they are an earlier command's (for tests).
  var shownLines: (lines: [String], isStale: Bool) {
    lock.withLock { (text.plainLines, isStale) }
  }

  /// Whether `key` (what a subject is made of: the row's id, the query, the marked rows' ids)
  /// differs from the last one given; records it. Making the subject costs a copy of the row's
  /// line, which an event that changes none of these (a tick) need not pay.
  func changes(to key: [String]) -> Bool {
    lock.withLock {
      defer { lastKey = key }
      return key != lastKey
    }
  }

  /// Runs the command for `subject` unless it is the one already shown or running; with no row
  /// for a command that needs one, clears the pane.
  func update(_ subject: PreviewTemplate.Subject) {
    let expanded = template.expanded(for: subject)
    let (toCancel, shouldStart, size) = lock.withLock {
      () -> (PreviewProcess?, Bool, (rows: Int, columns: Int)) in
      lastSubject = subject
      guard !window.isHidden, expanded != command else { return (nil, false, lastSize) }
      command = expanded
      generation += 1
      let old = process
      process = nil
      scrollOffset = max(0, window.scrollOffset - 1)
      isCut = false
      if expanded == nil {
        text = PreviewText([UInt8]())
        isStale = false
      } else {
        isStale = true
      }
      return (old, expanded != nil, lastSize)
    }
    toCancel?.cancel()
    guard shouldStart, let expanded else { return }
    let run = lock.withLock { generation }
    let environment = [
      "FZF_PREVIEW_LINES": String(size.rows), "FZF_PREVIEW_COLUMNS": String(size.columns),
    ]
    let started = PreviewProcess(command: expanded, shell: template.shell.path, environment: environment) {
      [weak self] output, finished in
      self?.receive(output, isFinished: finished, run: run)
    }
    let isCurrent = lock.withLock {
      guard generation == run else { return false }
      if started.pid > 0 { process = started }
      return true
    }
    if !isCurrent { started.cancel() }
  }

  /// Stores the output of run `run` when it is still the current one, and asks for a frame.
  private func receive(_ output: [UInt8], isFinished: Bool, run: Int) {
    let parsed = PreviewText(output)
    let isCurrent = lock.withLock {
      guard generation == run else { return false }
      text = parsed
      isStale = false
      isCut = isFinished && output.count >= PreviewProcess.maximumByteCount
      if isFinished { process = nil }
      return true
    }
    if isCurrent { wakeSignal?.post() }
  }

  /// Shows or hides the pane (fzf's `toggle-preview`); shown, it runs the command for the last
  /// subject.
  func toggle() {
    let subject = lock.withLock { () -> PreviewTemplate.Subject? in
      window.isHidden.toggle()
      if window.isHidden {
        process?.cancel()
        process = nil
        command = nil
      }
      return window.isHidden ? nil : lastSubject
    }
    if let subject { update(subject) }
  }

  /// Scrolls the output by `lines` (negative: up).
  func scroll(by lines: Int) {
    let lines = min(max(lines, -(1 << 40)), 1 << 40)
    lock.withLock { scrollOffset = min(max(0, scrollOffset + lines), 1 << 40) }
  }

  /// The height of the pane as last drawn.
  var pageHeight: Int { lock.withLock { max(1, lastSize.rows - 1) } }

  /// Kills the running command.
  func stop() {
    let running = lock.withLock {
      defer {
        process = nil
        generation += 1
      }
      return process
    }
    running?.cancel()
  }

  /// Draws the output into `rows` × `columns` of `buffer` (the pane's inside, without the
  /// separator): from the scroll offset, cut or wrapped at the pane's width, dimmed while stale;
  /// a last line "… cut at 1 MiB" when the output was cut, and "n/m" at the top right when it
  /// does not fit.
  func draw(into buffer: inout ScreenBuffer, rows: Range<Int>, columns: Range<Int>) {
    let (text, isStale, isCut, requested) = lock.withLock {
      lastSize = (rows.count, columns.count)
      return (self.text, self.isStale, self.isCut, scrollOffset)
    }
    guard !rows.isEmpty, !columns.isEmpty else { return }
    var screenLines: [[PreviewText.Run]] = []
    for line in text.lines {
      screenLines += window.wraps ? Self.wrapped(line, width: columns.count) : [line]
    }
    if isCut {
      screenLines.append([PreviewText.Run(text: "… output cut at 1 MiB", style: CellStyle(dim: true))])
    }
    let offset = min(requested, max(0, screenLines.count - rows.count))
    if offset != requested { lock.withLock { if scrollOffset == requested { scrollOffset = offset } } }
    for (row, line) in zip(rows, screenLines.dropFirst(offset)) {
      var column = columns.lowerBound
      for run in line {
        var style = run.style
        if isStale { style.dim = true }
        column = buffer.write(run.text, row: row, column: column, style: style, limit: columns.upperBound)
      }
    }
    if screenLines.count > rows.count {
      let position = " \(offset + 1)/\(screenLines.count) "
      let start = max(columns.lowerBound, columns.upperBound - position.count)
      buffer.write(
        position, row: rows.lowerBound, column: start, style: CellStyle(reverse: true),
        limit: columns.upperBound)
    }
  }

  /// `line` cut into lines of at most `width` columns.
  static func wrapped(_ line: [PreviewText.Run], width: Int) -> [[PreviewText.Run]] {
    guard width > 0 else { return [line] }
    var result: [[PreviewText.Run]] = [[]]
    var column = 0
    for run in line {
      var piece = ""
      for character in run.text {
        let characterWidth = max(0, DisplayWidth.of(character))
        if column + characterWidth > width && column > 0 {
          if !piece.isEmpty {
            result[result.count - 1].append(PreviewText.Run(text: piece, style: run.style))
          }
          result.append([])
          (piece, column) = ("", 0)
        }
        piece.append(character)
        column += characterWidth
      }
      if !piece.isEmpty { result[result.count - 1].append(PreviewText.Run(text: piece, style: run.style)) }
    }
    return result
  }
}
