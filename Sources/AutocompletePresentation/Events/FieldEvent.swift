import AutocompleteCore

/// What an autocomplete field tells its delegate, as one enum: the UIKit and AppKit delegates have
/// a single required method, `autocompleteField(_:didReceive:)`, that receives these.
///
/// Why one required method and not many optional ones: a protocol method with a default
/// implementation is silently bypassed by a near-miss (`didPick` written with the wrong field
/// type compiles and is never called), and `@objc optional` cannot carry Swift types such as
/// `Suggestion`. With one required method, a conformer whose signature is wrong does not
/// conform (a compiler error), and a `case` written with the wrong payload type does not compile.
/// `RowView` is the platform's row view (`UITableViewCell`, `NSView`).
public enum FieldEvent<RowView> {
  /// A suggestion was picked (tap or click, Return, Tab, or an accepted inline completion); the
  /// field already shows its completion text. The app's item is `suggestion.payload`.
  case picked(Suggestion)
  /// The extra action row was picked with the typed text.
  case actionRowPicked(query: String)
  /// The suggestions changed (a new answer, or the list emptied).
  case suggestionsChanged([Suggestion])
  /// A row's view is about to show: fill in lazy content here (MJ's `willPresentCell`). The
  /// suggestion is `nil` for the action row and status rows.
  case willDisplay(RowView, row: DropdownRow, suggestion: Suggestion?)
  /// Return was pressed with no highlighted row: the field's text (seed 002's `returned(with:)`).
  case returned(text: String)
  /// The user emptied the field, by Backspace/Delete or the clear button (seed 002's
  /// `textFieldCleared()`).
  case cleared
  /// Editing is about to begin: refresh the data now (seed 002's `provideDatasource()`); the field
  /// searches again.
  case willBeginEditing
  /// The field's recents store could not be read or written (`SessionRecents`); the field goes on
  /// without it. Told once until the store works again.
  case recentsFailed(SessionError)

  /// The event a field reports for a session output, or `nil` for outputs the field applies
  /// itself (text edits, caret moves, mention changes).
  public init?(_ output: SessionOutput) {
    switch output {
    case .picked(let suggestion): self = .picked(suggestion)
    case .actionRowPicked(let query): self = .actionRowPicked(query: query)
    case .returned(let text): self = .returned(text: text)
    case .cleared: self = .cleared
    case .recentsFailed(let error): self = .recentsFailed(error)
    case .replaceText, .moveSelection, .mentionsChanged: return nil
    }
  }
}

extension FieldEvent: Sendable where RowView: Sendable {}
