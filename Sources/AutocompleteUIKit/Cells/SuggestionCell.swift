#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import UIKit

  /// The built-in row cell: a list content configuration with the display text (matched characters
  /// in bold), the detail text, Dynamic Type fonts and system colours (Dark Mode).
  @MainActor
  final class SuggestionCell: UITableViewCell {
    static let reuseIdentifier = "AutocompleteKit.SuggestionCell"

    /// Shows a suggestion.
    func show(_ styled: StyledText, detail: String?) {
      var content = UIListContentConfiguration.subtitleCell()
      let font = UIFont.preferredFont(forTextStyle: .body)
      content.attributedText = styled.attributedString(
        base: [.font: font, .foregroundColor: UIColor.label], styles: [.matched: [.font: font.bold]])
      content.secondaryText = detail
      content.secondaryTextProperties.color = .secondaryLabel
      content.secondaryTextProperties.font = .preferredFont(forTextStyle: .footnote)
      contentConfiguration = content
      accessibilityTraits = UIKitAccessibility.staticText
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

    override func prepareForReuse() {
      super.prepareForReuse()
      selectionStyle = .default
      accessibilityValue = nil
    }
  }
#endif
