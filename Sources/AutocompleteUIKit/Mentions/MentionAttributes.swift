#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import UIKit

  /// How a mention looks in a text view: colour, background and font, for one
  /// ``/AutocompleteCore/SessionTrigger/mentionStyle`` (see
  /// ``AutocompleteTriggerManager/mentionAttributes``). `nil` keeps the view's own.
  public struct MentionAttributes: @unchecked Sendable, Equatable {
    /// The text colour.
    public var foregroundColor: UIColor?
    /// The background colour.
    public var backgroundColor: UIColor?
    /// The font.
    public var font: UIFont?
    /// The background of a mention the first Backspace selected (two-step deletion), when the
    /// view's own selection is not shown.
    public var selectedBackgroundColor: UIColor?

    /// Creates attributes.
    public init(
      foregroundColor: UIColor? = nil, backgroundColor: UIColor? = nil, font: UIFont? = nil,
      selectedBackgroundColor: UIColor? = nil
    ) {
      self.foregroundColor = foregroundColor
      self.backgroundColor = backgroundColor
      self.font = font
      self.selectedBackgroundColor = selectedBackgroundColor
    }

    /// The tint colour on a light tint background, as chat apps show mentions.
    public static let standard = MentionAttributes(
      foregroundColor: .tintColor, backgroundColor: UIColor.tintColor.withAlphaComponent(0.12))

    /// The attributes to set on a mention's range.
    func attributes(selected: Bool) -> [NSAttributedString.Key: Any] {
      var attributes: [NSAttributedString.Key: Any] = [:]
      if let foregroundColor { attributes[.foregroundColor] = foregroundColor }
      if let background = selected ? (selectedBackgroundColor ?? backgroundColor) : backgroundColor {
        attributes[.backgroundColor] = background
      }
      if let font { attributes[.font] = font }
      return attributes
    }
  }

  extension NSAttributedString.Key {
    /// Marks the characters of a mention (its id); the trigger manager restyles what carries it.
    static let autocompleteMention = NSAttributedString.Key("AutocompleteKit.mention")
  }
#endif
