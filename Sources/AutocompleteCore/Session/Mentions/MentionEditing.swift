/// What an edit inside a mention does to it: typing, autocorrect, predictive text or a paste that
/// changes part of its text (``SessionConfiguration/mentionEditing``).
public enum MentionEditing: Sendable, Hashable, CaseIterable {
  /// The mention becomes plain text; the text stays as the edit left it (the default, as in
  /// SZMentionsSwift).
  case dissolve
  /// What is left of the mention's text is removed too; what the edit typed stays. While an input
  /// method composes, the session never rewrites the text, so the mention dissolves instead.
  case removeWhole
}
