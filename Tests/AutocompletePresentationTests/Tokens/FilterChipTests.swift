import AutocompleteCore
import AutocompletePresentation
import Foundation
import TestSupport
import Testing

/// Filter chips through the real session: a category row ("in BR (2)") picked in a token field
/// makes a chip that narrows the suggestions; removing it widens them back; undo narrows again.
@MainActor @Suite("Filter chips: category rows and chips from code narrow a token field's search")
struct FilterChipTests {
  static let cities: [AutocompleteItem] = [
    AutocompleteItem("Rio de Janeiro", weight: 6, attributes: ["country": "BR", "population": 6_700_000]),
    AutocompleteItem("Recife", weight: 1, attributes: ["country": "BR", "population": 1_600_000]),
    AutocompleteItem("Rome", weight: 3, attributes: ["country": "IT", "population": 2_800_000]),
    AutocompleteItem("Ravenna", weight: 0.5, attributes: ["country": "IT", "population": 150_000]),
    AutocompleteItem("Oslo", weight: 3, attributes: ["country": "NO", "population": 700_000]),
  ]

  /// A token field over `source` and the category rows of the country.
  static func field(_ source: any SuggestionSource, index: SearchIndex<AutocompleteItem>)
    -> AutocompleteSession
  {
    var options = SearchOptions(mode: .prefix)
    options.maximumCount = 10
    let session = AutocompleteSession(
      configuration: SessionConfiguration(
        sources: [source, CategorySource(index, attribute: "country", title: "Countries")],
        searchOptions: options, tokens: TokenFieldConfiguration()))
    session.send(.focusChanged(true))
    return session
  }

  /// The rows of the first section (the values).
  static func values(_ session: AutocompleteSession) -> [String] {
    session.state.sections.first { $0.title != "Countries" }?.suggestions.map(\.displayText) ?? []
  }

  /// The rows of the category section.
  static func categories(_ session: AutocompleteSession) -> [String] {
    session.state.sections.first { $0.title == "Countries" }?.suggestions.map(\.displayText) ?? []
  }

  @Test(
    "over the index: a category row makes a chip, the list narrows, two Backspaces widen it, undo narrows",
    .offThePool)
  func categoryRowOverTheIndex() throws {
    let index = SearchIndex(Self.cities)
    let session = Self.field(IndexSource(index), index: index)
    session.textChanged("r")
    #expect(Self.values(session) == ["Rio de Janeiro", "Rome", "Recife", "Ravenna"])
    #expect(Self.categories(session) == ["in BR (2)", "in IT (2)"])
    let brazil = try #require(session.state.suggestions.firstIndex { $0.displayText == "in BR (2)" })
    session.send(.rowPicked(brazil))
    let chip = try #require(session.state.tokens.first)
    #expect(chip.kind == .filter)
    #expect(chip.displayText == "in BR")
    #expect(chip.id == "country:=BR")
    #expect(session.state.text == "r")
    #expect(session.state.isOpen)
    #expect(session.effectiveSearchFilter == .isIn("country", ["BR"]))
    #expect(session.searchFilter == nil)
    #expect(Self.values(session) == ["Rio de Janeiro", "Recife"])
    #expect(Self.categories(session) == [])  // its own chip's row left; no other country matches
    // What front ends draw.
    let content = TokenFieldContent(state: session.state)
    #expect(content.chips.map(\.kind) == [.filter])
    #expect(content.chips.map(\.accessibilityLabel) == ["in BR, filter, 1 of 1, token"])
    // Backspace at the start of the text selects the chip, a second removes it: the list widens.
    session.send(.textChanged(TextSnapshot("r", caretOffset: 0)))
    session.press(.backspace)
    #expect(session.state.tokenState.selectedIndex == 0)
    session.press(.backspace)
    #expect(session.state.tokens.isEmpty)
    #expect(session.effectiveSearchFilter == nil)
    #expect(Self.values(session) == ["Rio de Janeiro", "Rome", "Recife", "Ravenna"])
    session.send(.tokens(.undoRemoval))
    #expect(Self.values(session) == ["Rio de Janeiro", "Recife"])
  }

  @Test(
    "over a ListSource: chips from code and from rows all hold with the app's filter; none widens it",
    .offThePool)
  func chipsFromCodeOverAList() throws {
    let index = SearchIndex(Self.cities)
    let session = Self.field(ListSource(Self.cities), index: index)
    session.searchFilter = Attribute("population") > 1_000_000
    session.textChanged("r")
    #expect(Self.values(session) == ["Rio de Janeiro", "Rome", "Recife"])
    let italy = try #require(Token(filter: .isIn("country", ["IT"]), displayText: "in Italy"))
    session.send(.tokens(.add(italy)))
    #expect(Self.values(session) == ["Rome"])
    #expect(
      TokenFieldContent(state: session.state).chips[0].accessibilityLabel == "in Italy, filter, 1 of 1, token"
    )
    // A second chip: both hold (nothing is in Brazil and in Italy); the app's filter is untouched.
    session.send(.tokens(.add(try #require(Token(filter: .isIn("country", ["BR"]), displayText: "in BR")))))
    #expect(Self.values(session) == [])
    #expect(session.searchFilter == (Attribute("population") > 1_000_000))
    // Removing one widens to the other; setting the tokens from code follows at once.
    session.send(.tokens(.remove(id: "country:=IT")))
    #expect(Self.values(session) == ["Rio de Janeiro", "Recife"])
    session.send(.tokens(.set([Token(id: "Rome"), italy])))
    #expect(Self.values(session) == [])  // Rome is picked, Ravenna too small
    session.send(.tokens(.set([])))
    #expect(Self.values(session) == ["Rio de Janeiro", "Rome", "Recife"])
  }

  @Test("filter chips are not values: they take no row out, and typed text never becomes one", .offThePool)
  func chipsAreNotValues() {
    let index = SearchIndex(Self.cities)
    let session = Self.field(IndexSource(index), index: index)
    session.send(.tokens(.add(Token(id: "Rome"))))
    session.textChanged("r")
    #expect(Self.values(session) == ["Rio de Janeiro", "Recife", "Ravenna"])
    #expect(Self.categories(session) == ["in BR (2)", "in IT (2)"])
    // "r" is every category row's completion text: Return does not make it a chip.
    session.send(.rowHighlighted(nil))
    session.press(.enter)
    #expect(session.state.tokens.map(\.kind) == [.value])
    #expect(session.state.tokenState.refusal == "\u{201C}r\u{201D} is not in the list.")
    session.send(.tokens(.add(Token(filter: .isIn("country", ["IT"]), displayText: "in IT")!)))
    session.send(.listOpened)  // Return closed the list; the chip applies when it opens again
    #expect(Self.values(session) == ["Ravenna"])
    #expect(Self.categories(session) == [])
  }

  @Test("applyCategory in a token field adds the chip once and leaves searchFilter alone", .offThePool)
  func applyCategoryInATokenField() throws {
    let index = SearchIndex(Self.cities)
    let session = Self.field(IndexSource(index), index: index)
    var applied = 0
    session.onOutput = { output in
      if case .picked(let row) = output, session.applyCategory(row) { applied += 1 }
    }
    session.textChanged("r")
    let italy = try #require(session.state.suggestions.firstIndex { $0.displayText == "in IT (2)" })
    session.send(.rowPicked(italy))
    #expect(applied == 1)
    #expect(session.state.tokens.map(\.id) == ["country:=IT"])
    #expect(session.searchFilter == nil)
    #expect(Self.values(session) == ["Rome", "Ravenna"])
  }

  @Test(
    "the stored form round-trips filter chips as filter_by text; a filter that no longer parses throws",
    .offThePool)
  func storedForm() throws {
    let chips = [
      Token(id: "Rome"),
      try #require(
        Token(filter: Attribute("country") == "BR" || Attribute("population") > 1e6, displayText: "big or BR")
      ),
      try #require(Token(filter: .isIn("country", ["São Tomé", "a b"]), displayText: "odd")),
    ]
    var state = TokenState()
    state =
      SessionReducer(configuration: SessionConfiguration(tokens: TokenFieldConfiguration()))
      .reduce(SessionState(), .tokens(.set(chips))).state.tokenState
    let data = try JSONEncoder().encode(state.storedTokens)
    let stored = try JSONDecoder().decode([StoredToken].self, from: data)
    let restored = try stored.map { try Token(restoring: $0) }
    #expect(restored == chips)
    #expect(stored.map(\.kind) == [.value, .filter, .filter])
    // A stored filter that no longer parses, or names an attribute the items lost: a clear error.
    #expect(throws: FilterSyntaxError.self) {
      try Token(restoring: StoredToken(id: "country:=[BR", kind: .filter, displayText: "x"))
    }
    #expect(throws: FilterSyntaxError.self) {
      try Token(restoring: stored[1], knownAttributes: ["country"])
    }
    // A filter Typesense's syntax cannot say cannot be a chip (it could not be stored).
    #expect(Token(filter: .exists("country"), displayText: "has a country") == nil)
  }
}
