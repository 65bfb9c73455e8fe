import AutocompleteCore
import AutocompleteTerminal

/// `pick`'s terminal app: a ``SessionPickerController`` on the whole screen, plus fzf's `--multi`
/// (Tab marks the highlighted row and moves down; Enter prints every marked row, or the highlighted
/// row when none is marked).
struct PickApp: TerminalApp, Sendable {
  /// How a run ends.
  enum Outcome: Sendable, Equatable {
    /// The controller finished (a pick, Return with no row, Esc or Ctrl-C).
    case single(SessionPickerOutcome)
    /// Enter with marked rows: the rows, in the order they were marked.
    case marked([Suggestion])
  }

  /// The controller.
  let controller: SessionPickerController
  /// The marked rows.
  let marks: Marks
  /// Whether Tab marks rows.
  let isMulti: Bool
  /// The model of the next frame.
  private var model: PickerViewModel
  /// The first visible row of the last frame.
  private var firstVisibleRow = 0

  /// The rows marked so far, by suggestion id, in marking order.
  @MainActor
  final class Marks {
    /// The marked rows.
    private(set) var rows: [Suggestion] = []

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
    self.model = Self.viewModel(controller, marks: marks, firstVisibleRow: 0)
  }

  mutating func handle(_ event: TerminalEvent) async -> TerminalAppStep<Outcome> {
    let (controller, marks, isMulti, first) = (controller, marks, isMulti, firstVisibleRow)
    let (step, model) = await MainActor.run { () -> (TerminalAppStep<Outcome>, PickerViewModel) in
      var step = TerminalAppStep<Outcome>.proceed
      if isMulti, case .key(.tab) = event {
        if let row = controller.state.highlightedSuggestion {
          marks.toggle(row)
          _ = controller.handle(.key(.down))
        }
      } else if isMulti, case .key(.enter) = event, !marks.rows.isEmpty {
        step = .finish(.marked(marks.rows))
      } else if case .finish(let outcome) = controller.handle(event) {
        step = .finish(.single(outcome))
      }
      return (step, Self.viewModel(controller, marks: marks, firstVisibleRow: first))
    }
    self.model = model
    return step
  }

  mutating func draw(into buffer: inout ScreenBuffer) {
    let frame = PickerView(model: model).render(into: &buffer)
    firstVisibleRow = frame.firstVisibleRow
    let controller = self.controller
    Task { @MainActor in controller.frameDrawn(frame) }
  }

  /// The controller's view model with the marked rows flagged.
  @MainActor
  private static func viewModel(
    _ controller: SessionPickerController, marks: Marks, firstVisibleRow: Int
  ) -> PickerViewModel {
    var model = controller.viewModel(firstVisibleRow: firstVisibleRow)
    guard !marks.rows.isEmpty, model.rows.count == controller.state.suggestions.count else { return model }
    for (index, row) in controller.state.suggestions.enumerated() where marks.contains(row.id) {
      model.rows[index].isMarked = true
    }
    return model
  }

  /// Runs the app on the terminal until it finishes; `nil` when the input ended.
  static func run(
    _ controller: SessionPickerController, isMulti: Bool, loop: TerminalEventLoop
  ) async throws -> Outcome? {
    let wake = WakeSignal()
    var app = await MainActor.run {
      controller.wakeSignal = wake
      return PickApp(controller: controller, isMulti: isMulti)
    }
    defer { Task { @MainActor in controller.wakeSignal = nil } }
    return try await loop.run(&app) { wake.attach($0) }
  }
}
