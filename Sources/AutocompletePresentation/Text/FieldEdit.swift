import AutocompleteCore

/// Turns an edit the user made in a text field into the session event to send: a field emptied
/// by the user is `SessionEvent.cleared` (seed 002 calls `textFieldCleared()`
/// when Backspace empties the field), anything else `SessionEvent.textChanged(_:)`.
public enum FieldEdit {
  /// The event for the field going from `previousText` to `snapshot`.
  public static func event(from previousText: String, to snapshot: TextSnapshot) -> SessionEvent {
    if snapshot.text.isEmpty, !previousText.isEmpty, !snapshot.isComposing { return .cleared }
    return .textChanged(snapshot)
  }
}
