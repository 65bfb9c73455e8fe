import AutocompleteCore

extension People {
  /// One recipient per person, for token fields (a To: field): the name as search text, the handle
  /// as an alternate key, "Name <handle@example.org>" shown, and the address as completion (and so
  /// as the token's id).
  public static let addresses: [AutocompleteItem] = directory.map { name, handle in
    AutocompleteItem(
      name, displayText: "\(name) <\(handle)@example.org>", completionText: "\(handle)@example.org",
      alternateSearchTexts: [handle], payload: handle)
  }
}
