#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import UIKit

  /// What an autocomplete field tells the app. Every method is optional.
  ///
  /// Seed 002's `AutoCompleteTextFieldDelegate` methods keep their names:
  /// ``returned(with:)``, ``textFieldCleared()`` and ``provideDatasource()``.
  @MainActor
  public protocol AutocompleteFieldDelegate: AnyObject {
    /// A suggestion was picked (tap, Return, Tab, or an accepted inline completion); the field
    /// already shows its completion text. The app's item is `suggestion.payload`.
    func autocompleteField(_ field: UITextField, didPick suggestion: Suggestion)
    /// The extra action row was picked with the typed text.
    func autocompleteField(_ field: UITextField, didPickActionRowWith query: String)
    /// The suggestions changed (a new answer, or the list emptied).
    func autocompleteField(_ field: UITextField, didChange suggestions: [Suggestion])
    /// A row's cell is about to show: fill in lazy content here (MJ's `willPresentCell`). The
    /// suggestion is `nil` for the action row and status rows.
    func autocompleteField(
      _ field: UITextField, willDisplay cell: UITableViewCell, for row: DropdownRow, suggestion: Suggestion?)
    /// Return was pressed with no highlighted row: the field's text (seed 002).
    func returned(with selection: String)
    /// The user emptied the field, by Backspace or the clear button (seed 002).
    func textFieldCleared()
    /// Editing is about to begin: refresh the data now (seed 002); the field searches again.
    func provideDatasource()
    /// The field's recents store could not be read or written (`SessionRecents`); the field goes on
    /// without it. Told once until the store works again.
    func autocompleteField(_ field: UITextField, recentsDidFail error: SessionError)
  }

  extension AutocompleteFieldDelegate {
    /// Does nothing by default.
    public func autocompleteField(_ field: UITextField, didPick suggestion: Suggestion) {}
    /// Does nothing by default.
    public func autocompleteField(_ field: UITextField, didPickActionRowWith query: String) {}
    /// Does nothing by default.
    public func autocompleteField(_ field: UITextField, didChange suggestions: [Suggestion]) {}
    /// Does nothing by default.
    public func autocompleteField(
      _ field: UITextField, willDisplay cell: UITableViewCell, for row: DropdownRow, suggestion: Suggestion?
    ) {}
    /// Does nothing by default.
    public func returned(with selection: String) {}
    /// Does nothing by default.
    public func textFieldCleared() {}
    /// Does nothing by default.
    public func provideDatasource() {}
    /// Does nothing by default.
    public func autocompleteField(_ field: UITextField, recentsDidFail error: SessionError) {}
  }
#endif
