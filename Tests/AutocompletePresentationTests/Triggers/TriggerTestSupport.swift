import AutocompleteCore
import AutocompletePresentation

/// Waits (yielding, then sleeping a millisecond at a time) until `condition` holds, for at most
/// `seconds` of wall-clock time; returns whether it did. A deadline rather than a count of
/// attempts: with two cores the cooperative pool can be busy with other tests' synchronous work
/// for over a minute (seen in CI: 60 s was not enough; a met condition returns at once).
@MainActor
func eventually(seconds: Double = 600, _ condition: () -> Bool) async -> Bool {
  let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
  var attempt = 0
  while ContinuousClock.now < deadline {
    if condition() { return true }
    attempt += 1
    if attempt < 500 {
      await Task.yield()
    } else {
      try? await Task.sleep(nanoseconds: 1_000_000)
    }
  }
  return condition()
}

/// A composer session: `@` people and `#` tags, with the text edits it produced.
@MainActor
final class ComposerHarness {
  let session: AutocompleteSession
  let triggers: [SessionTrigger]
  private(set) var edits: [TextEdit] = []
  private(set) var picks: [Suggestion] = []

  init(_ triggers: [SessionTrigger]) {
    self.triggers = triggers
    session = AutocompleteSession(configuration: SessionConfiguration(triggers: triggers))
    session.send(.focusChanged(true))
    session.onOutput = { [unowned self] output in
      switch output {
      case .replaceText(let edit): edits.append(edit)
      case .picked(let suggestion): picks.append(suggestion)
      default: break
      }
    }
  }

  convenience init() {
    self.init([
      .items("@", ["José", "Joanna", "Mike", "Дмитрий", "דני", "דנה"] as [AutocompleteItem]),
      .items("#", ["swift", "swiftui", "linux"] as [AutocompleteItem]),
    ])
  }

  /// Types `text` with the caret after `caret` characters (the end by default).
  func type(_ text: String, caret: Int? = nil, composing: Bool = false) {
    session.send(.textChanged(TextSnapshot(text, caretOffset: caret ?? text.count, isComposing: composing)))
  }

  /// The rows' display texts once the answer for the current token arrived.
  func rows() async -> [String] {
    _ = await eventually {
      session.state.answeredQuery == session.state.query && session.state.phase != .loading
    }
    return session.state.suggestions.map(\.displayText)
  }

  /// Types, waits for rows and picks the one showing `display`; returns the edit.
  func pick(_ display: String, in text: String, caret: Int? = nil) async -> TextEdit? {
    type(text, caret: caret)
    guard await eventually({ session.state.suggestions.contains { $0.displayText == display } }),
      let index = session.state.suggestions.firstIndex(where: { $0.displayText == display })
    else { return nil }
    session.send(.rowPicked(index))
    return edits.last
  }
}
