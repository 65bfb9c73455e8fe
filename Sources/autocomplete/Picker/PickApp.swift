import AutocompleteCore
import AutocompleteTerminal

/// `pick`'s terminal app: a ``SessionPickerController`` on the whole screen, plus fzf's `--multi`
/// (Tab marks the highlighted row and moves down; Enter prints every marked row, or the highlighted
/// row when none is marked). Like Enter in the session, a Tab pressed while the answer to the query
/// on screen is pending marks a row of that answer when it arrives, never a stale row.
struct PickApp: TerminalApp, Sendable {
  /// How a run ends.
  enum Outcome: Sendable, Equatable {
    /// The controller finished (a pick, Return with no row, Esc or Ctrl-C).
    case single(SessionPickerOutcome)
    /// Enter with marked rows: the rows, in the order they were marked.
    case marked([Suggestion])
    /// Enter with chips (`--tokens`, see ``PickTokens``): the chips, in order.
    case tokens([Token])
  }

  /// The controller.
  let controller: SessionPickerController
  /// The marked rows.
  let marks: Marks
  /// The highlights of the drawn rows the search left without.
  let drawnHighlights: DrawnHighlights
  /// Whether Tab marks rows.
  let isMulti: Bool
  /// Whether the picker is a token field (`--tokens`, see ``PickTokens``).
  var isTokens = false
  /// The keys of `--tokens` waiting for the answer to the query on screen.
  let waitingKeys: PickTokens.WaitingKeys
  /// The chips of the last event, drawn on the prompt line.
  private var tokenState = TokenState()
  /// Called on the main actor after each event: `pick` grows its rows there (see
  /// ``PickCommand/extendRows(_:data:limit:)``).
  var afterEvent: (@MainActor @Sendable (SessionPickerController) -> Void)?
  /// The highlights of a row's title for the query, for drawn rows the search left without them.
  var highlighter: (@Sendable (_ query: String) -> @Sendable (String) -> [Range<String.Index>])?
  /// Whether the prompt is at the bottom with the best row just above it (`--layout default`, fzf's
  /// default): the rows are drawn bottom-up, and ↑ moves to the next row, as it goes up on screen.
  var isBottomUp = false
  /// The preview pane (`--preview`), told the highlighted row after each event.
  var preview: PickPreview?
  /// fzf's `--bind` and `--expect` (see ``FzfKeys``).
  var keys = FzfKeys()
  /// The model of the next frame.
  private var model: PickerViewModel
  /// The first visible row of the last frame.
  private var firstVisibleRow = 0

  /// The rows marked so far, by suggestion id, in marking order.
  @MainActor
  final class Marks {
    /// The marked rows.
    private(set) var rows: [Suggestion] = []
    /// Tabs pressed while the answer was pending, to mark rows of the answer when it arrives.
    var deferredTabs = 0
    /// Whether Enter was pressed after such a Tab: it finishes once the Tabs are done.
    var deferredEnter = false

    /// Marks `row`, or unmarks it when it is marked.
    func toggle(_ row: Suggestion) {
      if let index = rows.firstIndex(where: { $0.id == row.id }) {
        rows.remove(at: index)
      } else {
        rows.append(row)
      }
    }

    /// Whether a row with this id is marked.
    func contains(_ id: String) -> Bool { rows.contains { $0.id == id } }
  }

  /// Creates the app.
  @MainActor
  init(controller: SessionPickerController, isMulti: Bool) {
    self.controller = controller
    self.isMulti = isMulti
    let marks = Marks()
    self.marks = marks
    self.drawnHighlights = DrawnHighlights()
    self.waitingKeys = PickTokens.WaitingKeys()
    self.model = Self.viewModel(controller, marks: marks, firstVisibleRow: 0)
  }

  /// Handles one event as the picker's keys do (``handle(_:)`` first applies `--bind` and
  /// `--expect`).
  mutating func handleEvent(_ event: TerminalEvent) async -> TerminalAppStep<Outcome> {
    let event = isBottomUp ? Self.flipped(event) : event
    let (controller, marks, isMulti, first) = (controller, marks, isMulti, firstVisibleRow)
    let (afterEvent, highlighter, drawnHighlights) = (afterEvent, highlighter, drawnHighlights)
    let (isTokens, waitingKeys, preview) = (isTokens, waitingKeys, preview)
    let (step, model, tokenState) = await MainActor.run {
      () -> (TerminalAppStep<Outcome>, PickerViewModel, TokenState) in
      var step = TerminalAppStep<Outcome>.proceed
      if isTokens {
        step = PickTokens.step(event, controller: controller, waiting: waitingKeys)
      } else if isMulti, case .key(.tab) = event {
        marks.deferredTabs += 1
      } else if isMulti, case .key(.backTab) = event, marks.deferredTabs == 0,
        !controller.state.phase.isPending
      {
        // fzf's Shift-Tab: mark (or unmark) the highlighted row and move up.
        if let row = controller.state.highlightedSuggestion {
          marks.toggle(row)
          _ = controller.handle(.key(.up))
        }
      } else if isMulti, case .key(.enter) = event, marks.deferredTabs > 0 || !marks.rows.isEmpty {
        marks.deferredEnter = true
      } else if case .finish(let outcome) = controller.handle(event) {
        step = .finish(.single(outcome))
      }
      if isMulti, case .proceed = step, !controller.state.phase.isPending {
        step = Self.runDeferredMarks(marks, controller: controller)
      }
      afterEvent?(controller)
      preview?.update(controller, marked: marks.rows)
      var model = Self.viewModel(controller, marks: marks, firstVisibleRow: first)
      if let highlighter, let query = controller.state.answeredQuery?.text, !query.isEmpty {
        let rows = controller.state.suggestions
        Self.highlightRowsNear(first, pageSize: controller.pageSize, in: &model) { index in
          drawnHighlights.highlights(of: rows[index], for: query, with: highlighter)
        }
      }
      return (step, model, controller.state.tokenState)
    }
    self.model = model
    self.tokenState = tokenState
    return step
  }

  mutating func draw(into buffer: inout ScreenBuffer) {
    var model = model
    if isTokens { model.prompt = PickTokens.prompt(model.prompt, tokens: tokenState, width: buffer.columns) }
    let isBottomUp = isBottomUp
    let render = { (list: inout ScreenBuffer) -> PickerFrame in
      var layout = PickerLayout()
      if isBottomUp {
        layout = PickerLayout(anchorRow: list.rows, placement: .above)
        layout.listsAboveBottomUp = true
      }
      return PickerView(model: model, layout: layout).render(into: &list)
    }
    let frame = preview?.draw(into: &buffer, list: render) ?? render(&buffer)
    firstVisibleRow = frame.firstVisibleRow
    let controller = self.controller
    Task { @MainActor in controller.frameDrawn(frame) }
  }

  /// `event` with ↑ and ↓ (and Page Up and Page Down) swapped, for rows drawn bottom-up.
  static func flipped(_ event: TerminalEvent) -> TerminalEvent {
    switch event {
    case .key(.up): .key(.down)
    case .key(.down): .key(.up)
    case .key(.pageUp): .key(.pageDown)
    case .key(.pageDown): .key(.pageUp)
    default: event
    }
  }

  /// Gives the rows the next frame can show (around the last frame's first row and the highlighted
  /// row, a page either way) their highlights when the search left them without: the cost of a
  /// frame stays what is visible, however many rows there are.
  static func highlightRowsNear(
    _ first: Int, pageSize: Int?, in model: inout PickerViewModel,
    with highlights: (_ row: Int) -> [Range<String.Index>]
  ) {
    let page = max(pageSize ?? 0, 30)
    let anchor = model.highlightedRow ?? first
    let start = max(0, min(first, anchor) - page)
    let end = min(model.rows.count, max(first, anchor) + 2 * page)
    guard start < end else { return }
    for index in start..<end where model.rows[index].highlights.isEmpty && !model.rows[index].isAction {
      model.rows[index].highlights = highlights(index)
    }
  }

  /// The highlights given to drawn rows for the current query, by row id, so that each row is
  /// highlighted once per query rather than on every frame.
  @MainActor
  final class DrawnHighlights {
    private var query = ""
    private var match: (@Sendable (String) -> [Range<String.Index>])?
    private var byID: [String: [Range<String.Index>]] = [:]

    /// The highlights of `row` for `query`, computed the first time with `highlighter` (prepared
    /// once per query).
    func highlights(
      of row: Suggestion, for query: String,
      with highlighter: (String) -> @Sendable (String) -> [Range<String.Index>]
    ) -> [Range<String.Index>] {
      if query != self.query || match == nil { (self.query, match, byID) = (query, highlighter(query), [:]) }
      if let known = byID[row.id] { return known }
      let highlights = match?(row.displayText) ?? []
      byID[row.id] = highlights
      return highlights
    }
  }

  /// Runs the Tabs (and the Enter after them) that waited for an answer, on its rows: each marks the
  /// highlighted row and moves down.
  @MainActor
  static func runDeferredMarks(_ marks: Marks, controller: SessionPickerController) -> TerminalAppStep<
    Outcome
  > {
    while marks.deferredTabs > 0 {
      marks.deferredTabs -= 1
      if let row = controller.state.highlightedSuggestion {
        marks.toggle(row)
        _ = controller.handle(.key(.down))
      }
    }
    guard marks.deferredEnter else { return .proceed }
    marks.deferredEnter = false
    if !marks.rows.isEmpty { return .finish(.marked(marks.rows)) }
    if case .finish(let outcome) = controller.handle(.key(.enter)) { return .finish(.single(outcome)) }
    return .proceed
  }

  /// The controller's view model with the marked rows flagged.
  @MainActor
  private static func viewModel(
    _ controller: SessionPickerController, marks: Marks, firstVisibleRow: Int
  ) -> PickerViewModel {
    var model = controller.viewModel(firstVisibleRow: firstVisibleRow)
    model.markedCount = marks.rows.count
    guard !marks.rows.isEmpty, model.rows.count == controller.state.suggestions.count else { return model }
    for (index, row) in controller.state.suggestions.enumerated() where marks.contains(row.id) {
      model.rows[index].isMarked = true
    }
    return model
  }

  /// Runs the app on the terminal until it finishes; `nil` when the input ended.
  static func run(
    _ controller: SessionPickerController, isMulti: Bool, loop: TerminalEventLoop,
    afterEvent: (@MainActor @Sendable (SessionPickerController) -> Void)? = nil,
    highlighter: (@Sendable (_ query: String) -> @Sendable (String) -> [Range<String.Index>])? = nil,
    isBottomUp: Bool = false, isTokens: Bool = false, preview: PickPreview? = nil, keys: FzfKeys = FzfKeys()
  ) async throws -> Outcome? {
    let wake = WakeSignal()
    var app = await MainActor.run {
      controller.wakeSignal = wake
      return PickApp(controller: controller, isMulti: isMulti)
    }
    app.afterEvent = afterEvent
    app.highlighter = highlighter
    app.isBottomUp = isBottomUp
    app.isTokens = isTokens
    app.preview = preview
    app.keys = keys
    preview?.pane.wakeSignal = wake
    defer {
      preview?.pane.stop()  // the preview command does not outlive the picker
      Task { @MainActor in controller.wakeSignal = nil }
    }
    return try await loop.run(&app) { wake.attach($0) }
  }
}
