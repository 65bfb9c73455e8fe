import AutocompleteCore

/// Where an autocomplete field gets its items, in RVS_AutofillTextField's two ways (seed 003):
/// the simple way, a ``textDictionary`` the engine searches with the field's options; or the
/// complex way, ``autofillItems(for:isCaseSensitive:isWildcardBefore:isWildcardAfter:maximumAutofillCount:)``,
/// your own search, called on every change of the text.
///
/// Implement at least one; both default to nothing. The data source is read on the main actor,
/// at each search, so it may change at any time (seed 002's `provideDatasource()` point is the
/// delegate's editing-began callback).
@MainActor
public protocol AutofillDataSource: AnyObject {
  /// The items to search (RVS `textDictionary`; an item's `AutocompleteItem.payload` is RVS's
  /// `refCon`). Empty by default.
  var textDictionary: [AutocompleteItem] { get }

  /// Your own search (RVS `getTextDictionaryFromThis(string:…)`): the items for `text` under the
  /// field's four options, best first, or `nil` (the default) to let the engine search
  /// ``textDictionary``. Matched characters are still emphasised where the engine finds them.
  func autofillItems(
    for text: String, isCaseSensitive: Bool, isWildcardBefore: Bool, isWildcardAfter: Bool,
    maximumAutofillCount: Int
  ) -> [AutocompleteItem]?
}

extension AutofillDataSource {
  /// No items by default.
  public var textDictionary: [AutocompleteItem] { [] }

  /// No custom search by default: the engine searches ``textDictionary``.
  public func autofillItems(
    for text: String, isCaseSensitive: Bool, isWildcardBefore: Bool, isWildcardAfter: Bool,
    maximumAutofillCount: Int
  ) -> [AutocompleteItem]? { nil }
}
