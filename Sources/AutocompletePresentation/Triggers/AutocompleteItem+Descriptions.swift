import AutocompleteCore

extension AutocompleteItem {
  /// Items made from any values' descriptions (MJAutoComplete's
  /// `autoCompleteCellModelFromStrings:`): each value's `String(describing:)` is the search and
  /// display text, and the value itself is the payload (MJ's `context`).
  public static func items<Value: Sendable>(describing values: some Sequence<Value>) -> [AutocompleteItem] {
    values.map { AutocompleteItem(String(describing: $0), payload: $0) }
  }

  /// An item with MJAutoComplete's names: `autoCompleteString` is what the token is compared with
  /// and what replaces it, `displayedString` what the row shows, `context` the app's value.
  public init(autoCompleteString: String, displayedString: String? = nil, context: (any Sendable)? = nil) {
    self.init(autoCompleteString, displayText: displayedString, payload: context)
  }
}
