#if canImport(AppKit) && os(macOS)
  import AppKit

  /// The window the list floats in: borderless, non-activating and never key, so the field keeps
  /// the focus; a child window of the field's window, so it moves with it.
  @MainActor
  final class DropdownPanel: NSPanel {
    init() {
      super.init(
        contentRect: .zero, styleMask: [.borderless, .nonactivatingPanel], backing: .buffered, defer: true)
      isReleasedWhenClosed = false
      hidesOnDeactivate = true
      becomesKeyOnlyIfNeeded = true
      isOpaque = false
      backgroundColor = .clear
      hasShadow = true
      acceptsMouseMovedEvents = true
      animationBehavior = .utilityWindow
      collectionBehavior = [.transient, .ignoresCycle, .fullScreenAuxiliary]
    }

    override var canBecomeKey: Bool { false }
    override var canBecomeMain: Bool { false }

    /// Applies a placement (screen coordinates): the frame, and whether it can be seen and clicked.
    func apply(_ placement: DropdownPlacement) {
      setFrame(placement.frame, display: true)
      alphaValue = placement.isVisible ? 1 : 0
      ignoresMouseEvents = !placement.isVisible
      (contentView as? DropdownListView)?.isScrollEnabled = placement.isScrollEnabled
      invalidateShadow()
    }
  }
#endif
