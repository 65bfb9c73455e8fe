#if canImport(AppKit) && os(macOS)
  import AppKit

  /// How a mention looks in a text view: colour, background and font, for one
  /// ``/AutocompleteCore/SessionTrigger/mentionStyle`` (see
  /// ``AutocompleteTriggerManager/mentionAttributes``). `nil` keeps the view's own.
  public struct MentionAttributes: @unchecked Sendable, Equatable {
    /// The text colour.
    public var foregroundColor: NSColor?
    /// The background colour.
    public var backgroundColor: NSColor?
    /// The font.
    public var font: NSFont?
    /// The background of a mention the first Delete selected (two-step deletion), when the view's
    /// own selection is not shown.
    public var selectedBackgroundColor: NSColor?

    /// Creates attributes.
    public init(
      foregroundColor: NSColor? = nil, backgroundColor: NSColor? = nil, font: NSFont? = nil,
      selectedBackgroundColor: NSColor? = nil
    ) {
      self.foregroundColor = foregroundColor
      self.backgroundColor = backgroundColor
      self.font = font
      self.selectedBackgroundColor = selectedBackgroundColor
    }

    /// The accent colour on a light accent background, as chat apps show mentions.
    public static let standard = MentionAttributes(
      foregroundColor: .controlAccentColor,
      backgroundColor: NSColor.controlAccentColor.withAlphaComponent(0.12),
      selectedBackgroundColor: .selectedTextBackgroundColor)

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
