/// The keyboard and text traits a text-input configuration sets, with AirCollection's defaults
/// (`TextFieldConfiguration`): sentence capitalization, no clear button, no custom input view, not
/// secure, no content type, the system's choice for everything else.
///
/// A configuration sets **every** trait each time it configures a view, so a reused cell's field
/// keeps nothing of the previous configuration (a custom input view, a secure entry, a content
/// type); ``kinds(for:)`` is the list it goes through.
public struct TextInputTraits: Sendable, Hashable {
  /// One trait.
  public enum Kind: Sendable, Hashable, CaseIterable {
    /// `autocapitalizationType`.
    case autocapitalization
    /// `autocorrectionType`.
    case autocorrection
    /// `clearButtonMode` (text fields only).
    case clearButtonMode
    /// `inputView`: the configuration's own view, or none.
    case inputView
    /// `isSecureTextEntry`.
    case secureTextEntry
    /// `keyboardAppearance`.
    case keyboardAppearance
    /// `keyboardType`.
    case keyboardType
    /// `returnKeyType`.
    case returnKeyType
    /// `smartDashesType`.
    case smartDashes
    /// `smartQuotesType`.
    case smartQuotes
    /// `smartInsertDeleteType`.
    case smartInsertDelete
    /// `spellCheckingType`.
    case spellChecking
    /// `textContentType`.
    case textContentType
  }

  /// Capitalization; `.sentences` by default.
  public var autocapitalization: TextAutocapitalization = .sentences
  /// Autocorrection; the system's by default.
  public var autocorrection: TextInputSwitch = .default
  /// When the clear button shows; never by default.
  public var clearButtonMode: TextFieldViewMode = .never
  /// Whether the text is hidden and cannot be copied; `false` by default.
  public var isSecureTextEntry = false
  /// The keyboard's look; the system's by default.
  public var keyboardAppearance: KeyboardAppearance = .default
  /// The keyboard's layout; the default keyboard by default.
  public var keyboardType: KeyboardType = .default
  /// The Return key's title; "return" by default.
  public var returnKeyType: ReturnKeyType = .default
  /// Smart dashes; the system's by default.
  public var smartDashes: TextInputSwitch = .default
  /// Smart quotes; the system's by default.
  public var smartQuotes: TextInputSwitch = .default
  /// Smart insertion and deletion of spaces; the system's by default.
  public var smartInsertDelete: TextInputSwitch = .default
  /// Spell checking; the system's by default.
  public var spellChecking: TextInputSwitch = .default
  /// The semantic content type (UIKit's `UITextContentType` raw value, such as `"emailAddress"`),
  /// or `nil` (the default).
  public var textContentType: String?

  /// The defaults.
  public init() {}

  /// Every trait a configuration of `kind` sets, in order, each once: all thirteen for a text
  /// field, all but the clear button for a text view.
  public static func kinds(for kind: TextInputKind) -> [Kind] {
    switch kind {
    case .textField: Kind.allCases
    case .textView: Kind.allCases.filter { $0 != .clearButtonMode }
    }
  }
}
