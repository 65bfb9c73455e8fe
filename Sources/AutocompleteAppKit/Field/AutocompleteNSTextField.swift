#if canImport(AppKit) && os(macOS)
  import AppKit

  /// A drop-in `NSTextField` with an autocomplete list, inline completion, keyboard navigation and
  /// VoiceOver support. Create it in code or set a text field's class to it in Interface Builder;
  /// give it a ``dataSource`` (RVS style), ``items`` or ``sources``.
  ///
  /// ```swift
  /// let field = AutocompleteNSTextField()
  /// field.items = ["Jon Snow", "Sansa Stark", "Tyrion Lannister"]
  /// field.autocompleteDelegate = self
  /// ```
  ///
  /// The options carry RVS_AutofillTextField's names and defaults and are `@IBInspectable`; every
  /// one can change at run time. The field's own `delegate` stays the app's.
  @MainActor
  open class AutocompleteNSTextField: NSTextField {
    /// The controller doing the work; its session is ``session``.
    public private(set) var autocomplete: AutocompleteTextFieldController!

    /// Creates a field in code.
    public override init(frame frameRect: NSRect) {
      super.init(frame: frameRect)
      setUp()
    }

    /// Creates a field from a nib or storyboard.
    public required init?(coder: NSCoder) {
      super.init(coder: coder)
      setUp()
    }

    private func setUp() {
      let existing = super.delegate
      let controller = AutocompleteTextFieldController(textField: self)
      controller.textFieldDelegate = existing
      autocomplete = controller
      super.delegate = controller.textFieldDelegateProxy
    }

    /// The app's `NSTextFieldDelegate`; it receives every call, after the field has seen the
    /// editing notifications and the field editor's commands.
    open override var delegate: (any NSTextFieldDelegate)? {
      get { autocomplete?.textFieldDelegate }
      set {
        if let autocomplete {
          guard newValue !== autocomplete.textFieldDelegateProxy else { return }
          autocomplete.textFieldDelegate = newValue
        } else {
          super.delegate = newValue
        }
      }
    }

    /// Gaining the focus starts the session (a plain field would wait for the first change), so
    /// the list can show at once for a query already typed or with a minimum length of zero.
    open override func becomeFirstResponder() -> Bool {
      let became = super.becomeFirstResponder()
      if became { autocomplete?.editingBegan() }
      return became
    }

    /// The session behind the field.
    public var session: AutocompleteSession { autocomplete.session }

    /// Receives every ``AutocompleteFieldEvent``: picks, the action row, Return, clearing, rows.
    public weak var autocompleteDelegate: (any AutocompleteFieldDelegate)? {
      get { autocomplete.delegate }
      set { autocomplete.delegate = newValue }
    }

    /// RVS's data source (`textDictionary` or a custom search).
    public weak var dataSource: (any AutofillDataSource)? {
      get { autocomplete.dataSource }
      set { autocomplete.dataSource = newValue }
    }

    /// A static list to search, the simplest way to give the field data.
    public var items: [AutocompleteItem] = [] {
      didSet { autocomplete.sources = [ListSource(items)] }
    }

    /// The sources to ask (an index, an async or callback source…); several give sections.
    public var sources: [any SuggestionSource] {
      get { autocomplete.sources }
      set { autocomplete.sources = newValue }
    }

    /// All options at once.
    public var options: AutofillOptions {
      get { autocomplete.options }
      set { autocomplete.options = newValue }
    }

    /// The main switch; off makes this a plain text field. Default `true`.
    @IBInspectable public var isAutoFillOn: Bool {
      get { options.isAutoFillOn }
      set { options.isAutoFillOn = newValue }
    }

    /// When on, case and diacritics count. Default `false`.
    @IBInspectable public var isCaseSensitive: Bool {
      get { options.isCaseSensitive }
      set { options.isCaseSensitive = newValue }
    }

    /// Characters may come before the match. Default `false`.
    @IBInspectable public var isWildcardBefore: Bool {
      get { options.isWildcardBefore }
      set { options.isWildcardBefore = newValue }
    }

    /// Characters may come after the match. Default `true`.
    @IBInspectable public var isWildcardAfter: Bool {
      get { options.isWildcardAfter }
      set { options.isWildcardAfter = newValue }
    }

    /// At most this many suggestions; negative is unlimited. Default 5.
    @IBInspectable public var maximumAutofillCount: Int {
      get { options.maximumAutofillCount }
      set { options.maximumAutofillCount = newValue }
    }

    /// Shows the best match as ghost text after the caret (seed 002). Default `false`.
    @IBInspectable public var showsInlineCompletion: Bool {
      get { options.showsInlineCompletion }
      set { options.showsInlineCompletion = newValue }
    }

    /// How many typos a suggestion may have, as text for Interface Builder: `off` (the default),
    /// `auto` (1 typo from 4 characters, 2 from 8), `0`, `1` or `2`; other text turns it off. In code,
    /// set `options.typoTolerance`.
    @IBInspectable public var typoTolerance: String {
      get { options.typoToleranceText }
      set { options.typoToleranceText = newValue }
    }

    /// Whether items in other scripts are also found through their Latin readings ("beijing" finds
    /// 北京) and queries typed on the wrong keyboard layout ("vjcrdf" finds Москва). Default `false`.
    /// Lists (``items``, `ListSource`) read their items when on; an index answers the retyped queries,
    /// and its readings when built with them. In code, set `options.transliteration`.
    @IBInspectable public var findsLatinReadings: Bool {
      get { options.transliteration == .latin }
      set { options.transliteration = newValue ? .latin : .none }
    }

    /// Queries shorter than this do not search. Default 1.
    @IBInspectable public var minimumQueryLength: Int {
      get { options.minimumQueryLength }
      set { options.minimumQueryLength = newValue }
    }

    /// Whether the list shows; off leaves only the inline completion (seed 002). Default `true`.
    @IBInspectable public var showsSuggestionList: Bool {
      get { autocomplete.showsSuggestionList }
      set { autocomplete.showsSuggestionList = newValue }
    }

    /// At most this many rows are visible before the list scrolls. Default 5.
    @IBInspectable public var maximumVisibleRows: Int {
      get { autocomplete.maximumVisibleRows }
      set { autocomplete.maximumVisibleRows = newValue }
    }

    /// The typed text's colour while an inline completion shows (seed 002).
    @IBInspectable public var boldTextColor: NSColor {
      get { autocomplete.boldTextColor }
      set { autocomplete.boldTextColor = newValue }
    }

    /// The ghost text's colour (seed 002).
    @IBInspectable public var lightTextColor: NSColor {
      get { autocomplete.lightTextColor }
      set { autocomplete.lightTextColor = newValue }
    }

    /// The font of the built-in rows; the system's body font by default.
    public var rowFont: NSFont {
      get { autocomplete.rowFont }
      set { autocomplete.rowFont = newValue }
    }

    /// A mode the wildcard switches cannot express (fuzzy, words); `nil` uses the switches.
    public var matchMode: MatchMode? {
      get { options.matchMode }
      set { options.matchMode = newValue }
    }

    /// Waits this long after the last keystroke before searching; `nil` searches at once.
    public var debounce: Duration? {
      get { options.debounce }
      set { options.debounce = newValue }
    }

    /// How suggestion rows are made (built-in, or your view and its height).
    public var cellProvider: SuggestionCellProvider {
      get { autocomplete.cellProvider }
      set { autocomplete.cellProvider = newValue }
    }

    /// The extra action row, or `nil`.
    public var actionRow: ActionRowConfiguration? {
      get { autocomplete.actionRow }
      set { autocomplete.actionRow = newValue }
    }
  }
#endif
