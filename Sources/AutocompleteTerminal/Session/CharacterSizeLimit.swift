/// The check behind ``SessionPickerController/maximumCharacterBytes``: an edit that makes the text
/// hold a character (grapheme cluster) of more UTF-8 bytes than the limit is refused, with a
/// message for the status line. A letter followed by thousands of combining marks is one character
/// that every item's match must fold and compare whole, so a search of it can take seconds.
///
/// Only edits that lengthen the text are checked: deleting is always allowed, so a text that
/// already holds such a character (set by the app) can still be edited away.
struct CharacterSizeLimit {
  /// The most UTF-8 bytes in one character.
  let maximumBytes: Int

  /// The message refusing `new` (the text after an edit of `old`), or `nil` when the edit may stay.
  /// Costs nothing unless `new` is longer than `old` and than the limit, then one walk of its
  /// characters.
  func refusal(old: String, new: String) -> String? {
    let count = new.utf8.count
    guard count > maximumBytes, count > old.utf8.count,
      let longest = new.lazy.map({ $0.utf8.count }).first(where: { $0 > maximumBytes })
    else { return nil }
    // Short enough for an 80-column status line.
    return "Not inserted: a character of \(longest) bytes; at most \(maximumBytes) bytes are allowed"
  }
}
