import AutocompleteCore
import TestSupport
import Testing

/// The session-level switch for Latin readings and wrong-layout queries (issue 37):
/// `SessionConfiguration.searchOptions.transliteration` reaches the sources in every query, so a
/// plain ``ListSource`` reads its items and an index built without readings still answers a query
/// typed on the wrong keyboard layout; switching it off answers as before.
@MainActor
@Suite("Session transliteration")
struct SessionTransliterationTests {
  let cities: [AutocompleteItem] = ["北京", "Москва", "Αθήνα", "서울", "Berlin"]

  func session(_ source: any SuggestionSource, transliteration: Transliteration) -> AutocompleteSession {
    AutocompleteSession(
      configuration: SessionConfiguration(
        sources: [source], searchOptions: SearchOptions(transliteration: transliteration)))
  }

  func rows(_ session: AutocompleteSession, _ text: String) -> [String] {
    session.textChanged(text)
    return session.state.suggestions.map(\.displayText)
  }

  @Test("A list without its own setting reads its items when the session asks", .offThePool)
  func list() {
    let on = session(ListSource(cities), transliteration: .latin)
    #expect(rows(on, "beijing") == ["北京"])
    #expect(rows(on, "moskva") == ["Москва"])
    #expect(rows(on, "seoul") == ["서울"])
    #expect(rows(on, "vjcr") == ["Москва"])
    #expect(on.state.suggestions.first?.highlights.map { String("Москва"[$0]) } == ["Моск"])
    let off = session(ListSource(cities), transliteration: .none)
    #expect(rows(off, "beijing").isEmpty)
    #expect(rows(off, "vjcr").isEmpty)
    #expect(rows(off, "ber") == ["Berlin"])
  }

  @Test("A list built with readings keeps them when the session's switch is off", .offThePool)
  func listOwnSetting() {
    let list = session(ListSource(cities, transliteration: .latin), transliteration: .none)
    #expect(rows(list, "athina") == ["Αθήνα"])
  }

  @Test(
    "An index without readings answers wrong-layout queries when the session asks, not readings", .offThePool)
  func index() {
    let on = session(IndexSource(SearchIndex(cities)), transliteration: .latin)
    #expect(rows(on, "vjcrdf") == ["Москва"])
    #expect(rows(on, "moskva").isEmpty)
    let off = session(IndexSource(SearchIndex(cities)), transliteration: .none)
    #expect(rows(off, "vjcrdf").isEmpty)
    let built = session(IndexSource(SearchIndex(cities, transliteration: .latin)), transliteration: .none)
    #expect(rows(built, "moskva") == ["Москва"])
  }

  @Test("Changing the switch at run time asks again with it", .offThePool)
  func reconfigured() {
    let session = session(ListSource(cities), transliteration: .none)
    #expect(rows(session, "beij").isEmpty)
    session.configuration.searchOptions.transliteration = .latin
    #expect(session.state.suggestions.map(\.displayText) == ["北京"])
  }
}
