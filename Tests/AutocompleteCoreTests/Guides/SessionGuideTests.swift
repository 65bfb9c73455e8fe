import AutocompleteCore
import TestSupport
import Testing

/// The complete example of Guides/Session.md, as written (a `main.swift` there, a function here),
/// with `print` recording what it prints, so that the output in the guide's comments is checked.
@Suite("Guides/Session.md example")
@MainActor
struct SessionGuideTests {
  @Test("the example runs as written and prints what the guide says", .offThePool)
  func example() {
    var printed: [String] = []
    func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

    let cities: [AutocompleteItem] = [
      AutocompleteItem("São Paulo", displayText: "São Paulo, Brazil", weight: 12_300_000),
      AutocompleteItem("Santiago", displayText: "Santiago, Chile", weight: 6_800_000),
      AutocompleteItem("San Francisco", displayText: "San Francisco, USA", weight: 870_000),
      AutocompleteItem("Zürich", displayText: "Zürich, Switzerland", weight: 420_000),
    ]
    let session = AutocompleteSession(configuration: SessionConfiguration(sources: [ListSource(cities)]))

    var field = TextSnapshot("")  // the text field, as the front end holds it
    var picks: [String] = []
    session.onOutput = { output in
      switch output {
      case .replaceText(let edit): field = edit.resultingSnapshot  // apply the edit and its caret
      case .picked(let suggestion): picks.append(suggestion.displayText)
      default: break
      }
    }

    session.send(.focusChanged(true))
    field = TextSnapshot("sa", caretOffset: 2)  // the user types "sa"
    session.send(.textChanged(field))
    let state = session.state
    print(state.isOpen, state.phase)  // true results
    print(state.suggestions.map(\.displayText))
    print(state.suggestions[0].highlights.map { String(state.suggestions[0].displayText[$0]) })  // ["Sã"]
    session.press(.down)  // highlights the first row
    print(session.state.accessibilityStatus)  // 3 suggestions. São Paulo, Brazil, 1 of 3.
    session.press(.enter)  // picks it: .replaceText, then .picked
    print(field.text, field.caretCharacterOffset, picks, session.state.isOpen)

    #expect(
      printed == [
        "true results",
        #"["São Paulo, Brazil", "Santiago, Chile", "San Francisco, USA"]"#,
        #"["Sã"]"#,
        "3 suggestions. São Paulo, Brazil, 1 of 3.",
        #"São Paulo 9 ["São Paulo, Brazil"] false"#,
      ])
  }

  /// Guides/Session.md's own source: four required members.
  struct PeopleSource: SuggestionSource {
    let directory: Directory
    let title: String? = "People"
    let isCacheable = false  // people join while the app runs
    func immediateSuggestions(for query: SuggestionQuery) -> [Suggestion]? { nil }
    func suggestions(for query: SuggestionQuery) async throws -> [Suggestion] {
      try await directory.people(matching: query.text).suggestions(answering: query)
    }
  }

  /// The guide's directory of people: an actor, as a server or a database would be.
  actor Directory {
    var people = [AutocompleteItem("Ada Lovelace"), AutocompleteItem("Alan Turing")]
    func people(matching text: String) -> [AutocompleteItem] {
      people.filter { SearchQuery(text).bestMatch(for: $0) != nil }
    }
    func join(_ name: String) { people.append(AutocompleteItem(name)) }
  }

  @Test("the guide's own source gives a titled section and is asked again, not cached")
  func ownSource() async throws {
    let directory = Directory()
    let source = PeopleSource(directory: directory)
    let query = SuggestionQuery("a")
    #expect(source.title == "People" && !source.isCacheable && source.immediateSuggestions(for: query) == nil)
    let rows = try await source.suggestions(for: query).map(\.displayText)
    #expect(Set(rows) == ["Ada Lovelace", "Alan Turing"], "\(rows)")
    await directory.join("Alonzo Church")
    #expect(try await source.suggestions(for: query).count == 3)
  }
}
