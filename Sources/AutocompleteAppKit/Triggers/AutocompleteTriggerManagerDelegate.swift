#if canImport(AppKit) && os(macOS)
  import AppKit

  /// What a trigger manager tells the app (MJAutoComplete's `MJAutoCompleteManagerDelegate`); the
  /// same calls as the UIKit manager's delegate, with AppKit's row views. Only
  /// ``autocompleteManager(_:shouldUpdateToText:)`` is required.
  @MainActor
  public protocol AutocompleteTriggerManagerDelegate: AnyObject {
    /// A row was picked: `text` is the whole new text, with only the token replaced (MJ's
    /// `shouldUpdateToText:`). Return `true` to let the manager put it into the attached text view
    /// (as an undoable edit of the token, caret after the completion), `false` when you set it
    /// yourself.
    func autocompleteManager(_ manager: AutocompleteTriggerManager, shouldUpdateToText text: String) -> Bool
    /// The picked row and its trigger.
    func autocompleteManager(
      _ manager: AutocompleteTriggerManager, didPick suggestion: Suggestion, for trigger: SessionTrigger)
    /// The list is about to show for `trigger` (also when the caret moves to another trigger's token).
    func autocompleteManager(_ manager: AutocompleteTriggerManager, willShowListFor trigger: SessionTrigger)
    /// The list went away (whitespace, a pick, Escape, editing ended).
    func autocompleteManagerDidHideList(_ manager: AutocompleteTriggerManager)
    /// Mentions appeared: picked, inserted, pasted, loaded or brought back by undo (ranges in the
    /// new text).
    func autocompleteManager(_ manager: AutocompleteTriggerManager, didAdd mentions: [Mention])
    /// Mentions went away: deleted, dissolved by an edit inside, or replaced by a load (ranges in
    /// the text before).
    func autocompleteManager(_ manager: AutocompleteTriggerManager, didRemove mentions: [Mention])
    /// A row's view is about to show: load lazy content such as avatars here (MJ's
    /// `willPresentCell:forTrigger:`).
    func autocompleteManager(
      _ manager: AutocompleteTriggerManager, willPresent view: NSView, for suggestion: Suggestion,
      trigger: SessionTrigger)
  }

  extension AutocompleteTriggerManagerDelegate {
    /// Does nothing by default.
    public func autocompleteManager(
      _ manager: AutocompleteTriggerManager, didPick suggestion: Suggestion, for trigger: SessionTrigger
    ) {}
    /// Does nothing by default.
    public func autocompleteManager(
      _ manager: AutocompleteTriggerManager, willShowListFor trigger: SessionTrigger
    ) {}
    /// Does nothing by default.
    public func autocompleteManagerDidHideList(_ manager: AutocompleteTriggerManager) {}
    /// Does nothing by default.
    public func autocompleteManager(_ manager: AutocompleteTriggerManager, didAdd mentions: [Mention]) {}
    /// Does nothing by default.
    public func autocompleteManager(_ manager: AutocompleteTriggerManager, didRemove mentions: [Mention]) {}
    /// Does nothing by default.
    public func autocompleteManager(
      _ manager: AutocompleteTriggerManager, willPresent view: NSView, for suggestion: Suggestion,
      trigger: SessionTrigger
    ) {}
  }
#endif
