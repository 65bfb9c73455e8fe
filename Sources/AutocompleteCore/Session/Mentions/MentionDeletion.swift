/// What Backspace right after a mention (or Delete right before it) does
/// (``SessionConfiguration/mentionDeletion``).
///
/// With ``twoStep`` and ``oneStep`` mentions are *atomic*: the caret and the selection never land
/// inside one (a caret moved into a mention goes to its edge, a selection grows to cover it).
public enum MentionDeletion: Sendable, Hashable, CaseIterable {
  /// The first Backspace selects the mention, the second deletes it (the default, as in Hakawai and
  /// Slack).
  case twoStep
  /// Backspace deletes the whole mention at once.
  case oneStep
  /// Backspace deletes one character, like any edit inside the mention (see ``MentionEditing``);
  /// the caret may go inside mentions.
  case characterwise

  /// Whether the caret and the selection stay outside mentions.
  public var isAtomic: Bool { self != .characterwise }
}
