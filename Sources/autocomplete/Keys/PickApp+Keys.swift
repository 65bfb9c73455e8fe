import AutocompleteCore
import AutocompleteTerminal

/// `pick`'s keys with fzf's `--expect` and `--bind` (``FzfKeys``) before the picker's own.
extension PickApp {
  /// Handles one event: an expected key picks like Enter (its name kept for the first line), a
  /// bound key runs its chain of actions, anything else is the picker's.
  mutating func handle(_ event: TerminalEvent) async -> TerminalAppStep<Outcome> {
    guard case .key(let key) = event else { return await handleEvent(event) }
    if let name = keys.expect.name(of: key) {
      keys.pressed.name = name  // also when the pick waits for the answer to the query on screen
      return await handleEvent(.key(.enter))
    }
    guard let chain = keys.bindings.actions[key] else {
      if key == .enter { keys.pressed.name = "" }
      return await handleEvent(event)
    }
    for action in chain {
      let step: TerminalAppStep<Outcome>
      switch action {
      case .key(let key):
        if key == .enter { keys.pressed.name = "" }
        step = await handleEvent(.key(key))
      default:
        if let finish = await perform(action) { return finish }
        step = await handleEvent(.wake)  // applies what the action did, makes the next frame
      }
      if case .finish = step { return step }
    }
    return .proceed
  }

  /// Performs an action that is not a key's; returns a step when it finishes the picker.
  private func perform(_ action: FzfAction) async -> TerminalAppStep<Outcome>? {
    let (controller, marks, isMulti, preview) = (controller, marks, isMulti, preview)
    return await MainActor.run { () -> TerminalAppStep<Outcome>? in
      switch action {
      case .key, .ignore:
        break
      case .clearQuery:
        controller.setText("")
      case .cancel:
        if controller.editor.text.isEmpty { return .finish(.single(.cancelled)) }
        controller.setText("")
      case .jump(let toFirst):
        let stops = controller.state.navigationStops
        if controller.state.isOpen, let stop = toFirst ? stops.first : stops.last {
          controller.session.send(.rowHighlighted(stop))
        }
      case .toggle:
        if isMulti, !controller.state.phase.isPending, let row = controller.state.highlightedSuggestion {
          marks.toggle(row)
        }
      case .togglePreview:
        preview?.pane.toggle()
      case .scrollPreview(let lines):
        preview?.pane.scroll(by: lines)
      case .scrollPreviewPages(let pages):
        if let pane = preview?.pane { pane.scroll(by: pages * pane.pageHeight) }
      }
      return nil
    }
  }
}
