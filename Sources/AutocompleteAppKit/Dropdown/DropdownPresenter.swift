#if canImport(AppKit) && os(macOS)
  import AppKit

  /// Shows the list for a field or a text view and keeps it in place: floating in a child window
  /// of the field's window (or filling a container view the app gives), re-placed when the parent
  /// window moves, resizes or updates (a field that scrolls, a screen whose Dock moved) but only
  /// when the ``ScreenDropdownGeometry`` changed, and asking its owner to close it when the parent
  /// window resigns key, the app deactivates, or a click lands outside both the list and the field.
  ///
  /// The field controller and the trigger manager share it; they compute the geometry (from
  /// `AutocompletePresentation`) and turn hovers and clicks into session events.
  @MainActor
  final class DropdownPresenter: NSObject {
    let adapter = DropdownTableAdapter()
    let listView = DropdownListView(frame: .zero)
    private let panel = DropdownPanel()
    private weak var parentWindow: NSWindow?
    private weak var container: NSView?
    private var lastGeometry: ScreenDropdownGeometry?
    private var lastPlacement: DropdownPlacement?
    private var mouseMonitor: Any?

    /// The controller or manager whose list this is.
    weak var owner: (any DropdownPresenterOwner)?

    var tableView: DropdownTableView { listView.tableView }

    override init() {
      super.init()
      tableView.dataSource = adapter
      tableView.delegate = adapter
      tableView.onHover = { [weak self] row in self?.hovered(row) }
      tableView.onClick = { [weak self] row in self?.clicked(row) }
      panel.contentView = listView
    }

    // A presenter released with its list up (its owner went away without `detach()`) takes the
    // list window off its parent and stops watching clicks, on the main actor.
    deinit {
      let parent = parentWindow
      let monitor = mouseMonitor
      guard parent != nil || monitor != nil else { return }
      let leftovers = Leftovers(panel: panel, parent: parent, monitor: monitor)
      Task { @MainActor in leftovers.clear() }
    }

    /// Whether the list is on screen (floating or in a container).
    var isShown: Bool { parentWindow != nil || container != nil }

    /// Whether the list floats (rather than filling a container).
    var isFloating: Bool { parentWindow != nil }
    /// Whether the session event being handled came from the pointer hovering over a row (its
    /// highlight is not announced).
    private(set) var isPointerDriven = false
    /// Whether the rows are on screen: in a container, or floating where the geometry left room.
    var isOnScreen: Bool {
      if container != nil { return true }
      return isFloating && (lastPlacement?.isVisible ?? true)
    }

    /// Shows the rows floating over `window`, reloaded, the highlighted row selected and scrolled
    /// to; ``place(_:)`` puts the list where it belongs.
    func show(over window: NSWindow) {
      removeFromContainer()
      if parentWindow !== window {
        detachFromParent()
        window.addChildWindow(panel, ordered: .above)
        parentWindow = window
        startTracking(window)
      }
      reload()
    }

    /// Shows the rows filling `container` (MJ's `container`), reloaded.
    func show(in container: NSView) {
      if parentWindow != nil { detachFromParent() }
      if listView.superview !== container {
        if panel.contentView === listView { panel.contentView = NSView(frame: .zero) }
        listView.removeFromSuperview()
        listView.frame = container.bounds
        listView.autoresizingMask = [.width, .height]
        container.addSubview(listView)
        self.container = container
      }
      listView.isScrollEnabled = true
      reload()
    }

    /// Puts the floating list where `geometry` says, unless nothing changed since the last time.
    func place(_ geometry: ScreenDropdownGeometry) {
      guard isFloating, geometry != lastGeometry else { return }
      lastGeometry = geometry
      let placement = geometry.placement
      lastPlacement = placement
      panel.apply(placement)
      tableView.sizeLastColumnToFit()
      if let row = adapter.rows.highlightedTableRow { tableView.scrollRowToVisible(row) }
    }

    /// Takes the list off screen and stops following the parent window.
    func hide() {
      detachFromParent()
      removeFromContainer()
    }

    private func reload() {
      tableView.reloadData()
      if let row = adapter.rows.highlightedTableRow {
        tableView.selectRowIndexes(IndexSet(integer: row), byExtendingSelection: false)
        tableView.scrollRowToVisible(row)
      } else {
        tableView.deselectAll(nil)
      }
    }

    /// Puts the list back into the panel (also when the container went away meanwhile).
    private func removeFromContainer() {
      container = nil
      guard panel.contentView !== listView else { return }
      listView.removeFromSuperview()
      listView.autoresizingMask = []
      panel.contentView = listView
    }

    private func detachFromParent() {
      guard let parentWindow else { return }
      stopTracking(parentWindow)
      parentWindow.removeChildWindow(panel)
      panel.orderOut(nil)
      self.parentWindow = nil
      lastGeometry = nil
      lastPlacement = nil
    }

    // MARK: Following the parent window

    private static let layoutNotifications: [Notification.Name] = [
      NSWindow.didMoveNotification, NSWindow.didResizeNotification, NSWindow.didUpdateNotification,
      NSWindow.didChangeScreenNotification,
    ]

    private func startTracking(_ window: NSWindow) {
      let center = NotificationCenter.default
      for name in Self.layoutNotifications {
        center.addObserver(self, selector: #selector(parentChanged), name: name, object: window)
      }
      center.addObserver(
        self, selector: #selector(shouldDismiss), name: NSWindow.didResignKeyNotification, object: window)
      center.addObserver(
        self, selector: #selector(shouldDismiss), name: NSApplication.didResignActiveNotification, object: nil
      )
      center.addObserver(
        self, selector: #selector(parentChanged), name: NSApplication.didChangeScreenParametersNotification,
        object: nil)
      mouseMonitor = NSEvent.addLocalMonitorForEvents(matching: [
        .leftMouseDown, .rightMouseDown, .otherMouseDown,
      ]) { [weak self] event in
        self?.mouseDown(event)
        return event
      }
    }

    private func stopTracking(_ window: NSWindow) {
      let center = NotificationCenter.default
      for name in Self.layoutNotifications + [NSWindow.didResignKeyNotification] {
        center.removeObserver(self, name: name, object: window)
      }
      center.removeObserver(self, name: NSApplication.didResignActiveNotification, object: nil)
      center.removeObserver(self, name: NSApplication.didChangeScreenParametersNotification, object: nil)
      if let mouseMonitor { NSEvent.removeMonitor(mouseMonitor) }
      mouseMonitor = nil
    }

    @objc private func parentChanged() {
      owner?.layoutDropdown()
    }

    /// The window resigned key, the app deactivated or a click landed elsewhere: the list closes
    /// as Escape closes it (the text stays; the next edit or ↓ opens it again).
    @objc private func shouldDismiss() {
      guard let owner, owner.isListShown else { return }
      owner.session.press(.escape)
    }

    /// The pointer moved over a table row (`-1`: off the table): that row is highlighted.
    private func hovered(_ tableRow: Int) {
      guard let owner, owner.isListShown, let event = adapter.rows.event(forHoveringTableRow: tableRow) else {
        return
      }
      isPointerDriven = true
      defer { isPointerDriven = false }
      owner.session.send(event)
    }

    /// A table row was clicked: the owner's event for it (a pick) goes to the session.
    private func clicked(_ tableRow: Int) {
      guard let owner, let location = adapter.rows.location(atTableRow: tableRow),
        let event = owner.event(forClickingRowAt: location)
      else { return }
      owner.session.send(event)
    }

    /// A click somewhere in the app: outside both the list and the field, the list closes.
    private func mouseDown(_ event: NSEvent) {
      guard isFloating, event.window !== panel, let placement = lastPlacement,
        let anchor = owner?.anchorScreenFrame
      else { return }
      let point =
        event.window.map { $0.convertPoint(toScreen: event.locationInWindow) } ?? NSEvent.mouseLocation
      if placement.shouldClose(forTapAt: point, fieldFrame: anchor) { shouldDismiss() }
    }
  }

  /// What a released presenter leaves behind: handed to the main actor once, from the deinit,
  /// where nothing else can reach it any more.
  private struct Leftovers: @unchecked Sendable {
    let panel: NSPanel
    weak var parent: NSWindow?
    let monitor: Any?

    @MainActor func clear() {
      if let monitor { NSEvent.removeMonitor(monitor) }
      parent?.removeChildWindow(panel)
      panel.orderOut(nil)
    }
  }
#endif
