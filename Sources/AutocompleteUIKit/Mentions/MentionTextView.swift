#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import UIKit

  /// A `UITextView` whose copy, cut and paste keep mentions: attach an
  /// ``AutocompleteTriggerManager`` to it, and mentions copied in it paste back as mentions in it.
  /// Elsewhere (another view or app) the plain text is pasted. A plain `UITextView` works with the
  /// manager too, and copies plain text.
  open class MentionTextView: UITextView {
    /// The manager attached to the view (set by the manager's `attach(to:)`).
    public internal(set) weak var mentionManager: AutocompleteTriggerManager?

    /// Copies the selection with its mentions.
    open override func copy(_ sender: Any?) {
      if mentionManager?.copySelection() != true { super.copy(sender) }
    }

    /// Cuts the selection with its mentions.
    open override func cut(_ sender: Any?) {
      if mentionManager?.cutSelection() != true { super.cut(sender) }
    }

    /// Pastes mentions copied in this view, or plain text.
    open override func paste(_ sender: Any?) {
      if mentionManager?.pasteMentions() != true { super.paste(sender) }
    }
  }

  /// A `UITextField` whose copy, cut and paste keep mentions, like ``MentionTextView``.
  open class MentionTextField: UITextField {
    /// The manager attached to the field (set by the manager's `attach(to:)`).
    public internal(set) weak var mentionManager: AutocompleteTriggerManager?

    /// Copies the selection with its mentions.
    open override func copy(_ sender: Any?) {
      if mentionManager?.copySelection() != true { super.copy(sender) }
    }

    /// Cuts the selection with its mentions.
    open override func cut(_ sender: Any?) {
      if mentionManager?.cutSelection() != true { super.cut(sender) }
    }

    /// Pastes mentions copied in this field, or plain text.
    open override func paste(_ sender: Any?) {
      if mentionManager?.pasteMentions() != true { super.paste(sender) }
    }
  }
#endif
