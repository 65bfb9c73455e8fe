#if canImport(SwiftUI) && ((canImport(UIKit) && os(iOS)) || (canImport(AppKit) && os(macOS)))
  import SwiftUI
  #if os(iOS)
    import AutocompleteUIKit
  #else
    import AutocompleteAppKit
  #endif

  /// The mention rules and colours of ``AutocompleteTextEditor``, the same on iOS and macOS: what the
  /// UIKit and AppKit trigger managers take as properties, as two view methods.
  extension AutocompleteTextEditor {
    /// The mention rules: what an edit inside a mention does and what deleting into one does (the
    /// session's `mentionEditing` and `mentionDeletion`).
    public func mentionRules(editing: MentionEditing = .dissolve, deletion: MentionDeletion = .twoStep)
      -> Self
    {
      var editor = self
      editor.mentionEditing = editing
      editor.mentionDeletion = deletion
      return editor
    }

    /// How mentions are drawn: `attributes` by a trigger's `mentionStyle` key, `default` for the
    /// others (the manager's `mentionAttributes` and `defaultMentionAttributes`).
    public func mentionAttributes(
      _ attributes: [String: MentionAttributes], default defaultAttributes: MentionAttributes = .standard
    ) -> Self {
      var editor = self
      editor.mentionAttributes = attributes
      editor.defaultMentionAttributes = defaultAttributes
      return editor
    }

    /// Puts the mention rules and colours into the manager (only what changed: restyling is not free).
    func configureMentions(of manager: AutocompleteTriggerManager) {
      if manager.mentionEditing != mentionEditing { manager.mentionEditing = mentionEditing }
      if manager.mentionDeletion != mentionDeletion { manager.mentionDeletion = mentionDeletion }
      if manager.mentionAttributes != mentionAttributes { manager.mentionAttributes = mentionAttributes }
      if manager.defaultMentionAttributes != defaultMentionAttributes {
        manager.defaultMentionAttributes = defaultMentionAttributes
      }
    }
  }
#endif
