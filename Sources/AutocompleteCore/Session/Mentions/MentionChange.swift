/// Mentions that appeared or went away in one event (``SessionOutput/mentionsChanged(_:)``).
///
/// Mentions that only moved because text before them changed are not reported; the state's
/// ``SessionState/mentions`` always holds the current ranges.
public struct MentionChange: Sendable, Hashable {
  /// Mentions that appeared: picked, inserted, loaded, restored by undo. Ranges are in the text
  /// after the event.
  public var added: [Mention]
  /// Mentions that went away: deleted with their text, dissolved into plain text, replaced by a
  /// load. Ranges are in the text before the event.
  public var removed: [Mention]

  /// Creates a change.
  public init(added: [Mention] = [], removed: [Mention] = []) {
    self.added = added
    self.removed = removed
  }

  /// Whether nothing appeared or went away.
  public var isEmpty: Bool { added.isEmpty && removed.isEmpty }
}
