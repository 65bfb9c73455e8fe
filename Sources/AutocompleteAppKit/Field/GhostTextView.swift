#if canImport(AppKit) && os(macOS)
  import AppKit

  /// The inline completion's rest, drawn after the caret inside the field editor: a view over the
  /// text, so the field's text stays exactly what the user typed (Delete, undo, input methods and
  /// the app's delegate never see ghost characters). It takes no clicks and is hidden from
  /// assistive technologies.
  @MainActor
  final class GhostTextView: NSView {
    /// The ghost text, with its font and colour.
    var text = NSAttributedString() {
      didSet { needsDisplay = true }
    }
    /// Where the caret's line starts, from the view's top.
    var lineTop: CGFloat = 0 {
      didSet { needsDisplay = true }
    }

    override init(frame: NSRect) {
      super.init(frame: frame)
      setAccessibilityElement(false)
    }

    required init?(coder: NSCoder) {
      super.init(coder: coder)
      setAccessibilityElement(false)
    }

    override var isFlipped: Bool { true }

    override func hitTest(_ point: NSPoint) -> NSView? { nil }

    override func draw(_ dirtyRect: NSRect) {
      text.draw(at: NSPoint(x: 0, y: lineTop))
    }
  }
#endif
