/// The payload of a row that, picked in a token field, becomes a filter chip instead of a value
/// token: a category row such as "in BR (211)" (`CategorySource` in AutocompletePresentation).
///
/// The session's token rules ask for ``filterToken``; a row whose payload conforms is never made
/// into a value token, never matched by typed text, and leaves the list while its chip is there.
public protocol FilterChipPayload: Sendable {
  /// The filter chip the row makes (see ``Token/init(filter:displayText:item:)``), or `nil` when its
  /// filter cannot be a chip (Typesense's syntax cannot say it, so it could not be stored): the
  /// pick is refused with a reason then.
  var filterToken: Token? { get }
}
