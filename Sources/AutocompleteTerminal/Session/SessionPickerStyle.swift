/// What a session picker shows around the session's rows: title, hint lines, prompt and the input
/// field's layout. Everything here is static text the screen chooses; the rows, ghost text and status
/// come from the session's state.
public struct SessionPickerStyle: Sendable, Equatable {
  /// A bold line above the input, or `nil`.
  public var title: String?
  /// A dim line under the title (for example the current options), or `nil`.
  public var header: String?
  /// The prompt before the text.
  public var prompt: String
  /// A dim line on the last screen row (for example the key bindings), or `nil`.
  public var footer: String?
  /// One line, or a wrapping message composer.
  public var inputStyle: PickerViewModel.InputStyle
  /// Whether the status line shows the number of rows while results are shown.
  public var showsMatchCount: Bool
  /// How mentions look, by their trigger's `SessionTrigger/mentionStyle`.
  public var mentionStyles: [String: CellStyle]
  /// How mentions of triggers without a style in ``mentionStyles`` look: bold cyan by default.
  public var mentionStyle: CellStyle

  /// Creates a style; by default a bare `"> "` prompt with a match count, as `autocomplete pick` shows.
  public init(
    title: String? = nil, header: String? = nil, prompt: String = "> ", footer: String? = nil,
    inputStyle: PickerViewModel.InputStyle = .singleLine, showsMatchCount: Bool = true,
    mentionStyles: [String: CellStyle] = [:],
    mentionStyle: CellStyle = CellStyle(bold: true, foreground: .cyan)
  ) {
    self.title = title
    self.header = header
    self.prompt = prompt
    self.footer = footer
    self.inputStyle = inputStyle
    self.showsMatchCount = showsMatchCount
    self.mentionStyles = mentionStyles
    self.mentionStyle = mentionStyle
  }
}
