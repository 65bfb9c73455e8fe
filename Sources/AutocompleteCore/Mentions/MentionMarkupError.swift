/// Why a stored string could not be decoded, where, and the string as plain text to show instead.
///
/// ```swift
/// do {
///   message = try MentionMarkup.default.decode(stored)
/// } catch {
///   log(error.description)      // "malformed mention markup at UTF-8 offset 3: no closing '>'"
///   message = error.plainText   // nothing is lost: the stored string, as typed text
/// }
/// ```
public struct MentionMarkupError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong, in words.
  public var reason: String
  /// The UTF-8 offset in the stored string where the problem starts, when known.
  public var utf8Offset: Int?
  /// The stored string itself as plain text without mentions: what to show when decoding fails.
  public var plainText: MentionedText

  /// Creates an error.
  public init(reason: String, utf8Offset: Int?, stored: String) {
    self.reason = reason
    self.utf8Offset = utf8Offset
    self.plainText = MentionedText(stored)
  }

  /// "malformed mention markup at UTF-8 offset N: reason".
  public var description: String {
    let place = utf8Offset.map { " at UTF-8 offset \($0)" } ?? ""
    return "malformed mention markup\(place): \(reason)"
  }
}
