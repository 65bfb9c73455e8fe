import AutocompleteCore
import Foundation

/// A mention as a text view draws it: its UTF-16 range, its trigger's style identifier, and
/// whether the first Backspace of a two-step deletion selected it.
///
/// UIKit and AppKit front ends map ``style`` to attributes (colour, background, font) and apply
/// them to ``range``; everything else in the text keeps the view's own attributes.
public struct MentionRun: Sendable, Hashable {
  /// The mention's characters, as UTF-16 offsets.
  public var range: NSRange
  /// The trigger's `SessionTrigger.mentionStyle`, or `nil` for the front end's default.
  public var style: String?
  /// Whether the mention is selected for deletion.
  public var isSelected: Bool
  /// The mention.
  public var mention: Mention

  /// Creates a run.
  public init(range: NSRange, style: String?, isSelected: Bool, mention: Mention) {
    self.range = range
    self.style = style
    self.isSelected = isSelected
    self.mention = mention
  }

  /// The runs of `state`'s mentions, in text order, styled by `configuration`'s triggers.
  public static func runs(for state: SessionState, configuration: SessionConfiguration) -> [MentionRun] {
    let selected = state.mentionState.selectedMention
    return state.mentions.map { mention in
      MentionRun(
        range: mention.utf16Range, style: configuration.mentionStyle(for: mention),
        isSelected: mention == selected, mention: mention)
    }
  }
}
