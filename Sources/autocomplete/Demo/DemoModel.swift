import AutocompleteCities
import AutocompleteCore
import AutocompleteTerminal

/// The demo's state: one ``SessionPickerController`` per screen, the screen shown, and what the
/// screens change (the dropdown's options, the tag list).
@MainActor
final class DemoModel {
  /// The initial tags of the action-row screen.
  static let initialTags = [
    "async", "autocomplete", "emoji", "fzf", "ios", "linux", "macos", "swift", "terminal", "testing",
    "tmux", "unicode",
  ]

  /// The cities or the user's lines.
  let data: PickerData
  /// ``data`` indexed with Latin readings, for screen 1's F12 switch; made on first use.
  private lazy var readingData: PickerData = data.transliterated()
  /// The async screen's server.
  let server: SimulatedServer
  /// A real server for the async screen (`--typesense`), used instead of the simulated one.
  let remote: (any SuggestionSource)?
  /// What the real server is ("Typesense 127.0.0.1:8108 · collection “cities” · query by name"),
  /// shown in the async screen's header.
  let remoteLabel: String?
  /// The city field's remembered picks (screen 1), or `nil` (`--no-history`, `--data`).
  let recents: SessionRecents?
  /// The last failure of the recents file, shown in the header until the file reads again.
  private var recentsFailure: String?
  /// The screen shown.
  private(set) var screen: DemoScreen
  /// The dropdown screen's options.
  private(set) var settings: DropdownSettings
  /// The action-row screen's tags.
  private(set) var tags = DemoModel.initialTags
  /// The action-row screen's last message.
  private var notice: String?
  /// The last result of any screen (a pick, a stored message, an added tag): the footer shows it
  /// (never hiding a screen's settings or log) and quitting with Esc prints it.
  private(set) var lastResult: DemoResult?
  /// The search options of the other screens.
  private let options: SearchOptions
  /// The controllers, by screen.
  private var controllers: [DemoScreen: SessionPickerController] = [:]
  /// The recipients screen (F11, Alt-T), shown over the others while `showsRecipients`.
  private let recipients: RecipientsScreen
  private var showsRecipients = false
  /// The dependent-field screen (Alt-C), made on first use, shown over the others while
  /// `showsCountryCity`.
  private lazy var countryCity = CountryCityScreen(cities: cityIndex, wake: wake)
  private var showsCountryCity = false
  /// Redraws on answers that arrive between keys.
  private let wake: WakeSignal

  /// Creates the screens; `query` starts in the first screen's field.
  init(
    data: PickerData, options: SearchOptions, seed: UInt64, wake: WakeSignal, screen: DemoScreen,
    remote: (any SuggestionSource)? = nil, remoteLabel: String? = nil, recents: SessionRecents? = nil
  ) {
    self.data = data
    self.remote = remote
    self.remoteLabel = remote == nil ? nil : remoteLabel ?? "a remote server"
    self.recents = recents
    self.options = options
    self.screen = screen
    self.settings = DropdownSettings(options: options)
    settings.transliteration = data.index.transliteration
    self.server = SimulatedServer(seed: seed, data: data, wake: wake)
    // The session tells a failing store once, and the first time is while its controller starts
    // (before anyone listens): read the file once here so that the header names it from the start.
    do {
      _ = try recents?.entries()
    } catch {
      recentsFailure = SessionError(error).message
    }
    self.recipients = RecipientsScreen(wake: wake)
    self.wake = wake
    for screen in DemoScreen.allCases {
      let controller = SessionPickerController(
        session: makeSession(screen),
        style: SessionPickerStyle(prompt: screen.prompt(itemName: data.isLines ? "Line" : "City")),
        behavior: Self.behavior(screen))
      controller.wakeSignal = wake
      if screen == .composer {
        controller.style.inputStyle = .multiLine(maximumLines: 4)
        controller.style.mentionStyles = Self.mentionStyles
      }
      if screen == .dropdown || screen == .async {
        controller.onOutput = { [weak self] output in self?.remember(output) }
      }
      if screen != .composer && screen != .actionRow {
        let totals = data.totals
        controller.matchTotal = { [weak controller] state in
          guard let controller, let query = state.answeredQuery else { return nil }
          let options = controller.session.configuration.searchOptions
          return totals.total(for: SuggestionQuery(query.text, options: options))
        }
      }
      if screen == .actionRow {
        controller.onActionRowPicked = { [weak self] text in self?.addTag(text) }
      }
      controllers[screen] = controller
    }
  }

  /// The cities of the dependent-field screen: the demo's own when they carry a `country` (the
  /// embedded cities), else the embedded cities indexed on first use (`--data` lines have none).
  private var cityIndex: SearchIndex<AutocompleteItem> {
    if !data.isLines, data.index.items.first?.attributes["country"] != nil { return data.index }
    return SearchIndex(Cities.all.map(\.autocompleteItem))
  }

  /// The controller of the screen shown.
  var current: SessionPickerController { controllers[screen]! }

  /// How the composer draws mentions of people and of countries.
  static let mentionStyles: [String: CellStyle] = [
    "person": CellStyle(bold: true, foreground: .cyan), "country": CellStyle(bold: true, foreground: .green),
  ]

  /// How the composer stores a message: the package's default mention markup.
  static let markup = MentionMarkup.default

  /// A stored message that did not decode, shown in the composer's header.
  private var loadError: MentionMarkupError?

  /// Puts `text` in the field of the screen shown; the composer reads it as a stored message (its
  /// mentions become live; a malformed one is shown as plain text, with the error in the header).
  func setText(_ text: String) {
    guard screen == .composer else { return current.setText(text) }
    let (message, error) = Self.markup.decodeOrPlainText(text)
    loadError = error
    current.setMentionedText(message)
  }

  /// Handles an event: screen and option keys here, the rest by the screen's controller.
  func handle(_ event: TerminalEvent) -> TerminalAppStep<PickerResult> {
    if case .key(let key) = event, RecipientsScreen.opens(key) {
      (showsRecipients, showsCountryCity) = (true, false)
    }
    if case .key(let key) = event, CountryCityScreen.opens(key) {
      (showsRecipients, showsCountryCity) = (false, true)
      return .proceed
    }
    if showsRecipients || showsCountryCity, case .key(let key) = event,
      Self.number(of: key).flatMap({ DemoScreen(number: $0) }) != nil
    {
      (showsRecipients, showsCountryCity) = (false, false)
    }
    if showsRecipients { return recipients.handle(event) }
    if showsCountryCity { return countryCity.handle(event) }
    if screen == .dropdown, case .key(let key) = event, DropdownSettings.togglesReadings(key) {
      settings.transliteration = settings.transliteration == .latin ? .none : .latin
      current.replaceSession(makeSession(.dropdown))
      return .proceed
    }
    if case .key(let key) = event, let number = Self.number(of: key) {
      if let next = DemoScreen(number: number) {
        screen = next
        return .proceed
      }
      if screen == .dropdown, settings.toggle(number) {
        current.replaceSession(makeSession(.dropdown))
        return .proceed
      }
    }
    switch current.handle(event) {
    case .proceed: return .proceed
    case .finish(.cancelled):
      // Esc with nothing to close, or Ctrl-C, quits and prints the last result of any screen (on
      // the composer with a message typed: that message, stored); 130 when there is none.
      if screen == .composer, !current.mentionedText.text.isEmpty { return .finish(.chosen(storedMessage)) }
      return .finish(lastResult.map { .chosen($0.text) } ?? .cancelled)
    case .finish(let outcome):
      // Enter on every screen: the result is kept (shown in the footer) and the demo goes on.
      if case .chosen(let text) = result(of: outcome) {
        let verb = screen == .composer ? "Stored" : "Picked"
        lastResult = DemoResult(verb: verb, text: String(decoding: text, as: UTF8.self))
        notice = nil
      }
      return .proceed
    }
  }

  /// Tells the controller of `screen` (the one drawn) what its last frame showed.
  func frameDrawn(_ frame: PickerFrame, on screen: DemoScreen?) {
    guard let screen, screen == self.screen else { return }
    (showsRecipients ? recipients.controller : showsCountryCity ? countryCity.focused : current).frameDrawn(
      frame)
  }

  /// Remembers a pick of the dropdown screens, and a failure of the recents file.
  private func remember(_ output: SessionOutput) {
    switch output {
    case .picked(let suggestion):
      lastResult = DemoResult(verb: "Picked", text: suggestion.completionText)
      // The session tells a failure once, before the pick that met it: the header keeps it until
      // the file reads again.
      if recentsFailure != nil, (try? recents?.entries()) != nil { recentsFailure = nil }
    case .recentsFailed(let error):
      recentsFailure = error.message
    default:
      break
    }
  }

  /// The frame of the screen shown.
  func viewModel(firstVisibleRow: Int) -> PickerViewModel {
    if showsRecipients { return recipients.viewModel(firstVisibleRow: firstVisibleRow) }
    if showsCountryCity { return countryCity.viewModel(firstVisibleRow: firstVisibleRow) }
    let controller = current
    controller.style.title = screen.title(remote: remoteLabel != nil)
    controller.style.header = header
    controller.style.footer = DemoScreen.footer(current: screen, result: lastResult)
    return controller.viewModel(firstVisibleRow: firstVisibleRow)
  }

  /// The footer for a narrow terminal.
  var compactFooter: String { DemoScreen.compactFooter(current: screen, result: lastResult) }

  /// The hint line of the screen shown.
  private var header: String {
    if screen == .dropdown, let recentsFailure { return "Recents: " + recentsFailure }
    if screen == .dropdown, current.state.isOpen, current.state.query?.text.isEmpty == true,
      current.state.suggestions.first?.isRecent == true
    {
      return "Recent cities · Enter picks · Shift-Delete forgets the highlighted one · type to search"
    }
    switch screen {
    case .dropdown:
      return settings.summary
    case .inline:
      return "Tab, → or Enter accepts the dim completion · Backspace deletes what you typed · Enter keeps it"
    case .composer:
      if let loadError { return "Loaded as plain text: \(loadError.description)" }
      if let lastResult, lastResult.verb == "Stored", lastResult.text == storedMessage {
        return "Enter stored it: \(lastResult.text) · Esc prints it"
      }
      return "@ a name, # a country · Backspace selects a mention, again deletes it · Esc prints it stored"
    case .async:
      if let remoteLabel { return remoteLabel + " · Ctrl-R asks again after a failure" }
      let events = server.recentEvents(2)
      let log =
        events.isEmpty ? "50–1500 ms, 1 in 5 fails; “!” fails, “~” is slow" : events.joined(separator: " · ")
      return "seed \(server.seed) · " + log
    case .actionRow:
      return notice ?? "\(tags.count) tags · type one that does not exist and pick “Add …”"
    }
  }

  /// The shell result of a screen's outcome.
  private func result(of outcome: SessionPickerOutcome) -> PickerResult {
    switch outcome {
    case .picked(let suggestion): return .chosen(suggestion.completionText)
    case .returned(let text):
      if screen == .composer { return text.isEmpty ? .noMatch : .chosen(storedMessage) }
      return screen == .inline && !text.isEmpty ? .chosen(text) : .noMatch
    case .actionRowPicked: return .noMatch
    case .cancelled: return .cancelled
    }
  }

  /// The composer's message in its stored form.
  private var storedMessage: String {
    Self.markup.encode(controllers[.composer]?.mentionedText ?? MentionedText())
  }

  /// Adds a tag and searches again, so that the new tag shows.
  private func addTag(_ text: String) {
    let tag = text.trimmingSpaces
    guard !tag.isEmpty, !tags.contains(tag) else { return }
    tags.append(tag)
    notice = "Added “\(tag)” · \(tags.count) tags"
    lastResult = DemoResult(verb: "Added", text: tag)
    controllers[.actionRow]?.replaceSession(makeSession(.actionRow))
  }

  /// What finishes each screen.
  private static func behavior(_ screen: DemoScreen) -> SessionPickerBehavior {
    switch screen {
    case .dropdown, .async: SessionPickerBehavior(finishesOnPick: false, escape: .closeListFirst)
    case .inline, .composer: SessionPickerBehavior(finishesOnPick: false, escape: .closeListFirst)
    case .actionRow: SessionPickerBehavior(finishesOnActionRow: false, escape: .closeListFirst)
    }
  }

  /// A new session for a screen, with the current options and tags.
  private func makeSession(_ screen: DemoScreen) -> AutocompleteSession {
    let configuration: SessionConfiguration
    switch screen {
    case .dropdown:
      configuration = SessionConfiguration(
        sources: [settings.transliteration == .latin ? readingData.source : data.source],
        searchOptions: settings.searchOptions, highlightsFirstRow: true,
        recents: recents)
    case .inline:
      var inline = options
      inline.mode = .prefix
      configuration = SessionConfiguration(
        sources: [data.source], searchOptions: inline, showsInlineCompletion: true)
    case .composer:
      let people = PickerData.items(People.all, name: "people") { $0.completionText }
      let countries = PickerData.items(Countries.all, name: "countries") { $0.completionText }
      configuration = SessionConfiguration(
        triggers: [
          SessionTrigger(
            "@", source: people.source, cellStyle: "person", replacesDelimiter: true, insertsMention: true,
            mentionStyle: "person", mentionID: Self.mentionID),
          SessionTrigger(
            "#", source: countries.source, cellStyle: "country", replacesDelimiter: true,
            insertsMention: true,
            mentionStyle: "country", mentionID: Self.mentionID),
        ], searchOptions: SearchOptions(mode: .words, maximumCount: 8), minimumQueryLength: 0,
        highlightsFirstRow: true, mentionEditing: .dissolve, mentionDeletion: .twoStep)
    case .async:
      let server = self.server
      configuration = SessionConfiguration(
        sources: [remote ?? AsyncSource(isCacheable: false) { try await server.answer($0) }],
        searchOptions: options, highlightsFirstRow: true)
    case .actionRow:
      let tags = PickerData.items(tags.map { AutocompleteItem($0) }, name: "tags") { _ in nil }
      configuration = SessionConfiguration(
        sources: [tags.source], searchOptions: SearchOptions(mode: .contains, maximumCount: -1),
        highlightsFirstRow: true, actionRow: ActionRow(position: .bottom, showsWhenEmpty: true),
        stateReducer: Self.actionRowOnlyWhenEmpty)
    }
    return AutocompleteSession(configuration: configuration)
  }

  /// A composer mention's id: the person's handle or the country's ISO code (the row's payload).
  private static let mentionID: @Sendable (Suggestion) -> String = { $0.payload(as: String.self) ?? $0.id }

  /// The state-reducer hook of the action-row screen: the session shows the action row with results
  /// too; this screen keeps it only when nothing matches, and highlights it then so that Enter adds.
  private static let actionRowOnlyWhenEmpty:
    @Sendable (SessionState, SessionEvent, SessionTransition) -> SessionTransition = { _, _, proposed in
      var transition = proposed
      let state = transition.state
      if state.phase == .results, state.actionRowTitle != nil {
        transition.state.actionRowTitle = nil
        if state.highlight == .actionRow { transition.state.highlight = nil }
      } else if state.phase == .empty, state.actionRowTitle != nil, state.isOpen, state.highlight == nil {
        transition.state.highlight = .actionRow
      }
      return transition
    }

  /// The number of F1–F10 and Alt-1 to Alt-9 and Alt-0 (10), or `nil`.
  static func number(of key: KeyEvent) -> Int? {
    switch key {
    case .function(let number) where (1...10).contains(number): return number
    case .alt(let character):
      guard let value = character.wholeNumberValue, (0...9).contains(value) else { return nil }
      return value == 0 ? 10 : value
    default: return nil
    }
  }
}

extension String {
  /// The string without leading and trailing whitespace.
  fileprivate var trimmingSpaces: String {
    var text = Substring(self)
    while text.first?.isWhitespace == true { text.removeFirst() }
    while text.last?.isWhitespace == true { text.removeLast() }
    return String(text)
  }
}
