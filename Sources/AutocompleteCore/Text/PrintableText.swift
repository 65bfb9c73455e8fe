/// Text from outside — a server's message, a decoding error's path, a file's contents — made safe to
/// print on a terminal: every control character is written as a visible escape (`\u{1B}`), so a
/// hostile server cannot set the window title, clear the screen, write the clipboard (OSC 52) or
/// hide text with bidirectional overrides through an error message.
///
/// Escaped: C0 controls (all but the line feed, when kept, and the tab), DEL, C1 controls
/// (U+0080–U+009F, which some terminals obey as ESC sequences), the line and paragraph separators
/// and the bidirectional embeddings, overrides and isolates.
public enum PrintableText {
  /// `text` with its control characters escaped; line feeds are kept when `keepsLineBreaks`.
  public static func escaping(_ text: String, keepsLineBreaks: Bool = false) -> String {
    guard text.unicodeScalars.contains(where: { needsEscape($0, keepsLineBreaks: keepsLineBreaks) }) else {
      return text
    }
    var result = ""
    result.reserveCapacity(text.utf8.count + 8)
    for scalar in text.unicodeScalars {
      if needsEscape(scalar, keepsLineBreaks: keepsLineBreaks) {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Whether `scalar` is written as an escape.
  static func needsEscape(_ scalar: Unicode.Scalar, keepsLineBreaks: Bool) -> Bool {
    switch scalar.value {
    case 0x0A: !keepsLineBreaks
    case 0x09: false
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
