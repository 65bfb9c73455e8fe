/// Everything that shapes a session: sources, triggers, pipeline and keyboard options.
///
/// Without triggers the whole field is the query (a search field, seeds 000, 002 and 003); with
/// triggers only the token at the caret after a delimiter is (seed 001).
public struct SessionConfiguration: Sendable {
  /// The sources for the whole field; several are shown as sections. Ignored when there are triggers.
  public var sources: [any SuggestionSource]
  /// Delimiter triggers; when not empty, only trigger tokens are completed.
  public var triggers: [SessionTrigger]
  /// Characters besides whitespace and newlines that end a trigger token; by default
  /// ``defaultTokenBreakCharacters`` (punctuation that does not occur in handles, tags or e-mail
  /// addresses).
  public var tokenBreakCharacters: Set<Character>
  /// Match mode, case sensitivity and maximum count (5 by default; negative or `nil` = unlimited).
  public var searchOptions: SearchOptions
  /// Queries shorter than this (in characters) do not search; 1 by default.
  public var minimumQueryLength: Int
  /// Waits this long after the last keystroke before asking the sources; `nil` (the default) asks at once.
  public var debounce: Duration?
  /// After this long without an answer the phase turns ``SessionPhase/stalled``; 300 ms by default.
  public var stallThreshold: Duration
  /// How many recent answers the session keeps per source set, query and options; 0 turns the
  /// cache off. 32 by default.
  public var cacheCapacity: Int
  /// Shows suggestions for the empty query when the field gains focus; off by default.
  public var showsSuggestionsOnFocus: Bool
  /// The main switch (RVS `isAutoFillOn`): when off, the session is a plain text field. On by default.
  /// A setting; to suspend suggestions for a moment (and resume by searching the text again) send
  /// ``SessionEvent/suggestionsEnabled(_:)`` instead.
  public var isAutoFillOn: Bool
  /// Whether arrow keys wrap around the ends of the list (`true`, the default) or stop there.
  public var wrapsNavigation: Bool
  /// How many rows page up and page down move; 5 by default.
  public var pageSize: Int
  /// Whether the first row is highlighted when results arrive; off by default.
  public var highlightsFirstRow: Bool
  /// Whether the field shows an inline completion (ghost suffix, seed 002); off by default.
  public var showsInlineCompletion: Bool
  /// Whether the field is cleared when editing ends without Return (seed 002); off by default.
  public var clearsOnEndEditingWithoutReturn: Bool
  /// The extra action row, or `nil` for none.
  public var actionRow: ActionRow?
  /// What an edit inside a mention does to it: ``MentionEditing/dissolve`` (the default) or
  /// ``MentionEditing/removeWhole``.
  public var mentionEditing: MentionEditing
  /// What Backspace right after a mention does: ``MentionDeletion/twoStep`` (the default: select,
  /// then delete), ``MentionDeletion/oneStep`` or ``MentionDeletion/characterwise``.
  public var mentionDeletion: MentionDeletion
  /// The state-reducer hook: sees the state before, the event and the proposed transition, and
  /// returns the transition to apply (downshift's `stateReducer`).
  public var stateReducer: (@Sendable (SessionState, SessionEvent, SessionTransition) -> SessionTransition)?
  /// The field's remembered picks (see ``SessionRecents``): recorded on every pick in the field,
  /// shown in a "Recent" section when the empty field gets the focus, and first (or boosted) while
  /// typing. `nil` (the default): none.
  public var recents: SessionRecents?
  /// Makes the field a token field (recipients, tags, filter chips): picks add tokens to
  /// ``SessionState/tokenState`` instead of replacing the text. `nil` (the default): a text field.
  public var tokens: TokenFieldConfiguration?

  /// Creates a configuration; every option has the default described on its property.
  public init(
    sources: [any SuggestionSource] = [],
    triggers: [SessionTrigger] = [],
    tokenBreakCharacters: Set<Character> = SessionConfiguration.defaultTokenBreakCharacters,
    searchOptions: SearchOptions = SearchOptions(),
    minimumQueryLength: Int = 1,
    debounce: Duration? = nil,
    stallThreshold: Duration = .milliseconds(300),
    cacheCapacity: Int = 32,
    showsSuggestionsOnFocus: Bool = false,
    isAutoFillOn: Bool = true,
    wrapsNavigation: Bool = true,
    pageSize: Int = 5,
    highlightsFirstRow: Bool = false,
    showsInlineCompletion: Bool = false,
    clearsOnEndEditingWithoutReturn: Bool = false,
    actionRow: ActionRow? = nil,
    mentionEditing: MentionEditing = .dissolve,
    mentionDeletion: MentionDeletion = .twoStep,
    stateReducer: (@Sendable (SessionState, SessionEvent, SessionTransition) -> SessionTransition)? = nil,
    recents: SessionRecents? = nil,
    tokens: TokenFieldConfiguration? = nil
  ) {
    self.sources = sources
    self.triggers = triggers
    self.tokenBreakCharacters = tokenBreakCharacters
    self.searchOptions = searchOptions
    self.minimumQueryLength = minimumQueryLength
    self.debounce = debounce
    self.stallThreshold = stallThreshold
    self.cacheCapacity = cacheCapacity
    self.showsSuggestionsOnFocus = showsSuggestionsOnFocus
    self.isAutoFillOn = isAutoFillOn
    self.wrapsNavigation = wrapsNavigation
    self.pageSize = pageSize
    self.highlightsFirstRow = highlightsFirstRow
    self.showsInlineCompletion = showsInlineCompletion
    self.clearsOnEndEditingWithoutReturn = clearsOnEndEditingWithoutReturn
    self.actionRow = actionRow
    self.mentionEditing = mentionEditing
    self.mentionDeletion = mentionDeletion
    self.stateReducer = stateReducer
    self.recents = recents
    self.tokens = tokens
  }

  /// `, ; ! ? ( ) [ ] { } " < >`: punctuation that ends a trigger token by default.
  public static let defaultTokenBreakCharacters: Set<Character> = [
    ",", ";", "!", "?", "(", ")", "[", "]", "{", "}", "\"", "<", ">",
  ]

  /// A configuration with one source for the whole field.
  public init(source: any SuggestionSource) {
    self.init(sources: [source])
  }

  /// The ``SessionTrigger/mentionStyle`` of a mention's trigger (the first trigger with its
  /// delimiter), or `nil`.
  public func mentionStyle(for mention: Mention) -> String? {
    triggers.first { $0.delimiter == mention.trigger }?.mentionStyle
  }

  /// The sources a target asks.
  public func sources(for target: SessionTarget) -> [any SuggestionSource] {
    switch target {
    case .field: sources
    case .trigger(let index): triggers.indices.contains(index) ? triggers[index].sources : []
    }
  }

  /// The sources a request asks: those of its target, after the field's recents section when
  /// ``recents`` has one for the query — only the recents for an empty field, unless
  /// ``showsSuggestionsOnFocus``.
  public func sources(for target: SessionTarget, query: SuggestionQuery) -> [any SuggestionSource] {
    guard target == .field, let recents else { return sources(for: target) }
    if query.text.isEmpty {
      return recents.showsOnFocus
        ? [RecentsSource(recents)] + (showsSuggestionsOnFocus ? sources : []) : sources
    }
    return recents.whileTyping == .section ? [RecentsSource(recents)] + sources : sources
  }
}
