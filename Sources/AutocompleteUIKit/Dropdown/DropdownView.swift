#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import UIKit

  /// The floating list: a table in a rounded, shadowed container that the field adds to its window,
  /// so it floats above every view and is not modal.
  @MainActor
  final class DropdownView: UIView {
    let tableView = UITableView(frame: .zero, style: .plain)
    /// Called by VoiceOver's escape gesture (a two-finger Z) while focus is in the list.
    var onEscape: (() -> Void)?

    /// VoiceOver's escape gesture closes the list.
    override func accessibilityPerformEscape() -> Bool {
      // The SDK declares it nonisolated (VoiceOver calls it on the main thread); the list closes on
      // the main actor right after (`MainActor.assumeIsolated` needs iOS 17).
      Task { @MainActor [weak self] in self?.onEscape?() }
      return true
    }

    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
      super.traitCollectionDidChange(previousTraitCollection)
      updateContrast()
    }

    /// With Increase Contrast on, a border separates the list (the shadow alone is faint).
    @objc func updateContrast() {
      let isHigh =
        traitCollection.accessibilityContrast == .high || UIAccessibility.isDarkerSystemColorsEnabled
      tableView.layer.borderWidth = isHigh ? 1.5 : 0
      tableView.layer.borderColor = UIColor.label.resolvedColor(with: traitCollection).cgColor
    }

    override init(frame: CGRect) {
      super.init(frame: frame)
      setUp()
    }

    required init?(coder: NSCoder) {
      super.init(coder: coder)
      setUp()
    }

    /// The container's shadow and the table's look, rows and accessibility.
    private func setUp() {
      backgroundColor = .clear
      layer.shadowColor = UIColor.black.cgColor
      layer.shadowOpacity = 0.18
      layer.shadowRadius = 8
      layer.shadowOffset = CGSize(width: 0, height: 3)
      tableView.frame = bounds
      tableView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
      tableView.backgroundColor = .secondarySystemGroupedBackground
      tableView.layer.cornerRadius = 10
      tableView.layer.cornerCurve = .continuous
      tableView.clipsToBounds = true
      tableView.rowHeight = UITableView.automaticDimension
      tableView.sectionHeaderTopPadding = 0
      tableView.keyboardDismissMode = .none
      tableView.register(SuggestionCell.self, forCellReuseIdentifier: SuggestionCell.reuseIdentifier)
      tableView.accessibilityLabel = SuggestionAccessibility.listLabel
      addSubview(tableView)
      accessibilityElements = [tableView]
      NotificationCenter.default.addObserver(
        self, selector: #selector(updateContrast),
        name: UIAccessibility.darkerSystemColorsStatusDidChangeNotification, object: nil)
      updateContrast()
    }

    /// Applies a placement (window coordinates); `windowBounds` is the window's bounds in the host
    /// view's coordinates (the host is the field's view controller's view, or the window).
    func apply(
      _ placement: DropdownPlacement, in windowBounds: CGRect,
      semanticContentAttribute attribute: UISemanticContentAttribute
    ) {
      frame = placement.frame.offsetBy(dx: windowBounds.minX, dy: windowBounds.minY)
      tableView.isScrollEnabled = placement.isScrollEnabled
      tableView.showsVerticalScrollIndicator = placement.isScrollEnabled
      semanticContentAttribute = attribute
      tableView.semanticContentAttribute = attribute
      isHidden = !placement.isVisible
    }

    /// The height of every row, laid out (or estimated), in display order.
    func rowHeights() -> [CGFloat] {
      tableView.layoutIfNeeded()
      var heights: [CGFloat] = []
      for section in 0..<tableView.numberOfSections {
        for row in 0..<tableView.numberOfRows(inSection: section) {
          heights.append(tableView.rectForRow(at: IndexPath(row: row, section: section)).height)
        }
        let header = tableView.rectForHeader(inSection: section).height
        if header > 0, !heights.isEmpty { heights[heights.count - 1] += header }
      }
      return heights
    }
  }
#endif
