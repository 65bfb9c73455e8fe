/// The keyboard's look (UIKit's `UIKeyboardAppearance`, same raw values).
public enum KeyboardAppearance: Int, Sendable, CaseIterable {
  /// The system's.
  case `default` = 0
  /// Dark.
  case dark = 1
  /// Light.
  case light = 2
}
