import Foundation

/// Restyles a text view's storage for its mention runs, for the UIKit and AppKit trigger managers:
/// every range a previous pass marked goes back to the view's own attributes (its marker and
/// background removed), then each run gets its style's attributes and the marker (the mention's id).
/// Runs past the end of the text are skipped.
public enum MentionStyling {
  /// UIKit's and AppKit's `.backgroundColor` key (its raw value; the key itself is not in Foundation
  /// on Linux).
  public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")

  /// Restyles `text`.
  /// - Parameters:
  ///   - text: The text view's storage (or a copy of a field's attributed text).
  ///   - runs: The mention runs of the session's state (`MentionRun.runs(for:configuration:)`).
  ///   - marker: The attribute that marks a mention's characters (its value is the mention's id).
  ///   - base: The view's own attributes, for text that is no longer a mention.
  ///   - attributes: The attributes of a run (its style, selected or not).
  public static func restyle(
    _ text: NSMutableAttributedString, runs: [MentionRun], marker: NSAttributedString.Key,
    base: [NSAttributedString.Key: Any], attributes: (MentionRun) -> [NSAttributedString.Key: Any]
  ) {
    let whole = NSRange(location: 0, length: text.length)
    text.beginEditing()
    text.enumerateAttribute(marker, in: whole) { value, range, _ in
      guard value != nil else { return }
      text.removeAttribute(marker, range: range)
      text.removeAttribute(backgroundColor, range: range)
      text.addAttributes(base, range: range)
    }
    for run in runs where NSMaxRange(run.range) <= text.length {
      text.addAttributes(attributes(run), range: run.range)
      text.addAttribute(marker, value: run.mention.id, range: run.range)
    }
    text.endEditing()
  }
}
