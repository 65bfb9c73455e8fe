/// When a session picker finishes, and what Escape does.
public struct SessionPickerBehavior: Sendable, Equatable {
  /// What the Escape key does.
  public enum EscapeAction: Sendable, Equatable {
    /// Cancel the picker at once (fzf, `autocomplete pick`).
    case cancel
    /// Let the session use it first (close the list, drop the ghost text); cancel only when the
    /// session has nothing to close.
    case closeListFirst
  }

  /// Whether picking a suggestion finishes the picker (a picker) or only edits the text (a message
  /// composer, an inline completion field).
  public var finishesOnPick: Bool
  /// Whether Return with no row to pick finishes the picker with the text.
  public var finishesOnReturn: Bool
  /// Whether picking the extra action row finishes the picker; when `false` the picker calls
  /// ``SessionPickerController/onActionRowPicked`` and goes on.
  public var finishesOnActionRow: Bool
  /// What Escape does.
  public var escape: EscapeAction

  /// Creates a behaviour; the default is fzf's: a pick, Return and the action row finish, Escape cancels.
  public init(
    finishesOnPick: Bool = true, finishesOnReturn: Bool = true, finishesOnActionRow: Bool = true,
    escape: EscapeAction = .cancel
  ) {
    self.finishesOnPick = finishesOnPick
    self.finishesOnReturn = finishesOnReturn
    self.finishesOnActionRow = finishesOnActionRow
    self.escape = escape
  }
}
