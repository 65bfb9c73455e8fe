import AutocompleteCore
import TestSupport
import Testing

/// The model snippet of Guides/Tokens.md, as written, and what the guide says of it (the UIKit and
/// SwiftUI ones are type-checked with the examples, Examples/AutocompleteExamples/Sources/GuideSnippets).
@Suite("Guides/Tokens.md snippet")
@MainActor
struct TokensGuideTests {
  let people: [AutocompleteItem] = ["Ann <ann@x.org>", "Bob <bob@y.org>"]
  let saved = ["dan@z.org"]

  @Test(
    "the snippet restores tokens, splits a paste into tokens and keeps the rest; the stored form is the ids",
    .offThePool)
  func snippet() {
    let email = TokenCreation.accepting(
      where: { $0.contains("@") && !$0.hasPrefix("@") && !$0.hasSuffix("@") },
      reason: { "\u{201C}\($0)\u{201D} is not an e-mail address." })
    let session = AutocompleteSession(
      configuration: SessionConfiguration(
        sources: [ListSource(people)],
        tokens: TokenFieldConfiguration(maximumCount: 10, creation: email)))
    session.send(.tokens(.set(saved.map { Token(id: $0) })))  // restore the stored form
    session.textChanged("ann@x.org, bob@y.org, car")  // a paste: two tokens, "car" stays
    let stored = session.state.tokenState.storedForm  // ids, in order

    #expect(stored == ["dan@z.org", "ann@x.org", "bob@y.org"])
    #expect(session.state.text == "car")
    session.textChanged("car,")
    #expect(session.state.tokenState.refusal == "\u{201C}car\u{201D} is not an e-mail address.")
    #expect(session.state.text == "car,")
  }
}
