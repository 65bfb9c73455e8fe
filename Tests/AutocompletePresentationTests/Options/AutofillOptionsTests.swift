import AutocompleteCore
import AutocompletePresentation
import TestSupport
import Testing

@Suite("Autofill options (seed 003's names and defaults)")
@MainActor
struct AutofillOptionsTests {
  static let words: [AutocompleteItem] = [
    "Zürich", "Zurich Airport", "New Zurich", "zürich lake", "Oberzürich", "Basel", "Bern", "Biel", "Brig",
    "Baden", "Bülach",
  ]

  static func names(_ options: AutofillOptions, _ text: String) -> [String] {
    let session = AutocompleteSession(
      configuration: options.applied(to: SessionConfiguration(source: ListSource(words))))
    session.textChanged(text)
    return session.state.suggestions.map(\.displayText)
  }

  @Test("defaults: on, insensitive to case and diacritics, begins-with, at most 5", .offThePool)
  func defaults() {
    let options = AutofillOptions()
    #expect(
      options.isAutoFillOn && !options.isCaseSensitive && !options.isWildcardBefore && options.isWildcardAfter
    )
    #expect(options.maximumAutofillCount == 5)
    #expect(options.effectiveMode == .prefix)
    #expect(Set(Self.names(options, "zur")) == ["Zürich", "Zurich Airport", "zürich lake"])
    #expect(Self.names(options, "b").count == 5)
  }

  @Test("the wildcard switches give contains, ends-with and exact", .offThePool)
  func wildcards() {
    #expect(Set(Self.names(AutofillOptions(isWildcardBefore: true), "zurich")).contains("Oberzürich"))
    #expect(AutofillOptions(isWildcardBefore: true, isWildcardAfter: false).effectiveMode == .suffix)
    #expect(
      Self.names(AutofillOptions(isWildcardBefore: true, isWildcardAfter: false), "zurich").contains(
        "New Zurich"))
    #expect(Self.names(AutofillOptions(isWildcardAfter: false), "zurich") == ["Zürich"])
  }

  @Test("case sensitivity also counts diacritics", .offThePool)
  func caseSensitive() {
    #expect(Self.names(AutofillOptions(isCaseSensitive: true), "Zur") == ["Zurich Airport"])
    #expect(Self.names(AutofillOptions(isCaseSensitive: true), "zür") == ["zürich lake"])
  }

  @Test("negative maximum: unlimited; a match mode overrides the switches", .offThePool)
  func unlimitedAndModes() {
    #expect(Self.names(AutofillOptions(maximumAutofillCount: -1), "b").count == 6)
    #expect(Self.names(AutofillOptions(matchMode: .fuzzy), "zrh").contains("Zürich"))
    #expect(Self.names(AutofillOptions(matchMode: .words), "airport zur") == ["Zurich Airport"])
  }

  @Test(
    "minimum length, inline completion, debounce and the main switch reach the configuration", .offThePool)
  func pipeline() {
    let configuration = AutofillOptions(
      isAutoFillOn: false, minimumQueryLength: 3, debounce: .milliseconds(150), showsInlineCompletion: true
    ).applied(to: SessionConfiguration(actionRow: ActionRow()))
    #expect(!configuration.isAutoFillOn)
    #expect(configuration.minimumQueryLength == 3)
    #expect(configuration.debounce == .milliseconds(150))
    #expect(configuration.showsInlineCompletion)
    #expect(configuration.actionRow != nil)
    #expect(Self.names(AutofillOptions(minimumQueryLength: 3), "zu").isEmpty)
  }

  @Test("switched at run time: the session follows at once (RVS's live switches)", .offThePool)
  func runtimeSwitch() {
    let base = SessionConfiguration(source: ListSource(Self.words))
    var options = AutofillOptions()
    let session = AutocompleteSession(configuration: options.applied(to: base))
    session.textChanged("zurich")
    #expect(!session.state.suggestions.map(\.displayText).contains("Oberzürich"))
    options.isWildcardBefore = true
    session.configuration = options.applied(to: base)
    #expect(session.state.suggestions.map(\.displayText).contains("Oberzürich"))
    options.isAutoFillOn = false
    session.configuration = options.applied(to: base)
    #expect(session.state.suggestions.isEmpty)
    #expect(!session.state.isOpen)
  }

  @Test(
    "typo tolerance: off by default; automatic finds Zürich from “zurcih”; the Interface Builder text form",
    .offThePool)
  func typoTolerance() {
    #expect(AutofillOptions().typoTolerance == .off)
    #expect(Self.names(AutofillOptions(), "zurcih").isEmpty)
    #expect(Self.names(AutofillOptions(typoTolerance: .automatic), "zurcih").first == "Zürich")
    var options = AutofillOptions()
    options.typoToleranceText = "auto"
    #expect(options.typoTolerance == .automatic)
    #expect(options.searchOptions.typoTolerance == .automatic)
    options.typoToleranceText = "2"
    #expect(options.typoTolerance == .fixed(2) && options.typoToleranceText == "2")
    options.typoToleranceText = "lots"
    #expect(options.typoTolerance == .off)
    // The row says how many typos it forgave; with no typo, none.
    let session = AutocompleteSession(
      configuration: AutofillOptions(typoTolerance: .automatic).applied(
        to: SessionConfiguration(source: IndexSource(SearchIndex(Self.words)))))
    session.textChanged("zurcih")
    #expect(session.state.suggestions.first?.displayText == "Zürich")
    #expect(session.state.suggestions.first?.typos == 1)
    session.textChanged("zurich")
    #expect(session.state.suggestions.first?.typos == 0)
  }

  @Test(
    "transliteration: off by default; on, the session's queries carry it, so a plain list reads its items",
    .offThePool)
  func transliteration() {
    #expect(AutofillOptions().searchOptions.transliteration == .none)
    let options = AutofillOptions(transliteration: .latin)
    #expect(options.searchOptions.transliteration == .latin)
    let configuration = options.applied(
      to: SessionConfiguration(source: ListSource(["Москва", "Berlin"] as [AutocompleteItem])))
    #expect(configuration.searchOptions.transliteration == .latin)
    let session = AutocompleteSession(configuration: configuration)
    session.textChanged("moskva")
    #expect(session.state.suggestions.map(\.displayText) == ["Москва"])
  }
}
