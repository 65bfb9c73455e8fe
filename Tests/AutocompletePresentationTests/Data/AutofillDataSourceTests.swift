import AutocompleteCore
import AutocompletePresentation
import TestSupport
import Testing

/// RVS's simple way: a text dictionary with `refCon` payloads.
@MainActor
final class DictionaryDataSource: AutofillDataSource {
  var textDictionary: [AutocompleteItem] = [
    AutocompleteItem("Jon Snow", payload: 1), AutocompleteItem("Sansa Stark", payload: 2),
    AutocompleteItem("Sandor Clegane", payload: 3),
  ]
}

/// RVS's complex way: a custom search that records the options it was called with.
@MainActor
final class CustomDataSource: AutofillDataSource {
  var calls: [String] = []
  func autofillItems(
    for text: String, isCaseSensitive: Bool, isWildcardBefore: Bool, isWildcardAfter: Bool,
    maximumAutofillCount: Int
  ) -> [AutocompleteItem]? {
    calls.append("\(text) \(isCaseSensitive) \(isWildcardBefore) \(isWildcardAfter) \(maximumAutofillCount)")
    let words = ["\(text) one", "\(text) two", "another", "four", "five", "six", "seven"]
    return words.map { AutocompleteItem($0) }
  }
}

@Suite("Data sources (seed 003's two ways)")
@MainActor
struct AutofillDataSourceTests {
  static func session(_ dataSource: any AutofillDataSource, _ options: AutofillOptions = AutofillOptions())
    -> AutocompleteSession
  {
    AutocompleteSession(
      configuration: options.applied(to: SessionConfiguration(source: DataSourceSource(dataSource))))
  }

  @Test(
    "the simple way: the engine searches textDictionary; the refCon comes back as the payload", .offThePool)
  func textDictionary() {
    let dataSource = DictionaryDataSource()
    let session = Self.session(dataSource)
    session.textChanged("san")
    #expect(session.state.suggestions.map(\.displayText) == ["Sansa Stark", "Sandor Clegane"])
    #expect(session.state.suggestions.first?.highlights.isEmpty == false)
    var picked: Int?
    session.onOutput = {
      if case .picked(let row) = $0 { picked = row.payload(as: AutocompleteItem.self)?.payload as? Int }
    }
    session.send(.rowPicked(1))
    #expect(picked == 3)
  }

  @Test("the data is read at every search, so it may change between keystrokes", .offThePool)
  func readsEachTime() {
    let dataSource = DictionaryDataSource()
    let session = Self.session(dataSource)
    session.textChanged("ty")
    #expect(session.state.suggestions.isEmpty)
    dataSource.textDictionary.append("Tyrion Lannister")
    session.textChanged("tyr")
    #expect(session.state.suggestions.map(\.displayText) == ["Tyrion Lannister"])
  }

  @Test(
    "the complex way: called with the text and the four options, its order kept, cut to the maximum",
    .offThePool)
  func customSearch() {
    let dataSource = CustomDataSource()
    let session = Self.session(dataSource, AutofillOptions(isWildcardBefore: true, maximumAutofillCount: 5))
    session.textChanged("an")
    #expect(dataSource.calls == ["an false true true 5"])
    #expect(session.state.suggestions.map(\.displayText) == ["an one", "an two", "another", "four", "five"])
    #expect(session.state.suggestions[2].highlights.isEmpty == false)
  }

  @Test("a data source that is gone answers nothing instead of crashing", .offThePool)
  func released() {
    var dataSource: DictionaryDataSource? = DictionaryDataSource()
    let source = DataSourceSource(dataSource!)
    dataSource = nil
    let session = AutocompleteSession(configuration: SessionConfiguration(source: source))
    session.textChanged("san")
    #expect(session.state.suggestions.isEmpty)
  }

  @Test("asked off the main actor (an async pipeline), it still answers on the main actor")
  func asyncPath() async throws {
    let dataSource = DictionaryDataSource()
    let source = DataSourceSource(dataSource)
    let rows = try await Task.detached { try await source.suggestions(for: SuggestionQuery("jon")) }.value
    #expect(rows.map(\.displayText) == ["Jon Snow"])
    #expect(!source.isCacheable)
    withExtendedLifetime(dataSource) {}
  }
}
