/// Everything the terminal picker shows, as plain values: the input field, the dropdown rows and the
/// status. A front end (or an adapter from a session's state) builds one per frame and draws it with
/// ``PickerView``.
public struct PickerViewModel: Sendable, Equatable {
  /// One dropdown row.
  public struct Row: Sendable, Equatable {
    /// The text shown.
    public var title: String
    /// The matched characters, as ranges of ``title``; drawn bold. Ranges outside ``title`` are ignored.
    public var highlights: [Range<String.Index>]
    /// Secondary text, drawn dim and right-aligned when there is room.
    public var detail: String?
    /// Whether this is an extra action row (for example "Add “xyz”…") rather than a suggestion.
    public var isAction: Bool
    /// Whether the row is marked for a multiple choice (`pick --multi`); drawn with a "•".
    public var isMarked: Bool
    /// Whether the row is a remembered pick (`Suggestion.isRecent`); drawn with a clock, "◷".
    public var isRecent: Bool

    /// Creates a row.
    public init(
      title: String, highlights: [Range<String.Index>] = [], detail: String? = nil, isAction: Bool = false,
      isMarked: Bool = false, isRecent: Bool = false
    ) {
      self.title = title
      self.highlights = highlights
      self.detail = detail
      self.isAction = isAction
      self.isMarked = isMarked
      self.isRecent = isRecent
    }
  }

  /// The line below (or above) the rows.
  public enum Status: Sendable, Equatable {
    /// No status line.
    case none
    /// A search is running; `frame` picks the spinner frame (increment it on each tick).
    case loading(frame: Int)
    /// The search is taking long; the rows shown may be out of date.
    case stalled
    /// The search finished without results.
    case noResults
    /// The search failed; the message is shown in red.
    case failed(String)
    /// How many rows are shown, and of how many matches when known.
    case count(shown: Int, total: Int?)
  }

  /// A stretch of the input text drawn in a style of its own (a mention in a colour).
  public struct TextSpan: Sendable, Equatable {
    /// The characters, as Character offsets into ``PickerViewModel/text``.
    public var range: Range<Int>
    /// The style added to theirs.
    public var style: CellStyle

    /// Creates a span.
    public init(range: Range<Int>, style: CellStyle) {
      self.range = range
      self.style = style
    }
  }

  /// How the input field is laid out.
  public enum InputStyle: Sendable, Equatable {
    /// One line, scrolled horizontally to keep the caret visible.
    case singleLine
    /// A message composer: the text wraps (and breaks at newlines) over up to `maximumLines` lines,
    /// scrolled vertically to keep the caret visible.
    case multiLine(maximumLines: Int)
  }

  /// An optional title line above the input.
  public var title: String?
  /// An optional hint line above the input (under the title), drawn dim.
  public var header: String?
  /// The prompt before the text, for example `"City: "`.
  public var prompt: String
  /// The text typed so far.
  public var text: String
  /// The caret, as an offset in Characters into ``text`` (clamped to `0...text.count`).
  public var caret: Int
  /// The caret as an index of ``text``, when the front end knows it (``LineEditor/caretIndex``): then
  /// laying out the field costs what is visible, not a walk over ``caret`` Characters. It must be the
  /// position after ``caret`` Characters; `nil` (the default) finds it from ``caret``.
  public var caretIndex: String.Index?
  /// Stretches of ``text`` drawn in their own style (mentions); offsets outside the text are ignored.
  public var textSpans: [TextSpan]
  /// Completion text shown dim after ``text`` (inline "ghost" completion).
  public var ghostSuffix: String
  /// The dropdown rows, including action rows.
  public var rows: [Row]
  /// The index of the highlighted row (drawn in reverse video), if any.
  public var highlightedRow: Int?
  /// Whether the dropdown is shown.
  public var isOpen: Bool
  /// The status line.
  public var status: Status
  /// An optional hint line on the last screen row, drawn dim (for example
  /// "↑↓ move · Enter pick · Tab accept · Esc close").
  public var footer: String?
  /// How the input field is laid out.
  public var inputStyle: InputStyle
  /// The first row the previous frame showed (from ``PickerFrame/firstVisibleRow``); the dropdown
  /// scrolls as little as possible from there to keep the highlighted row visible.
  public var firstVisibleRow: Int
  /// How many items were searched, when the app knows (`pick`): the count then reads like fzf's,
  /// matches over items ("136/1058"), rather than rows over matches.
  public var itemCount: Int?
  /// How many rows are marked (`pick --multi`), shown after the count ("136/1058 (2)").
  public var markedCount = 0
  /// Matches that have no row yet (a picker that makes rows a page at a time): the "↓ n more" line
  /// counts them too, so it says how many matches are below.
  public var unmadeRowCount = 0

  /// Creates a view model; by default a closed, empty single-line field.
  public init(
    title: String? = nil, header: String? = nil, prompt: String = "> ", text: String = "",
    caret: Int? = nil, textSpans: [TextSpan] = [], ghostSuffix: String = "", rows: [Row] = [],
    highlightedRow: Int? = nil,
    isOpen: Bool = false, status: Status = .none, footer: String? = nil,
    inputStyle: InputStyle = .singleLine, firstVisibleRow: Int = 0
  ) {
    self.title = title
    self.header = header
    self.prompt = prompt
    self.text = text
    self.caret = caret ?? text.count
    self.caretIndex = nil
    self.textSpans = textSpans
    self.ghostSuffix = ghostSuffix
    self.rows = rows
    self.highlightedRow = highlightedRow
    self.isOpen = isOpen
    self.status = status
    self.footer = footer
    self.inputStyle = inputStyle
    self.firstVisibleRow = firstVisibleRow
  }
}
