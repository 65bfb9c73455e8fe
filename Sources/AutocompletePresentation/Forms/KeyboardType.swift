/// The keyboard's layout (UIKit's `UIKeyboardType`, same raw values).
public enum KeyboardType: Int, Sendable, CaseIterable {
  /// The default keyboard for the input method.
  case `default` = 0
  /// ASCII characters only.
  case asciiCapable = 1
  /// Numbers and punctuation.
  case numbersAndPunctuation = 2
  /// For URLs.
  case url = 3
  /// Digits.
  case numberPad = 4
  /// A telephone keypad.
  case phonePad = 5
  /// A keypad for a name or a phone number.
  case namePhonePad = 6
  /// For e-mail addresses.
  case emailAddress = 7
  /// Digits and a decimal point.
  case decimalPad = 8
  /// With `@` and `#` close at hand.
  case twitter = 9
  /// For web searches.
  case webSearch = 10
  /// ASCII digits.
  case asciiCapableNumberPad = 11
}
