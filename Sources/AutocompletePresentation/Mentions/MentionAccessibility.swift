import AutocompleteCore

/// What assistive technologies hear about a two-step mention deletion
/// (``/AutocompleteCore/MentionDeletion/twoStep``), which changes nothing a screen reader would
/// otherwise notice: the first Backspace selects the mention ("@morgan selected. Press Delete again
/// to remove it."), the second removes it ("@morgan removed.").
public enum MentionAccessibility {
  /// The announcement for the step from `old` to `new`, or `nil` when no mention was selected for
  /// deletion or removed after being selected.
  public static func deletionAnnouncement(from old: SessionState?, to new: SessionState) -> String? {
    let before = old?.mentionState.selectedMention
    let now = new.mentionState.selectedMention
    if let now, now != before {
      return "\(now.text) selected. Press Delete again to remove it."
    }
    guard let before, now == nil else { return nil }
    let isGone = !new.mentions.contains { $0.id == before.id && $0.text == before.text }
    return isGone ? "\(before.text) removed." : nil
  }
}
