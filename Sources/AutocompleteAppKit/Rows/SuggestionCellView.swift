#if canImport(AppKit) && os(macOS)
  import AppKit

  /// The built-in row view: the display text (matched characters in bold) over the detail text, or
  /// an action row's title with a plus icon, a status line, or a section title. System colours, so
  /// it follows Dark Mode, and the selected-text colour on the highlighted row.
  @MainActor
  final class SuggestionCellView: NSTableCellView {
    static let identifier = NSUserInterfaceItemIdentifier("AutocompleteKit.SuggestionCellView")

    private enum Shown {
      case suggestion(StyledText, detail: String?)
      case action(String)
      case status(String)
      case header(String)
    }

    private let titleLabel = NSTextField(labelWithString: "")
    private let detailLabel = NSTextField(labelWithString: "")
    private let icon = NSImageView()
    private var shown: Shown = .status("")
    private var fonts = RowFonts.standard

    init() {
      super.init(frame: .zero)
      setUp()
    }

    required init?(coder: NSCoder) {
      super.init(coder: coder)
      setUp()
    }

    private func setUp() {
      identifier = Self.identifier
      for label in [titleLabel, detailLabel] {
        label.lineBreakMode = .byTruncatingTail
        label.maximumNumberOfLines = 1
        label.setContentCompressionResistancePriority(.defaultLow, for: .horizontal)
      }
      icon.image = NSImage(systemSymbolName: "plus.circle", accessibilityDescription: nil)
      icon.setContentHuggingPriority(.required, for: .horizontal)
      let text = NSStackView(views: [titleLabel, detailLabel])
      text.orientation = .vertical
      text.alignment = .leading
      text.spacing = 1
      let row = NSStackView(views: [icon, text])
      row.orientation = .horizontal
      row.alignment = .centerY
      row.spacing = 6
      row.edgeInsets = NSEdgeInsets(top: 0, left: 8, bottom: 0, right: 8)
      row.translatesAutoresizingMaskIntoConstraints = false
      addSubview(row)
      NSLayoutConstraint.activate([
        row.leadingAnchor.constraint(equalTo: leadingAnchor),
        row.trailingAnchor.constraint(equalTo: trailingAnchor),
        row.centerYAnchor.constraint(equalTo: centerYAnchor),
      ])
      textField = titleLabel
      imageView = icon
      setAccessibilityElement(true)
      setAccessibilityRole(.cell)
    }

    /// Shows a suggestion.
    func show(_ styled: StyledText, detail: String?, fonts: RowFonts) {
      self.fonts = fonts
      shown = .suggestion(styled, detail: detail)
      setAccessibilityRole(.cell)
      redraw()
    }

    /// Shows an action row's title as a button.
    func showAction(_ title: String, fonts: RowFonts) {
      self.fonts = fonts
      shown = .action(title)
      setAccessibilityRole(.button)
      redraw()
    }

    /// Shows a status line (loading, failure) that cannot be picked.
    func showStatus(_ text: String, fonts: RowFonts) {
      self.fonts = fonts
      shown = .status(text)
      setAccessibilityRole(.staticText)
      redraw()
    }

    /// Shows a section title.
    func showHeader(_ title: String, fonts: RowFonts) {
      self.fonts = fonts
      shown = .header(title)
      setAccessibilityRole(.staticText)
      redraw()
    }

    /// The highlighted row is drawn in the accent colour: its text turns to the selected-text
    /// colour.
    override var backgroundStyle: NSView.BackgroundStyle {
      didSet { if backgroundStyle != oldValue { redraw() } }
    }

    private func redraw() {
      let selected = backgroundStyle == .emphasized
      let primary: NSColor = selected ? .alternateSelectedControlTextColor : .labelColor
      let secondary: NSColor = selected ? .alternateSelectedControlTextColor : .secondaryLabelColor
      icon.isHidden = true
      detailLabel.isHidden = true
      switch shown {
      case .suggestion(let styled, let detail):
        titleLabel.attributedStringValue = styled.attributedString(
          base: [.font: fonts.title, .foregroundColor: primary], styles: [.matched: [.font: fonts.matched]])
        if let detail, !detail.isEmpty {
          detailLabel.stringValue = detail
          detailLabel.font = fonts.detail
          detailLabel.textColor = secondary
          detailLabel.isHidden = false
        }
      case .action(let title):
        titleLabel.attributedStringValue = NSAttributedString(
          string: title,
          attributes: [.font: fonts.title, .foregroundColor: selected ? primary : NSColor.controlAccentColor])
        icon.contentTintColor = selected ? primary : .controlAccentColor
        icon.isHidden = false
      case .status(let text):
        titleLabel.attributedStringValue = NSAttributedString(
          string: text, attributes: [.font: fonts.title, .foregroundColor: secondary])
      case .header(let title):
        titleLabel.attributedStringValue = NSAttributedString(
          string: title, attributes: [.font: fonts.header, .foregroundColor: NSColor.secondaryLabelColor])
      }
    }
  }
#endif
