/// The session's mentions: the live ones, the one a first Backspace selected, and what undo can
/// bring back. A part of ``SessionState`` that the session's mention rules keep.
public struct MentionState: Sendable, Equatable {
  /// The mentions in the session's text, in text order, never overlapping.
  public var mentions: [Mention]
  /// The mention the first Backspace of a two-step deletion selected (``MentionDeletion/twoStep``):
  /// the next Backspace at its end deletes it, also in front ends without a visible selection.
  public var selectedMention: Mention?
  /// Mentions lost to recent edits, newest last: a later text that has a lost mention's exact text
  /// at its old place again (after the same text as before it, as an undo gives) gets it back.
  var lost: [LostMention]

  /// No mentions.
  public init(mentions: [Mention] = []) {
    self.mentions = mentions
    self.selectedMention = nil
    self.lost = []
  }

  /// At most this many lost mentions are remembered for undo.
  static let lostLimit = 32
}

/// A mention an edit removed or dissolved, and where it was.
struct LostMention: Sendable, Equatable {
  /// The mention at its offsets in the text it was lost from.
  var mention: OffsetMention
  /// The hash (in this process) of that text before the mention.
  var prefixHash: Int

  /// Whether `text` has the mention's text at its old offsets after the same text as before.
  func isBack(in text: String) -> Bool {
    let offsets = mention.offsets
    guard offsets.upperBound <= text.utf8.count else { return false }
    let utf8 = text.utf8
    let lower = utf8.index(utf8.startIndex, offsetBy: offsets.lowerBound)
    let upper = utf8.index(utf8.startIndex, offsetBy: offsets.upperBound)
    return utf8[lower..<upper].elementsEqual(mention.mention.text.utf8)
      && text[..<lower].hashValue == prefixHash
  }
}

/// A mention as UTF-8 offsets, independent of any `String.Index`.
struct OffsetMention: Sendable, Equatable {
  /// The offsets.
  var offsets: Range<Int>
  /// The mention (its range refers to the text it was taken from).
  var mention: Mention
}
