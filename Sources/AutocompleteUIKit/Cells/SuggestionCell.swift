#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import UIKit

  /// The built-in row cell: a list content configuration with the display text (matched characters
  /// in bold), the detail text, Dynamic Type fonts and system colours (Dark Mode). The highlighted
  /// row is filled with the tint colour at full strength (or black or white when the tint keeps
  /// less than 3:1 against the list, WCAG 1.4.11) and its text drawn in black or white, whichever
  /// reads better on the fill (``/AutocompletePresentation/ContrastColor``).
  @MainActor
  final class SuggestionCell: UITableViewCell {
    static let reuseIdentifier = "AutocompleteKit.SuggestionCell"
    private var shown: (styled: StyledText, detail: String?)?

    /// Shows a suggestion: a button for VoiceOver and Voice Control (a double tap picks it).
    func show(_ styled: StyledText, detail: String?) {
      shown = (styled, detail)
      setNeedsUpdateConfiguration()
      applySuggestion(isHighlighted: isSelected || isHighlighted)
      accessibilityTraits = UIKitAccessibility.button
    }

    private func applySuggestion(isHighlighted: Bool) {
      guard let shown else { return }
      var content = UIListContentConfiguration.subtitleCell()
      let font = UIFont.preferredFont(forTextStyle: .body)
      let colors = highlightColors()
      let color: UIColor = isHighlighted ? colors.text : .label
      content.attributedText = shown.styled.attributedString(
        base: [.font: font, .foregroundColor: color], styles: [.matched: [.font: font.bold]])
      content.secondaryText = shown.detail
      content.secondaryTextProperties.color = isHighlighted ? colors.text : .secondaryLabel
      content.secondaryTextProperties.font = .preferredFont(forTextStyle: .footnote)
      contentConfiguration = content
    }

    override func updateConfiguration(using state: UICellConfigurationState) {
      super.updateConfiguration(using: state)
      guard shown != nil else { return }
      let isHighlighted = state.isSelected || state.isHighlighted
      var background = UIBackgroundConfiguration.listPlainCell()
      background.backgroundColor = isHighlighted ? highlightColors().fill : .clear
      backgroundConfiguration = background
      applySuggestion(isHighlighted: isHighlighted)
    }

    /// Shows an action row title as a button.
    func showAction(_ title: String) {
      var content = UIListContentConfiguration.cell()
      content.text = title
      content.textProperties.color = tintColor
      content.image = UIImage(systemName: "plus.circle")
      contentConfiguration = content
      accessibilityTraits = UIKitAccessibility.button
    }

    /// Shows a status line (loading, failure) that cannot be picked.
    func showStatus(_ text: String) {
      var content = UIListContentConfiguration.cell()
      content.text = text
      content.textProperties.color = .secondaryLabel
      contentConfiguration = content
      selectionStyle = .none
      accessibilityTraits = UIKitAccessibility.staticText
    }

    /// The highlighted row's fill and text colours for the current tint and appearance.
    private func highlightColors() -> (fill: UIColor, text: UIColor) {
      let list = UIColor.secondarySystemGroupedBackground.contrastColor(in: traitCollection)
      let fill = ContrastColor.highlightFill(accent: tintColor.contrastColor(in: traitCollection), list: list)
      return (UIColor(fill), UIColor(fill.readableText))
    }

    override func prepareForReuse() {
      super.prepareForReuse()
      shown = nil
      backgroundConfiguration = nil
      selectionStyle = .default
      accessibilityValue = nil
    }
  }

  extension UIColor {
    /// The colour as sRGB components for contrast checks, resolved for `traits`.
    fileprivate func contrastColor(in traits: UITraitCollection) -> ContrastColor {
      var (red, green, blue, alpha): (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 0)
      guard resolvedColor(with: traits).getRed(&red, green: &green, blue: &blue, alpha: &alpha) else {
        return .white
      }
      return ContrastColor(red: Double(red), green: Double(green), blue: Double(blue))
    }

    /// A colour from sRGB components.
    fileprivate convenience init(_ color: ContrastColor) {
      self.init(red: color.red, green: color.green, blue: color.blue, alpha: 1)
    }
  }
#endif
