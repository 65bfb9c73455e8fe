import AutocompleteCore
import TestSupport
import Testing

@Suite("Token field: invariants over random event sequences")
struct TokenPropertyTests {
  /// One random event a user or the app could send to a token field.
  static func randomEvent(_ state: SessionState, using random: inout SplitMix64) -> SessionEvent {
    let texts = ["m", "ma", "p", "Paris", "x@y.org", "bad", "a@b.c, d@e.f", "madrid;", "", ",", " ; porto,"]
    let tokens = state.tokens
    switch Int.random(in: 0..<19, using: &random) {
    case 0, 1: return .textChanged(TextSnapshot(texts.randomElement(using: &random) ?? ""))
    case 2:
      let text = state.text
      return .textChanged(TextSnapshot(text, caretOffset: Int.random(in: 0...text.count, using: &random)))
    case 3: return .key(.backspace)
    case 4: return .key(.enter)
    case 5: return .key(.tab)
    case 6: return .key(.down)
    case 7: return .rowPicked(Int.random(in: -1...4, using: &random))
    case 16: return .rowPicked(Int.random(in: 0...8, using: &random))  // category rows too
    case 17: return .tokens(.add(chips.randomElement(using: &random) ?? chips[0]))
    case 8: return .actionRowPicked
    case 9: return .tokens(.move(Bool.random(using: &random) ? .previous : .next))
    case 10: return .tokens(.deleteSelected)
    case 11: return .tokens(.undoRemoval)
    case 12: return .tokens(.remove(id: tokens.randomElement(using: &random)?.id ?? "Paris"))
    case 13: return .tokens(.select(Int.random(in: -1...4, using: &random)))
    case 14: return .focusChanged(Bool.random(using: &random))
    case 18:
      let mixed = (0..<Int.random(in: 0...4, using: &random)).map { _ in
        Bool.random(using: &random)
          ? chips.randomElement(using: &random) ?? chips[0]
          : Token(id: TokenDriver.cities.randomElement(using: &random) ?? "Paris")
      }
      return .tokens(.set(mixed))
    default:
      let ids = (0..<Int.random(in: 0...5, using: &random)).map { _ in
        TokenDriver.cities.randomElement(using: &random) ?? "Paris"
      }
      return .tokens(.set(ids.map { Token(id: $0) }))
    }
  }

  /// Filter chips the app sets from code (category rows make the others).
  static let chips = [
    Token(filter: .isIn("country", ["FR"]), displayText: "in FR")!,
    Token(filter: Attribute("population") > 1_000_000, displayText: "big")!,
    Token(filter: .isIn("country", ["ES", "PT"]), displayText: "Iberia")!,
    Token(filter: .not(.isIn("country", ["GB"])), displayText: "not GB")!,
  ]

  /// The app's own filter for a seed: none, or one the chips can only narrow.
  static func appFilter(_ seed: UInt64) -> AttributeFilter? {
    switch seed % 4 {
    case 1: Attribute("population") >= 500_000
    case 3: .not(.isIn("country", ["IT"]))
    default: nil
    }
  }

  @Test(
    "tokens stay unique, in order, within the maximum; the selection is valid; the stored form round-trips; undo restores",
    .offThePool, arguments: 0..<40)
  func invariants(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let creation = TokenCreation.accepting(where: { $0.contains("@") }, reason: { "\($0) is not an address" })
    let maximum: Int? = seed % 3 == 0 ? 4 : nil
    let app = Self.appFilter(seed)
    var field = TokenDriver(
      TokenFieldConfiguration(maximumCount: maximum, creation: creation), showsAll: seed % 2 == 0,
      filter: app, categories: true)
    for _ in 0..<200 {
      let before = field.state
      let event = Self.randomEvent(before, using: &random)
      field.requests = []
      field.send(event)
      try checkFilterChips(field, before: before, app: app, event: event)
      let after = field.state.tokenState
      let ids = after.storedForm
      #expect(Set(ids).count == ids.count, "duplicate token after \(event)")
      if let maximum { #expect(ids.count <= maximum) }
      if let selected = after.selectedIndex { #expect(after.tokens.indices.contains(selected)) }
      // Tokens already there keep their relative order.
      let kept = before.tokenState.storedForm.filter(ids.contains)
      if case .tokens(.set) = event {
      } else if case .tokens(.undoRemoval) = event {
      } else {
        #expect(ids.filter(kept.contains) == kept, "order changed after \(event)")
      }
      // The stored form gives the same tokens back.
      var restored = TokenDriver(TokenFieldConfiguration(maximumCount: maximum))
      restored.send(.tokens(.set(ids.map { id in after.tokens.first { $0.id == id } ?? Token(id: id) })))
      #expect(restored.state.tokens == after.tokens)
      // A removal followed by undo gives back the tokens before it.
      if after.tokens.count < before.tokenState.tokens.count, let removal = after.lastRemoval {
        var undone = field
        undone.send(.tokens(.undoRemoval))
        #expect(undone.state.tokens == before.tokenState.tokens, "undo of \(removal.token.id)")
      }
      // Picked values never show among the rows.
      if field.state.isOpen, !field.state.isStale {
        #expect(!field.state.suggestions.contains { ids.contains($0.id) })
      }
    }
  }

  /// The filter chips' invariants after `event`: every search ran with the app's filter and every
  /// chip's (the same items kept as the brute force), the rows shown are exactly the brute force's,
  /// the stored form (filters as `filter_by` text) round-trips, and undo restores the filter.
  func checkFilterChips(
    _ field: TokenDriver, before: SessionState, app: AttributeFilter?, event: SessionEvent
  )
    throws
  {
    let tokens = field.state.tokenState
    for (request, asked) in field.requests {
      let chips = asked.tokens.compactMap(\.filter)
      #expect(chips.count == asked.tokens.filter { $0.kind == .filter }.count)
      for (city, attributes) in TokenDriver.attributes {
        let expected = (app?.matches(attributes) ?? true) && chips.allSatisfy { $0.matches(attributes) }
        #expect(
          (request.query.options.filter?.matches(attributes) ?? true) == expected,
          "\(city) under \(asked.storedForm) after \(event)")
      }
    }
    // The rows shown answer the text under the app's filter and the chips, picked values left out.
    if field.state.isOpen, !field.state.isStale, field.state.phase == .results,
      let query = field.state.answeredQuery, query.text == field.state.query?.text
    {
      let text = query.text.lowercased()
      let limit = 5
      let picked = Set(tokens.tokens.filter { $0.kind == .value }.map(\.id))
      let expected = field.kept(by: tokens.narrowing(app))
        .filter { text.isEmpty || $0.lowercased().contains(text) }
        .prefix(limit + tokens.tokens.count).filter { !picked.contains($0) }.prefix(limit)
      #expect(
        field.valueRows == Array(expected), "rows for \(text) under \(tokens.storedForm) after \(event)")
      let categories = field.state.suggestions.compactMap { $0.payload as? CountryRow }
      #expect(!categories.contains { tokens.contains(id: $0.filterToken?.id ?? "") })
    }
    // The stored form (Codable, filters as `filter_by` text) gives the same tokens back.
    let restored = try tokens.storedTokens.map {
      try Token(restoring: $0, knownAttributes: ["country", "population"])
    }
    #expect(restored.map(\.id) == tokens.storedForm)
    #expect(restored.map(\.kind) == tokens.tokens.map(\.kind))
    #expect(restored.map(\.displayText) == tokens.tokens.map(\.displayText))
    for (city, attributes) in TokenDriver.attributes {
      #expect(
        restored.compactMap(\.filter).allSatisfy { $0.matches(attributes) }
          == (tokens.filter?.matches(attributes) ?? true), "\(city)")
    }
    // Undo of a removal gives back the filter before it.
    if tokens.tokens.count < before.tokenState.tokens.count, tokens.lastRemoval != nil {
      var undone = field
      undone.send(.tokens(.undoRemoval))
      #expect(undone.state.tokenState.filter == before.tokenState.filter)
    }
  }
}
