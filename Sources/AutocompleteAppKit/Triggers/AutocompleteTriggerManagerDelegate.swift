#if canImport(AppKit) && os(macOS)
  import AppKit

  /// What a trigger manager tells the app (MJAutoComplete's `MJAutoCompleteManagerDelegate`); the
  /// same as the UIKit manager's delegate, with AppKit's row views: two required methods,
  /// ``autocompleteManager(_:shouldUpdateToText:)`` and ``autocompleteManager(_:didReceive:)``,
  /// which receives every other ``AutocompleteTriggerEvent`` (picks, the list showing and hiding,
  /// rows about to show, mentions added and removed); handle the cases you need and ignore the
  /// rest with `default`.
  ///
  /// Required methods and an enum rather than optional methods, so that a method written with the
  /// wrong parameter types is a compiler error instead of a method that is silently never called
  /// (see `TriggerEvent`).
  @MainActor
  public protocol AutocompleteTriggerManagerDelegate: AnyObject {
    /// A row was picked: `text` is the whole new text, with only the token replaced (MJ's
    /// `shouldUpdateToText:`). Return `true` to let the manager put it into the attached text view
    /// (as an undoable edit of the token, caret after the completion), `false` when you set it
    /// yourself.
    func autocompleteManager(_ manager: AutocompleteTriggerManager, shouldUpdateToText text: String) -> Bool
    /// Something else happened: a pick, the list showing or hiding, a row's view about to show,
    /// mentions added or removed.
    func autocompleteManager(
      _ manager: AutocompleteTriggerManager, didReceive event: AutocompleteTriggerEvent)
  }

  /// What an AppKit trigger manager tells its delegate; rows are `NSView`s.
  public typealias AutocompleteTriggerEvent = TriggerEvent<NSView>
#endif
