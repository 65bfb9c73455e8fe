#if canImport(AppKit) && os(macOS)
  import AppKit

  /// The list itself: a table in a scroll view on the menu material, with rounded corners. It
  /// lives in the floating ``DropdownPanel``, or fills a container view the app gives.
  @MainActor
  final class DropdownListView: NSVisualEffectView {
    let tableView = DropdownTableView(frame: .zero)
    let scrollView = NSScrollView(frame: .zero)

    override init(frame: NSRect) {
      super.init(frame: frame)
      setUp()
    }

    required init?(coder: NSCoder) {
      super.init(coder: coder)
      setUp()
    }

    private func setUp() {
      material = .menu
      blendingMode = .behindWindow
      state = .active
      wantsLayer = true
      layer?.cornerRadius = 8
      layer?.masksToBounds = true
      let column = NSTableColumn(identifier: NSUserInterfaceItemIdentifier("AutocompleteKit.Suggestion"))
      column.resizingMask = .autoresizingMask
      tableView.addTableColumn(column)
      tableView.headerView = nil
      tableView.style = .plain
      tableView.backgroundColor = .clear
      tableView.intercellSpacing = .zero
      tableView.columnAutoresizingStyle = .lastColumnOnlyAutoresizingStyle
      tableView.floatsGroupRows = false
      tableView.allowsEmptySelection = true
      tableView.focusRingType = .none
      tableView.refusesFirstResponder = true
      tableView.setAccessibilityLabel(SuggestionAccessibility.listLabel)
      scrollView.documentView = tableView
      scrollView.drawsBackground = false
      scrollView.hasVerticalScroller = false
      scrollView.hasHorizontalScroller = false
      scrollView.autohidesScrollers = true
      scrollView.frame = bounds
      scrollView.autoresizingMask = [.width, .height]
      addSubview(scrollView)
    }

    /// Whether the rows scroll (they are taller than the list).
    var isScrollEnabled: Bool {
      get { scrollView.hasVerticalScroller }
      set {
        scrollView.hasVerticalScroller = newValue
        scrollView.verticalScrollElasticity = newValue ? .automatic : .none
      }
    }
  }
#endif
