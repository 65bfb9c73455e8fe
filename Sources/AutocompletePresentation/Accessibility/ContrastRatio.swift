import Foundation

/// WCAG 2 contrast between two opaque sRGB colours, for the highlighted row's fill against the
/// list (WCAG 1.4.11, non-text contrast: at least 3:1) and its text against the fill (1.4.3: 4.5:1).
public struct ContrastColor: Sendable, Hashable {
  /// Red, green and blue in 0…1 (sRGB).
  public var red, green, blue: Double

  /// A colour from sRGB components in 0…1 (values outside are clamped).
  public init(red: Double, green: Double, blue: Double) {
    self.red = min(max(red, 0), 1)
    self.green = min(max(green, 0), 1)
    self.blue = min(max(blue, 0), 1)
  }

  /// The colour `alpha` of `self` over `background` (a translucent fill as it is seen).
  public func composited(alpha: Double, over background: ContrastColor) -> ContrastColor {
    let a = min(max(alpha, 0), 1)
    return ContrastColor(
      red: red * a + background.red * (1 - a), green: green * a + background.green * (1 - a),
      blue: blue * a + background.blue * (1 - a))
  }

  /// The relative luminance (WCAG 2).
  public var luminance: Double {
    func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
  }

  /// The contrast ratio with `other`, from 1 (same) to 21 (black on white).
  public func contrast(with other: ContrastColor) -> Double {
    let (a, b) = (luminance, other.luminance)
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)
  }

  /// White.
  public static let white = ContrastColor(red: 1, green: 1, blue: 1)
  /// Black.
  public static let black = ContrastColor(red: 0, green: 0, blue: 0)

  /// The minimum contrast of the highlighted row's fill against the list (WCAG 1.4.11).
  public static let minimumHighlightContrast = 3.0

  /// White or black, whichever reads better on `self` (the highlighted row's text colour).
  public var readableText: ContrastColor {
    contrast(with: .white) >= contrast(with: .black) ? .white : .black
  }

  /// The highlighted row's fill on a list of colour `list`: the accent when it keeps at least
  /// ``minimumHighlightContrast`` against the list, otherwise black or white, whichever contrasts
  /// more with the list (a pale custom tint on a light list).
  public static func highlightFill(accent: ContrastColor, list: ContrastColor) -> ContrastColor {
    if accent.contrast(with: list) >= minimumHighlightContrast { return accent }
    return list.readableText
  }
}
