#if canImport(SwiftUI) && canImport(Combine)
  import Combine
  import SwiftUI

  /// The state behind an autocomplete field in SwiftUI: a session, its options and sources, and
  /// the state views read. An `ObservableObject`, so it works from iOS 16 and macOS 13; on iOS 17
  /// and macOS 14, `ObservableAutocompleteSession(model.session)` gives an `@Observable` view of
  /// the same session.
  ///
  /// ```swift
  /// @StateObject var cities = AutocompleteFieldModel(sources: [IndexSource(SearchIndex(items))])
  /// ```
  @MainActor
  public final class AutocompleteFieldModel: ObservableObject {
    /// The session's state; views re-render when it changes.
    @Published public private(set) var state: SessionState
    /// The session; send it events directly if you need to.
    public let session: AutocompleteSession
    /// Every output of the session (text edits, picks, the action row, Return, clearing); the
    /// field views apply the edits to their text binding.
    public let outputs = PassthroughSubject<SessionOutput, Never>()
    /// Called with every output, after the views have seen it.
    public var onOutput: ((SessionOutput) -> Void)?
    /// Called when a suggestion is picked.
    public var onPick: ((Suggestion) -> Void)?
    /// Called when the action row is picked, with the typed text (the row's own action).
    public var onActionRow: ((String) -> Void)?
    /// Called when Return is pressed with no highlighted row, with the text (seed 002's
    /// `returned(with:)`).
    public var onReturn: ((String) -> Void)?

    /// The options (RVS switches, mode, minimum length, debounce, inline completion).
    public var options: AutofillOptions {
      didSet { if options != oldValue { reconfigure() } }
    }
    /// The sources; several give sections.
    public var sources: [any SuggestionSource] {
      didSet { reconfigure() }
    }
    /// The extra action row, or `nil`.
    public var actionRow: ActionRow? {
      didSet { reconfigure() }
    }
    /// Advanced session options (stall threshold, triggers, state reducer); ``options``,
    /// ``sources`` and ``actionRow`` are applied on top.
    public var baseConfiguration: SessionConfiguration {
      didSet { reconfigure() }
    }

    /// When the field's announcements are said (once typing pauses, never for a hidden list).
    let announcer: AnnouncementPacer

    /// Creates a model.
    public init(
      sources: [any SuggestionSource] = [], options: AutofillOptions = AutofillOptions(),
      actionRow: ActionRow? = nil, baseConfiguration: SessionConfiguration = SessionConfiguration(),
      clock: any Clock<Duration> = ContinuousClock()
    ) {
      self.sources = sources
      self.options = options
      self.actionRow = actionRow
      self.baseConfiguration = baseConfiguration
      self.session = AutocompleteSession(configuration: SessionConfiguration(), clock: clock)
      self.announcer = AnnouncementPacer(clock: clock) { Announcer.announce($0) }
      self.state = session.state
      session.onStateChange = { [weak self] state in self?.state = state }
      session.onOutput = { [weak self] output in self?.deliver(output) }
      reconfigure()
    }

    /// A model over a static list, read in Latin too with `AutofillOptions.transliteration`.
    public convenience init(items: [AutocompleteItem], options: AutofillOptions = AutofillOptions()) {
      self.init(sources: [ListSource(items, transliteration: options.transliteration)], options: options)
    }

    /// The list for the current state.
    public func content(isFocused: Bool) -> DropdownContent {
      DropdownContent(state: state, isFocused: isFocused)
    }

    /// Reports the field's content.
    public func textChanged(_ snapshot: TextSnapshot) {
      guard snapshot != session.state.input else { return }
      session.send(FieldEdit.event(from: session.state.text, to: snapshot))
    }

    /// Reports focus.
    public func focusChanged(_ isFocused: Bool) {
      session.send(.focusChanged(isFocused))
    }

    /// Sends a key; returns whether the session used it. Up on the first row returns to the field
    /// (see ``/AutocompletePresentation/FieldNavigation``).
    @discardableResult
    public func press(_ key: SessionKey) -> Bool {
      session.pressReturningToField(key)
    }

    /// Picks or highlights a row of the list.
    public func send(_ event: SessionEvent) {
      session.send(event)
    }

    /// Whether rows show a fill button (tap-ahead): the row's text goes into the field, which keeps
    /// the focus and is searched again, without picking.
    @Published public var showsFillButtons = false

    /// The field's remembered picks (see `SessionRecents`).
    public var recents: SessionRecents? {
      get { baseConfiguration.recents }
      set { baseConfiguration.recents = newValue }
    }

    /// Opens the list from code (recents for an empty field, else the text's suggestions).
    public func showSuggestions() {
      session.send(.listOpened)
    }

    /// Closes the list from code; it stays closed until the user edits.
    public func hideSuggestions() {
      session.send(.listClosed)
    }

    /// Sets the text from code (the field's binding follows); the list opens only with
    /// `showingSuggestions`.
    public func setText(_ text: String, showingSuggestions: Bool) {
      session.send(.textSet(TextSnapshot(text), opensList: showingSuggestions))
    }

    /// Forgets a remembered pick (a recent row's delete button).
    public func removeRecent(_ suggestion: Suggestion) {
      session.removeRecent(suggestion)
    }

    /// Whether the field suggests: `false` suspends suggestions (the list closes, typing searches
    /// nothing), `true` resumes them (the text is searched again); the options stay, unlike
    /// `options.isAutoFillOn`.
    public var areSuggestionsEnabled: Bool {
      get { session.areSuggestionsEnabled }
      set {
        objectWillChange.send()
        session.areSuggestionsEnabled = newValue
      }
    }

    private func deliver(_ output: SessionOutput) {
      outputs.send(output)
      onOutput?(output)
      switch output {
      case .picked(let suggestion): onPick?(suggestion)
      case .actionRowPicked(let query): onActionRow?(query)
      case .returned(let text): onReturn?(text)
      case .replaceText, .cleared, .moveSelection, .mentionsChanged, .recentsFailed: break
      }
    }

    private func reconfigure() {
      var configuration = options.applied(to: baseConfiguration)
      if !sources.isEmpty { configuration.sources = sources }
      if let actionRow { configuration.actionRow = actionRow }
      session.configuration = configuration
    }
  }
#endif
