#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import UIKit

  /// A drop-in `UITextField` with an autocomplete dropdown, inline completion, hardware-keyboard
  /// navigation and VoiceOver support. Create it in code or set it as a text field's class in a
  /// storyboard; give it a ``dataSource`` (RVS style), ``items`` or ``sources``.
  ///
  /// ```swift
  /// let field = AutocompleteTextField(frame: .zero)
  /// field.items = ["Jon Snow", "Sansa Stark", "Tyrion Lannister"]
  /// field.autocompleteDelegate = self
  /// ```
  ///
  /// The options carry RVS_AutofillTextField's names and defaults and are `@IBInspectable`; every
  /// one can change at run time. The field's own `delegate` stays the app's.
  @MainActor
  open class AutocompleteTextField: UITextField {
    /// The controller doing the work; its session is ``session``.
    public private(set) var autocomplete: AutocompleteFieldController!

    /// Creates a field in code.
    public override init(frame: CGRect) {
      super.init(frame: frame)
      setUp()
    }

    /// Creates a field from a storyboard or nib.
    public required init?(coder: NSCoder) {
      super.init(coder: coder)
      setUp()
    }

    private func setUp() {
      let existing = super.delegate
      let controller = AutocompleteFieldController(textField: self)
      controller.textFieldDelegate = existing
      autocomplete = controller
      super.delegate = controller.textFieldDelegateProxy
    }

    /// The app's `UITextFieldDelegate`; it receives every call, after the field has seen Return,
    /// the clear button and editing begin/end.
    open override var delegate: (any UITextFieldDelegate)? {
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

    /// The session behind the field.
    public var session: AutocompleteSession { autocomplete.session }

    /// Receives every ``AutocompleteFieldEvent``: picks, the action row, Return, clearing, cells.
    public weak var autocompleteDelegate: (any AutocompleteFieldDelegate)? {
      get { autocomplete.delegate }
      set { autocomplete.delegate = newValue }
    }

    /// RVS's data source (`textDictionary` or a custom search).
    public weak var dataSource: (any AutofillDataSource)? {
      get { autocomplete.dataSource }
      set { autocomplete.dataSource = newValue }
    }

    /// The field's remembered picks (see `SessionRecents`): a "Recent" section on focus, recents
    /// first while typing, swipe a recent row to forget it.
    public var recents: SessionRecents? {
      get { autocomplete.baseConfiguration.recents }
      set { autocomplete.baseConfiguration.recents = newValue }
    }

    /// Opens the list from code (recents for an empty field, else the text's suggestions).
    public func showSuggestions() {
      autocomplete.showSuggestions()
    }

    /// Closes the list from code.
    public func hideSuggestions() {
      autocomplete.hideSuggestions()
    }

    /// Whether the field suggests: `false` suspends suggestions for a moment (the list closes,
    /// typing searches nothing), `true` resumes them (the text is searched again). Unlike
    /// ``isAutoFillOn`` (a setting), the options stay as they are.
    public var areSuggestionsEnabled: Bool {
      get { autocomplete.areSuggestionsEnabled }
      set { autocomplete.areSuggestionsEnabled = newValue }
    }

    /// Sets the text from code; the list opens only with `showingSuggestions`.
    public func setText(_ text: String, showingSuggestions: Bool) {
      autocomplete.setText(text, showingSuggestions: showingSuggestions)
    }

    /// Whether rows show a fill button (tap-ahead) that puts their text in the field without
    /// picking.
    public var showsFillButtons: Bool {
      get { autocomplete.showsFillButtons }
      set { autocomplete.showsFillButtons = newValue }
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

    /// Whether the dropdown list shows; off leaves only the inline completion (seed 002). Default
    /// `true`.
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
    @IBInspectable public var boldTextColor: UIColor {
      get { autocomplete.boldTextColor }
      set { autocomplete.boldTextColor = newValue }
    }

    /// The ghost text's colour (seed 002).
    @IBInspectable public var lightTextColor: UIColor {
      get { autocomplete.lightTextColor }
      set { autocomplete.lightTextColor = newValue }
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

    /// How suggestion cells are made (built-in, your class and setup closure, or a content
    /// configuration).
    public var cellProvider: SuggestionCellProvider {
      get { autocomplete.cellProvider }
      set { autocomplete.cellProvider = newValue }
    }

    /// The extra action row, or `nil`.
    public var actionRow: ActionRowConfiguration? {
      get { autocomplete.actionRow }
      set { autocomplete.actionRow = newValue }
    }

    // MARK: Hardware keyboard

    /// ↑ ↓ Page Up/Down Return Escape Tab while the list shows; Return, Tab, → and Escape while
    /// an inline completion shows; nothing extra otherwise.
    open override var keyCommands: [UIKeyCommand]? {
      let own = (autocomplete?.claimedKeys ?? []).map { key in
        let command = UIKeyCommand(
          input: key.keyCommandInput, modifierFlags: [], action: #selector(autocompleteKeyCommand(_:)))
        command.wantsPriorityOverSystemBehavior = true
        return command
      }
      return own + (super.keyCommands ?? [])
    }

    @objc private func autocompleteKeyCommand(_ command: UIKeyCommand) {
      guard let input = command.input, let key = HardwareKey(keyCommandInput: input) else { return }
      if key == .returnKey {
        _ = autocomplete.returnPressed()
      } else {
        autocomplete.press(key.sessionKey)
      }
    }
  }
#endif
