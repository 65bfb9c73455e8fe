import AutocompleteCore
import AutocompleteTerminal

/// `pick --cycle`: ↑ on the first row goes to the last match, not the last row made so far. Rows
/// are made a page at a time (``PickerData/RowWindow``), so the session wraps to the end of the
/// page; this sees that wrap, makes every match a row, and moves the highlight to the last once the
/// answer with them arrives.
@MainActor
final class CycleToLastMatch {
  /// The highlighted suggestion after the previous event.
  private var previous: Int?
  /// The row count awaited before highlighting the last row.
  private var pending: Int?

  /// Looks at the state after an event; grows `rowWindow` and asks again after a wrap upwards.
  func update(_ controller: SessionPickerController, rowWindow: PickerData.RowWindow, limit: Int?) {
    let state = controller.state
    defer {
      if case .suggestion(let index) = controller.state.highlight { previous = index } else { previous = nil }
    }
    let shown = state.suggestions.count
    if let wanted = pending {
      guard state.phase == .results, !state.isStale else { return }
      pending = nil
      if shown >= wanted, let last = state.navigationStops.last {
        controller.session.send(.rowHighlighted(last))
      }
      return
    }
    guard state.phase == .results, previous == 0, shown > 1, case .suggestion(shown - 1) = state.highlight,
      let query = state.answeredQuery?.text, let total = controller.matchTotal?(state)
    else { return }
    let wanted = min(total, limit ?? Int.max)
    guard wanted > shown else { return }
    rowWindow.grow(to: wanted, for: query)
    pending = wanted
    controller.session.send(.refresh)
  }
}
