/// A searchable value that carries attributes (``AttributeValue``) for filters, facets and
/// `distinct`.
///
/// Conform your model type to give ``SearchIndex``, ``ListSource`` and ``IndexSource`` its
/// attributes; ``AutocompleteItem`` conforms. There is no default to misspell: a type that does
/// not conform has no attributes, so a filter on one matches none of its items.
///
/// ```swift
/// struct Member: AttributedSearchable {
///   var searchText: String
///   var channels: [String]
///   var attributes: Attributes { ["channel": .strings(channels)] }
/// }
/// ```
public protocol AttributedSearchable: AutocompleteSearchable {
  /// The item's attributes, by name.
  var attributes: Attributes { get }
}
