import AutocompleteCore
import Foundation
import TestSupport
import Testing

@Suite("Trigger tokens (seed 001)")
struct TriggerTests {
  static let people: [AutocompleteItem] = [
    AutocompleteItem("john", displayText: "John Appleseed"),
    AutocompleteItem("joan", displayText: "Joan Jett"),
  ]
  static let tags: [AutocompleteItem] = ["swift", "swiftui"]

  static func configuration(
    insideWords: Bool = false, replacesDelimiter: Bool = false,
    breaks: Set<Character> = SessionConfiguration.defaultTokenBreakCharacters
  ) -> SessionConfiguration {
    SessionConfiguration(
      triggers: [
        SessionTrigger("@", source: ListSource(people), cellStyle: "person", firesInsideWords: insideWords),
        SessionTrigger("#", source: ListSource(tags), cellStyle: "tag"),
        SessionTrigger(
          ":", source: ListSource(["smile"] as [AutocompleteItem]), replacesDelimiter: replacesDelimiter),
      ],
      tokenBreakCharacters: breaks.union(SessionConfiguration.defaultTokenBreakCharacters))
  }

  /// The text up to the caret marker `|` and the snapshot with the caret there.
  static func snapshot(_ marked: String) -> TextSnapshot {
    let parts = marked.split(separator: "|", omittingEmptySubsequences: false)
    let before = String(parts[0])
    let text = before + String(parts.count > 1 ? parts[1] : "")
    return TextSnapshot(text, caretOffset: before.count)
  }

  static func query(_ marked: String, _ configuration: SessionConfiguration = configuration())
    -> SessionQuery?
  {
    reduceEvents(configuration, [.textChanged(snapshot(marked))]).state.query
  }

  @Test(
    "the token at the caret is the query",
    .offThePool,
    arguments: [
      ("@jo|", "jo", "@"), ("@jo| says hi", "jo", "@"), ("hi @jo|", "jo", "@"), ("hi @jo| there", "jo", "@"),
      ("hi @jo|hn there", "jo", "@"), ("#sw| and @jo", "sw", "#"), ("#sw and @j|", "j", "@"),
      ("👍🏽 @jo|", "jo", "@"), ("e\u{301}\u{301} @jo|", "jo", "@"), ("🇻🇳 @|", "", "@"), ("(@jo|", "jo", "@"),
      ("@jo|, yes", "jo", "@"),
      ("日本語 #sw|", "sw", "#"), ("مرحبا @jo|", "jo", "@"), ("@jo\u{301}|", "jo\u{301}", "@"),
      (":sm|", "sm", ":"),
    ])
  func tokenAtCaret(_ marked: String, _ expected: String, _ delimiter: String) throws {
    let configuration = Self.configuration()
    var config = configuration
    config.minimumQueryLength = 0
    let query = try #require(Self.query(marked, config))
    #expect(query.text == expected)
    #expect(query.delimiter == delimiter)
  }

  @Test(
    "no token outside a trigger word",
    .offThePool, arguments: ["hello|", "hi @jo there|", "mail@example|", "@jo |", "|@jo", "", "a\u{0}b@c|"])
  func noToken(_ marked: String) {
    #expect(Self.query(marked) == nil)
  }

  @Test("a delimiter inside a word fires only when configured", .offThePool)
  func insideWords() throws {
    #expect(Self.query("mail@exa|") == nil)
    let query = try #require(Self.query("mail@exa|", Self.configuration(insideWords: true)))
    #expect(query.text == "exa")
  }

  @Test("configurable break characters end tokens", .offThePool)
  func breakCharacters() throws {
    #expect(Self.query("a/@jo|") == nil)
    let query = try #require(Self.query("a/@jo|", Self.configuration(breaks: ["/"])))
    #expect(query.text == "jo")
  }

  @Test("picking replaces only the token, keeps the delimiter, adds a space, moves the caret", .offThePool)
  func pickMiddle() throws {
    let configuration = Self.configuration()
    let result = reduceEvents(
      configuration,
      [
        .textChanged(Self.snapshot("👍🏽 hi @jo|hn, bye")),
        .resultsArrived(
          requestID: 1, sections: [SuggestionSection(suggestions: matchingRows(Self.people, matching: "jo"))]),
        .key(.down), .key(.enter),
      ])
    let edit = try #require(
      result.outputs.compactMap { if case .replaceText(let e) = $0 { e } else { nil } }.first)
    #expect(edit.resultingText == "👍🏽 hi @john, bye")
    #expect(edit.replacement == "john")
    #expect(edit.caretCharacterOffset == "👍🏽 hi @john".count)
    #expect(edit.caretUTF16Offset == "👍🏽 hi @john".utf16.count)
    #expect(edit.utf16Range == NSRange(location: "👍🏽 hi @".utf16.count, length: 4))
    #expect(result.state.text == edit.resultingText)
    #expect(!result.state.isOpen)
    #expect(
      result.outputs.contains { if case .picked(let s) = $0 { s.completionText == "john" } else { false } })
    // Cell style comes from the trigger.
    #expect(
      result.outputs.contains { if case .picked(let s) = $0 { s.cellStyle == "person" } else { false } })
  }

  @Test("a pick never deletes text after the caret that the completion does not end with", .offThePool)
  func pickKeepsTextAfterTheCaret() throws {
    let result = reduceEvents(
      Self.configuration(),
      [
        .textChanged(Self.snapshot("Hi @jo|there")),
        .resultsArrived(
          requestID: 1, sections: [SuggestionSection(suggestions: matchingRows(Self.people, matching: "jo"))]),
        .rowPicked(0),
      ])
    #expect(result.state.text == "Hi @john there")
    #expect(result.state.input.caretCharacterOffset == "Hi @john ".count)
  }

  @Test("a pick before an existing space does not double it", .offThePool)
  func pickBeforeSpace() throws {
    let result = reduceEvents(
      Self.configuration(),
      [
        .textChanged(Self.snapshot("#sw| rocks")),
        .resultsArrived(
          requestID: 1, sections: [SuggestionSection(suggestions: matchingRows(Self.tags, matching: "sw"))]),
        .rowPicked(1),
      ])
    #expect(result.state.text == "#swiftui rocks")
    #expect(result.state.input.caretCharacterOffset == "#swiftui ".count)
  }

  @Test("a trigger can replace its delimiter", .offThePool)
  func replacesDelimiter() {
    let result = reduceEvents(
      Self.configuration(replacesDelimiter: true),
      [
        .textChanged(Self.snapshot("so :sm|")),
        .resultsArrived(
          requestID: 1, sections: [SuggestionSection(suggestions: [Suggestion("smile", completionText: "😄")])]
        ),
        .rowPicked(0),
      ])
    #expect(result.state.text == "so 😄 ")
    #expect(result.state.query == nil)
  }

  @Test("the caret moving to another token starts its query; inside the same token it does not", .offThePool)
  func caretMoves() {
    let configuration = Self.configuration()
    let reducer = SessionReducer(configuration: configuration)
    var state = reducer.reduce(SessionState(), .textChanged(Self.snapshot("@jo| #sw"))).state
    #expect(state.query?.target == .trigger(0))
    #expect(state.pendingRequestID == 1)
    state = reducer.reduce(state, .textChanged(Self.snapshot("@jo #sw|"))).state
    #expect(state.query?.target == .trigger(1))
    #expect(state.pendingRequestID == 2)
    let transition = reducer.reduce(state, .textChanged(Self.snapshot("@jo #s|w")))
    #expect(transition.state.query?.text == "s")
    #expect(transition.state.pendingRequestID == 3)
  }

  @Test("multi-character delimiters: the longest delimiter at the token start wins", .offThePool)
  func multiCharacterDelimiters() throws {
    let configuration = SessionConfiguration(triggers: [
      SessionTrigger(":", source: ListSource(["smile"] as [AutocompleteItem])),
      SessionTrigger("::", source: ListSource(["std"] as [AutocompleteItem])),
    ])
    let long = try #require(Self.query("::st|", configuration))
    #expect(long.target == .trigger(1))
    #expect(long.text == "st")
    let short = try #require(Self.query(":sm|", configuration))
    #expect(short.target == .trigger(0))
  }

  @Test("UTF-16 selections inside a character round down", .offThePool)
  func utf16Selection() {
    let text = "👍🏽 @jo"
    let snapshot = TextSnapshot(text, utf16Selection: NSRange(location: 1, length: 0))
    #expect(snapshot.caret == text.startIndex)
    let end = TextSnapshot(text, utf16Selection: NSRange(location: 999, length: 5))
    #expect(end.isCaretAtEnd)
  }
}
