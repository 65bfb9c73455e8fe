import AutocompleteCore

/// The session events a text field's front end sends for what the field reports — editing begins,
/// the user edits, the caret moves — remembering the text it last reported.
///
/// That memory is what two decisions need: a field the user empties is `SessionEvent.cleared`
/// (``FieldEdit``), and a caret move reported before the edit that caused it (UIKit and AppKit
/// report the selection first) is not sent, since the edit follows with the new text. The UIKit
/// and AppKit field controllers share it.
public struct FieldInputTracker: Sendable, Hashable {
  /// The text last reported to the session.
  public private(set) var reportedText = ""

  /// A tracker that has reported nothing.
  public init() {}

  /// Editing began with the field showing `snapshot`: focus, the text as it is, and a fresh search
  /// (the app may have refreshed its data when editing began, seed 002's `provideDatasource()`).
  public mutating func editingBegan(with snapshot: TextSnapshot) -> [SessionEvent] {
    reportedText = snapshot.text
    return [.focusChanged(true), .textChanged(snapshot), .refresh]
  }

  /// The user changed the text to `snapshot`'s: `SessionEvent.cleared` when they emptied the field,
  /// else the new text.
  public mutating func edited(to snapshot: TextSnapshot) -> SessionEvent {
    let event = FieldEdit.event(from: reportedText, to: snapshot)
    reportedText = snapshot.text
    return event
  }

  /// The caret or the selection moved to `snapshot`'s: the event, or `nil` when the text is not
  /// the reported one (the edit's own notification follows and reports both).
  public func selectionMoved(to snapshot: TextSnapshot) -> SessionEvent? {
    snapshot.text == reportedText ? .textChanged(snapshot) : nil
  }

  /// The text was set without the user typing it (the session's edit after a pick, the clear
  /// button): it counts as reported.
  public mutating func textSet(to text: String) {
    reportedText = text
  }
}
