/// What an app tells the event loop after an event.
public enum TerminalAppStep<Outcome: Sendable>: Sendable {
  /// Keep running; the loop redraws.
  case proceed
  /// Stop, restore the terminal and return this outcome from ``TerminalEventLoop/run(_:onStart:)``.
  case finish(Outcome)
}

/// An interactive terminal app driven by ``TerminalEventLoop``: it receives events and draws frames.
///
/// A picker app keeps its state (or a session), maps keys to session actions in ``handle(_:)``, and in
/// ``draw(into:)`` builds a ``PickerViewModel`` and renders it with ``PickerView``.
public protocol TerminalApp {
  /// What the app returns when it finishes (for example the picked item, or `nil` when cancelled).
  associatedtype Outcome: Sendable

  /// Handles one event and says whether to continue.
  mutating func handle(_ event: TerminalEvent) async -> TerminalAppStep<Outcome>

  /// Draws the current state into a blank buffer of the terminal's size (and sets its cursor).
  mutating func draw(into buffer: inout ScreenBuffer)
}
