#if canImport(AppKit) && os(macOS)
  import AppKit

  /// The list's table: reports the row under the pointer (hover highlights) and the row clicked
  /// (a click picks), and takes the first click although its window never becomes key, so the
  /// field keeps the keyboard focus while the list is used with the mouse.
  @MainActor
  final class DropdownTableView: NSTableView {
    /// The pointer moved to this row (`-1`: off the table).
    var onHover: ((Int) -> Void)?
    /// This row was clicked (the button went down and up on it).
    var onClick: ((Int) -> Void)?

    private var hoverArea: NSTrackingArea?
    private var pressedRow = -1

    override func acceptsFirstMouse(for event: NSEvent?) -> Bool { true }

    override func updateTrackingAreas() {
      super.updateTrackingAreas()
      if let hoverArea { removeTrackingArea(hoverArea) }
      let area = NSTrackingArea(
        rect: .zero, options: [.mouseMoved, .mouseEnteredAndExited, .activeAlways, .inVisibleRect],
        owner: self, userInfo: nil)
      addTrackingArea(area)
      hoverArea = area
    }

    override func mouseMoved(with event: NSEvent) {
      onHover?(row(at: convert(event.locationInWindow, from: nil)))
    }

    override func mouseExited(with event: NSEvent) {
      onHover?(-1)
    }

    // The table's own click handling would select rows and run a tracking loop; the list's rows
    // are picked by the session instead.
    override func mouseDown(with event: NSEvent) {
      pressedRow = row(at: convert(event.locationInWindow, from: nil))
    }

    override func mouseUp(with event: NSEvent) {
      let row = row(at: convert(event.locationInWindow, from: nil))
      defer { pressedRow = -1 }
      guard row >= 0, row == pressedRow else { return }
      onClick?(row)
    }
  }
#endif
