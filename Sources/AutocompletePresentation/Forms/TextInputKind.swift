/// The kind of text input view a configuration applies to.
public enum TextInputKind: Sendable, Hashable {
  /// A single-line field (`UITextField`).
  case textField
  /// A multi-line view (`UITextView`), which has no clear button.
  case textView
}
