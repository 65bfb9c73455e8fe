import AutocompleteCore
import Foundation

/// What a text view puts on the pasteboard besides plain text when it copies mentions, and whether
/// a paste gets them back: only a paste into the view that copied them does (its ``origin``);
/// anywhere else the plain text is pasted.
///
/// ```swift
/// // copy(_:)
/// pasteboard.setItems([[plainTextType: copied.text, MentionClipboard.pasteboardType: clipboard.data(for: copied)]])
/// // paste(_:)
/// if let data = pasteboard.data(forPasteboardType: MentionClipboard.pasteboardType),
///   let text = clipboard.mentionedText(from: data) { manager.insert(text) } else { super.paste(sender) }
/// ```
public struct MentionClipboard: Sendable, Hashable {
  /// The pasteboard type of copied mentions.
  public static let pasteboardType = "org.autocompletekit.mentioned-text"

  /// The identity of the view that copies and pastes.
  public let origin: String

  /// A clipboard for one view; `origin` defaults to a new unique identity.
  public init(origin: String = UUID().uuidString) {
    self.origin = origin
  }

  /// The pasteboard data for `text`: the origin on the first line, then the text in the
  /// `MentionMarkup.default` form.
  public func data(for text: MentionedText) -> Data {
    Data((origin + "\n" + MentionMarkup.default.encode(text)).utf8)
  }

  /// The mentioned text in `data` when this view copied it; `nil` for data from another view or
  /// data that does not decode (then paste plain text).
  public func mentionedText(from data: Data) -> MentionedText? {
    let string = String(decoding: data, as: UTF8.self)
    guard let newline = string.firstIndex(of: "\n"), string[..<newline] == origin else { return nil }
    return try? MentionMarkup.default.decode(String(string[string.index(after: newline)...]))
  }
}
