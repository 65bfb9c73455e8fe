import AutocompleteCore

/// What a trigger manager tells its delegate besides `shouldUpdateToText:`, as one enum: the UIKit
/// and AppKit delegates have one required method, `autocompleteManager(_:didReceive:)`, that
/// receives these.
///
/// Why an enum and a required method: protocol methods with default implementations are silently
/// bypassed by a near-miss (`didAdd mention: Mention` instead of `didAdd mentions: [Mention]`
/// compiles and is never called), and `@objc optional` cannot carry Swift types such as
/// `Mention`. A `case` pattern with the wrong payload type does not compile. `RowView` is the
/// platform's row view (`UITableViewCell`, `NSView`).
public enum TriggerEvent<RowView> {
  /// A row was picked for `trigger` (after `shouldUpdateToText:`).
  case picked(Suggestion, trigger: SessionTrigger)
  /// The list is about to show for `trigger` (also when the caret moves to another trigger's token).
  case willShowList(SessionTrigger)
  /// The list went away (whitespace, a pick, Escape, editing ended).
  case didHideList
  /// A row's view is about to show: load lazy content such as avatars here (MJ's
  /// `willPresentCell:forTrigger:`).
  case willPresent(RowView, suggestion: Suggestion, trigger: SessionTrigger)
  /// Mentions appeared: picked, inserted, pasted, loaded or brought back by undo (ranges in the
  /// new text).
  case mentionsAdded([Mention])
  /// Mentions went away: deleted, dissolved by an edit inside, or replaced by a load (ranges in
  /// the text before).
  case mentionsRemoved([Mention])

  /// The events a manager reports for a session output, in order (removed mentions before added
  /// ones); empty for outputs it applies itself or that have no trigger. `trigger` is the trigger
  /// whose token is at the caret.
  public static func events(for output: SessionOutput, trigger: SessionTrigger?) -> [TriggerEvent] {
    switch output {
    case .picked(let suggestion):
      guard let trigger else { return [] }
      return [.picked(suggestion, trigger: trigger)]
    case .mentionsChanged(let change):
      return (change.removed.isEmpty ? [] : [.mentionsRemoved(change.removed)])
        + (change.added.isEmpty ? [] : [.mentionsAdded(change.added)])
    case .replaceText, .moveSelection, .actionRowPicked, .returned, .cleared, .recentsFailed:
      return []
    }
  }

  /// The event for a change in the list's visibility, or `nil` when there is none to tell.
  /// `triggers` are the triggers the session was configured with.
  public init?(_ change: TriggerListState.Change?, list: TriggerListState, triggers: [SessionTrigger]) {
    switch change {
    case .willAppear, .switched:
      guard let trigger = list.trigger(in: triggers) else { return nil }
      self = .willShowList(trigger)
    case .didHide:
      self = .didHideList
    case nil:
      return nil
    }
  }
}

extension TriggerEvent: Sendable where RowView: Sendable {}
