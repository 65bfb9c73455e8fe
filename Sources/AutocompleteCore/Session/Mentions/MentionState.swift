/// The session's mentions: the live ones, the one a first Backspace selected, and what undo can
/// bring back. A part of ``SessionState`` that the session's mention rules keep.
public struct MentionState: Sendable, Equatable {
  /// The mentions in the session's text, in text order, never overlapping.
  public var mentions: [Mention]
  /// The mention the first Backspace of a two-step deletion selected (``MentionDeletion/twoStep``):
  /// the next Backspace at its end deletes it, also in front ends without a visible selection.
  public var selectedMention: Mention?
  /// Texts that had mentions just before an edit removed some, newest last: a later text equal to
  /// one of them (an undo) gets those mentions back.
  var restorable: [RestorableMentions]

  /// No mentions.
  public init(mentions: [Mention] = []) {
    self.mentions = mentions
    self.selectedMention = nil
    self.restorable = []
  }

  /// At most this many texts are remembered for undo.
  static let restorableLimit = 32
}

/// A text (by hash and length, not kept) with the mentions it had, as UTF-8 offsets.
struct RestorableMentions: Sendable, Equatable {
  /// The text's hash in this process.
  var textHash: Int
  /// The text's UTF-8 length.
  var utf8Count: Int
  /// The mentions, with their offsets in that text.
  var mentions: [OffsetMention]

  /// Whether `text` is (almost surely) the remembered text.
  func matches(_ text: String) -> Bool {
    text.utf8.count == utf8Count && text.hashValue == textHash
  }
}

/// A mention as UTF-8 offsets, independent of any `String.Index`.
struct OffsetMention: Sendable, Equatable {
  /// The offsets.
  var offsets: Range<Int>
  /// The mention (its range refers to the text it was taken from).
  var mention: Mention
}
