#if canImport(AppKit) && os(macOS)
  import AppKit

  /// An `NSTextView` whose copy, cut and paste keep mentions: attach an
  /// ``AutocompleteTriggerManager`` to it, and mentions copied in it paste back as mentions in it.
  /// Elsewhere (another view or app) the plain text is pasted. A plain `NSTextView` works with the
  /// manager too, and copies plain text.
  open class MentionTextView: NSTextView {
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
#endif
