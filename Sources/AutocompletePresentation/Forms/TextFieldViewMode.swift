/// When a text field's overlay view (the clear button) shows (UIKit's `UITextField.ViewMode`,
/// same raw values).
public enum TextFieldViewMode: Int, Sendable, CaseIterable {
  /// Never (AirCollection's default for the clear button).
  case never = 0
  /// While editing.
  case whileEditing = 1
  /// While not editing.
  case unlessEditing = 2
  /// Always.
  case always = 3
}
