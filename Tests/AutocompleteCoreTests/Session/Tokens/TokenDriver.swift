import AutocompleteCore

/// Runs a token field's reducer with a synchronous driver: every search is answered at once from a
/// static list (case-insensitive substring, the request's filter applied over the cities'
/// attributes), so tests see what a user would after each event. With `categories`, a second
/// section holds category rows ("in FR (2)") of the matches, which make filter chips.
struct TokenDriver {
  let reducer: SessionReducer
  let items: [String]
  let categories: Bool
  var state = SessionState()
  var outputs: [SessionOutput] = []
  var lastHandled = true
  /// The searches asked, each with the tokens of the transition that asked it.
  var requests: [(request: SearchRequest, tokens: TokenState)] = []

  init(
    _ tokens: TokenFieldConfiguration, items: [String] = TokenDriver.cities, showsAll: Bool = false,
    filter: AttributeFilter? = nil, categories: Bool = false
  ) {
    var options = SearchOptions()
    options.filter = filter
    reducer = SessionReducer(
      configuration: SessionConfiguration(
        searchOptions: options, minimumQueryLength: showsAll ? 0 : 1,
        showsSuggestionsOnFocus: showsAll, highlightsFirstRow: true, tokens: tokens))
    self.items = items
    self.categories = categories
  }

  static let cities = ["Madrid", "Malaga", "Manchester", "Marseille", "Milan", "Munich", "Paris", "Porto"]

  /// The cities' country and population.
  static let attributes: [String: Attributes] = [
    "Madrid": ["country": "ES", "population": 3_300_000], "Malaga": ["country": "ES", "population": 580_000],
    "Manchester": ["country": "GB", "population": 550_000],
    "Marseille": ["country": "FR", "population": 870_000],
    "Milan": ["country": "IT", "population": 1_350_000],
    "Munich": ["country": "DE", "population": 1_500_000],
    "Paris": ["country": "FR", "population": 2_100_000],
    "Porto": ["country": "PT", "population": 230_000],
  ]

  /// The items `filter` keeps (all for `nil`).
  func kept(by filter: AttributeFilter?) -> [String] {
    items.filter { filter?.matches(Self.attributes[$0] ?? [:]) ?? true }
  }

  /// Sends `event`, then answers the searches it asked for.
  mutating func send(_ event: SessionEvent) {
    var transition = reducer.reduce(state, event)
    lastHandled = transition.isHandled
    while true {
      state = transition.state
      outputs += transition.outputs
      guard
        let request = transition.effects.lazy.compactMap({ effect -> SearchRequest? in
          if case .search(let request) = effect { return request }
          return nil
        }).last
      else { return }
      requests.append((request, state.tokenState))
      let text = request.query.text.lowercased()
      let matches = kept(by: request.query.options.filter).filter {
        text.isEmpty || $0.lowercased().contains(text)
      }
      var rows = matches.map { Suggestion($0) }
      if let limit = request.query.options.limit { rows = Array(rows.prefix(limit)) }
      var sections = [SuggestionSection(suggestions: rows)]
      if categories {
        var counts: [String: Int] = [:]
        for city in matches {
          counts[Self.attributes[city]?["country"]?.stringValues.first ?? "", default: 0] += 1
        }
        sections.append(
          SuggestionSection(
            title: "Countries",
            suggestions: counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { country, count in
              Suggestion(
                "in \(country) (\(count))", completionText: request.query.text, id: "category:\(country)",
                payload: CountryRow(country: country))
            }))
      }
      transition = reducer.reduce(state, .resultsArrived(requestID: request.id, sections: sections))
    }
  }

  /// Types `text` as the whole field's new text, caret at the end.
  mutating func type(_ text: String) { send(.textChanged(TextSnapshot(text))) }

  /// Presses `key`.
  mutating func press(_ key: SessionKey) { send(.key(key)) }

  /// The chips' texts.
  var chips: [String] { state.tokens.map(\.displayText) }

  /// The shown rows that are values (not category rows).
  var valueRows: [String] { state.suggestions.filter { $0.payload == nil }.map(\.displayText) }
}

/// A category row's payload in the driver: the chip "in FR" filtering `country:=FR`.
struct CountryRow: FilterChipPayload {
  var country: String
  var filterToken: Token? {
    Token(filter: .isIn("country", [.string(country)]), displayText: "in \(country)")
  }
}
