import AutocompleteCore
import TestSupport
import Testing

/// The snippet of Guides/Mentions.md, as written, and what its comments promise.
@Suite("Guides/Mentions.md snippet")
@MainActor
struct MentionsGuideTests {
  @Test("a mention is picked, stored in the default markup and reopened live", .offThePool)
  func snippet() throws {
    let directory: [AutocompleteItem] = [
      AutocompleteItem(
        "Morgan Lee", completionText: "morgan", alternateSearchTexts: ["morgan"], payload: "u42"),
      AutocompleteItem("Jon Snow", completionText: "jon", alternateSearchTexts: ["jon"], payload: "u7"),
    ]

    let people = SessionTrigger(
      "@", source: ListSource(directory), insertsMention: true,
      mentionText: .withDelimiter,  // "@morgan"; .withoutDelimiter → "morgan"; .firstWord; .custom { … }
      mentionStyle: "person",  // a style key the front ends map to colours
      mentionID: { $0.payload(as: AutocompleteItem.self)?.payload as? String ?? $0.id })  // a stable key
    let session = AutocompleteSession(
      configuration: SessionConfiguration(
        triggers: [people], mentionEditing: .dissolve, mentionDeletion: .twoStep))
    // … the user types "Hi @mo" and picks Morgan:
    var text = ""
    session.onOutput = { if case .replaceText(let edit) = $0 { text = edit.resultingText } }
    session.send(.focusChanged(true))
    session.send(.textChanged(TextSnapshot("Hi @mo")))
    #expect(session.state.suggestions.map(\.displayText) == ["Morgan Lee"])
    session.send(.rowPicked(0))
    #expect(text == "Hi @morgan ")
    let mention = try #require(session.state.mentions.first)
    #expect(session.state.mentions.count == 1)
    #expect(mention.text == "@morgan" && mention.trigger == "@" && mention.id == "u42")
    #expect(text.distance(from: text.startIndex, to: mention.range.lowerBound) == 3)
    #expect(text.distance(from: text.startIndex, to: mention.range.upperBound) == 10)
    #expect(session.configuration.mentionStyle(for: mention) == "person")

    let stored = MentionMarkup.default.encode(session.state.mentionedText)
    #expect(stored == "Hi <mention|@|u42|@morgan> ")
    session.send(.textChanged(TextSnapshot("")))
    #expect(session.state.mentions.isEmpty)
    session.send(.mentionedTextLoaded(try MentionMarkup.default.decode(stored)))  // reopened, live again
    #expect(session.state.text == "Hi @morgan ")
    #expect(session.state.mentions.map(\.id) == ["u42"])
  }
}
