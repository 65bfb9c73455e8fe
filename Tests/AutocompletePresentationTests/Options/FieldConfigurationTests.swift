import AutocompleteCore
import AutocompletePresentation
import TestSupport
import Testing

@Suite("A field's session configuration: options, sources, data source and action row")
@MainActor
struct FieldConfigurationTests {
  final class People: AutofillDataSource {
    var textDictionary: [AutocompleteItem] { ["Jon Snow", "Jonah"] }
  }

  static func names(_ configuration: SessionConfiguration, _ text: String) -> [String] {
    let session = AutocompleteSession(configuration: configuration)
    session.send(.focusChanged(true))
    session.textChanged(text)
    return session.state.suggestions.map(\.displayText)
  }

  @Test("the data source takes over from the sources; without it the sources, else the base's", .offThePool)
  func sources() {
    let base = SessionConfiguration(source: ListSource(["Jorah"] as [AutocompleteItem]))
    let list = ListSource(["Joffrey"] as [AutocompleteItem])
    let people = People()
    let options = AutofillOptions()
    #expect(
      Set(
        Self.names(
          options.configuration(base: base, sources: [list], dataSource: people, actionRow: nil), "jo"))
        == ["Jon Snow", "Jonah"])
    #expect(
      Self.names(options.configuration(base: base, sources: [list], dataSource: nil, actionRow: nil), "jo")
        == ["Joffrey"])
    #expect(
      Self.names(options.configuration(base: base, sources: [], dataSource: nil, actionRow: nil), "jo")
        == ["Jorah"])
  }

  @Test("the options apply on top of the base; the action row replaces the base's only when set", .offThePool)
  func optionsAndActionRow() {
    var base = SessionConfiguration()
    base.actionRow = ActionRow(position: .top)
    let options = AutofillOptions(maximumAutofillCount: 1, showsInlineCompletion: true)
    let kept = options.configuration(base: base, sources: [], dataSource: nil, actionRow: nil)
    #expect(kept.actionRow?.position == .top)
    #expect(kept.searchOptions.maximumCount == 1)
    #expect(kept.showsInlineCompletion)
    let replaced = options.configuration(
      base: base, sources: [], dataSource: nil, actionRow: ActionRow(position: .bottom))
    #expect(replaced.actionRow?.position == .bottom)
  }
}
