import AutocompleteCore

/// Runs a token field's reducer with a synchronous driver: every search is answered at once from a
/// static list (case-insensitive substring), so tests see what a user would after each event.
struct TokenDriver {
  let reducer: SessionReducer
  let items: [String]
  var state = SessionState()
  var outputs: [SessionOutput] = []
  var lastHandled = true

  init(_ tokens: TokenFieldConfiguration, items: [String] = TokenDriver.cities, showsAll: Bool = false) {
    reducer = SessionReducer(
      configuration: SessionConfiguration(
        minimumQueryLength: showsAll ? 0 : 1, showsSuggestionsOnFocus: showsAll, highlightsFirstRow: true,
        tokens: tokens))
    self.items = items
  }

  static let cities = ["Madrid", "Malaga", "Manchester", "Marseille", "Milan", "Munich", "Paris", "Porto"]

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
      let text = request.query.text.lowercased()
      var rows = items.filter { text.isEmpty || $0.lowercased().contains(text) }.map { Suggestion($0) }
      if let limit = request.query.options.limit { rows = Array(rows.prefix(limit)) }
      transition = reducer.reduce(
        state, .resultsArrived(requestID: request.id, sections: [SuggestionSection(suggestions: rows)]))
    }
  }

  /// Types `text` as the whole field's new text, caret at the end.
  mutating func type(_ text: String) { send(.textChanged(TextSnapshot(text))) }

  /// Presses `key`.
  mutating func press(_ key: SessionKey) { send(.key(key)) }

  /// The chips' texts.
  var chips: [String] { state.tokens.map(\.displayText) }
}
