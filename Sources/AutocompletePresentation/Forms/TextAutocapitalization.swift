/// When the keyboard turns on capitals (UIKit's `UITextAutocapitalizationType`, same raw values).
public enum TextAutocapitalization: Int, Sendable, CaseIterable {
  /// Never.
  case none = 0
  /// At the start of every word.
  case words = 1
  /// At the start of every sentence (AirCollection's default).
  case sentences = 2
  /// Every character.
  case allCharacters = 3
}
