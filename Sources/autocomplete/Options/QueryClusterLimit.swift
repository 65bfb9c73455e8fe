/// The longest character (grapheme cluster) a query may hold: a letter followed by thousands of
/// combining marks is one character, which every line's match must fold and compare whole — one
/// cluster of 126 KB cost 2.5 to 9.3 s over a million lines. No writing system needs more than a
/// few dozen bytes in one character, so a longer one is refused with a message.
enum QueryClusterLimit {
  /// The most UTF-8 bytes in one character of a query.
  static let maximumBytes = 1024

  /// Throws when a character of `query` is longer than ``maximumBytes``.
  /// - Throws: ``InputError`` naming the character's size and the limit.
  static func check(_ query: String) throws {
    guard query.utf8.count > maximumBytes,
      let longest = query.lazy.map({ $0.utf8.count }).first(where: { $0 > maximumBytes })
    else { return }
    throw InputError(
      description: "the query holds one character of \(longest) bytes (a letter with many combining "
        + "marks); a character of more than \(maximumBytes) bytes is refused")
  }
}
