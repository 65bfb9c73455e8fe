import AutocompleteCore
import TestSupport
import Testing

@Suite("Token field: adding, removing, selecting and leaving picked rows out, through the reducer")
struct TokenFieldTests {
  static let email = TokenCreation.accepting(
    where: { $0.contains("@") && !$0.hasPrefix("@") && !$0.hasSuffix("@") },
    reason: { "\u{201C}\($0)\u{201D} is not an e-mail address." })

  @Test("a picked row becomes a token, the text empties and the row leaves the list", .offThePool)
  func pickMakesToken() {
    var field = TokenDriver(TokenFieldConfiguration())
    field.type("ma")
    #expect(field.state.suggestions.map(\.displayText).first == "Madrid")
    field.press(.enter)
    #expect(field.chips == ["Madrid"])
    #expect(field.state.text == "")
    #expect(field.outputs.contains(.picked(Suggestion("Madrid"))))
    #expect(field.state.tokens.first?.item == Suggestion("Madrid"))
    field.type("ma")
    #expect(!field.state.suggestions.map(\.displayText).contains("Madrid"))
    field.send(.rowPicked(0))
    field.type("ma")
    field.press(.tab)
    #expect(field.chips == ["Madrid", "Malaga", "Manchester"])
    #expect(field.state.tokenState.announcement == "Manchester added. 3 tokens.")
  }

  @Test("the limit grows by the number of tokens, so picked rows do not leave the list short", .offThePool)
  func limitGrows() {
    var field = TokenDriver(TokenFieldConfiguration(), items: (1...10).map { "item\($0)" })
    field.send(.tokens(.set(["item1", "item2"].map { Token(id: $0) })))
    field.type("item")
    #expect(field.state.suggestions.map(\.id) == ["item3", "item4", "item5", "item6", "item7"])
  }

  @Test(
    "separators end tokens; a paste splits; the part after the last separator stays the query", .offThePool)
  func separatorsAndPaste() {
    var field = TokenDriver(TokenFieldConfiguration(creation: Self.email), items: [])
    field.type("a@x.org, b@y.org; c@")
    #expect(field.chips == ["a@x.org", "b@y.org"])
    #expect(field.state.text == "c@")
    field.type("c@z.org,")
    #expect(field.chips == ["a@x.org", "b@y.org", "c@z.org"])
    #expect(field.state.text == "")
  }

  @Test("a refused part stays in the field with a readable reason; nothing is lost", .offThePool)
  func refusalKeepsText() {
    var field = TokenDriver(TokenFieldConfiguration(creation: Self.email), items: [])
    field.type("a@x.org, bob, c@y.org")
    #expect(field.chips == ["a@x.org"])
    #expect(field.state.text == "bob, c@y.org")
    #expect(field.state.tokenState.refusal == "\u{201C}bob\u{201D} is not an e-mail address.")
    field.type("bob@x.org, c@y.org")
    #expect(field.state.tokenState.refusal == nil)
    #expect(field.chips == ["a@x.org", "bob@x.org"])
  }

  @Test("without a creation rule only rows become tokens; typed text matching a row does", .offThePool)
  func onlyRows() {
    var field = TokenDriver(TokenFieldConfiguration())
    field.type("paris")  // the rows shown are what typed text can match
    field.type("paris,")
    #expect(field.chips == ["Paris"])
    field.type("nowhere,")
    #expect(field.chips == ["Paris"])
    #expect(field.state.text == "nowhere,")
    #expect(field.state.tokenState.refusal == "\u{201C}nowhere\u{201D} is not in the list.")
  }

  @Test("Return with text and no highlighted row adds it; Return in an empty field returns", .offThePool)
  func returnAdds() {
    var field = TokenDriver(TokenFieldConfiguration(creation: TokenCreation()), items: [])
    field.type("swift")
    field.press(.enter)
    #expect(field.chips == ["swift"])
    field.press(.enter)
    #expect(field.outputs.last == .returned(text: ""))
    var off = TokenDriver(
      TokenFieldConfiguration(returnAddsToken: false, creation: TokenCreation()), items: [])
    off.type("swift")
    off.press(.enter)
    #expect(off.chips.isEmpty)
  }

  @Test("the create row creates a validated token, or keeps the text with the reason", .offThePool)
  func createRow() {
    var field = TokenDriver(TokenFieldConfiguration(creation: Self.email), items: ["ann@x.org"])
    field.type("bob")
    #expect(field.state.actionRowTitle == "Create \u{201C}bob\u{201D}")
    field.send(.actionRowPicked)
    #expect(field.chips.isEmpty)
    #expect(field.state.text == "bob")
    #expect(field.state.tokenState.refusal == "\u{201C}bob\u{201D} is not an e-mail address.")
    field.type("bob@y.org")
    field.send(.actionRowPicked)
    #expect(field.chips == ["bob@y.org"])
    #expect(field.state.text == "")
  }

  @Test("Backspace at the start selects the last token, a second removes it; undo puts it back", .offThePool)
  func backspaceTwice() {
    var field = TokenDriver(TokenFieldConfiguration())
    field.send(.tokens(.set(["Madrid", "Paris", "Porto"].map { Token(id: $0) })))
    field.type("x")
    field.send(.textChanged(TextSnapshot("x", caretOffset: 0)))
    field.press(.backspace)
    #expect(field.state.tokenState.selectedIndex == 2)
    #expect(field.state.tokenState.announcement == "Porto, 3 of 3, selected.")
    field.press(.backspace)
    #expect(field.chips == ["Madrid", "Paris"])
    #expect(field.state.text == "x")
    field.send(.tokens(.remove(id: "Madrid")))
    #expect(field.chips == ["Paris"])
    field.send(.tokens(.undoRemoval))
    #expect(field.chips == ["Madrid", "Paris"])
    #expect(!field.lastHandled || field.state.tokenState.lastRemoval == nil)
    field.send(.tokens(.undoRemoval))
    #expect(!field.lastHandled)
  }

  @Test("Backspace inside the text deletes a character, not a token", .offThePool)
  func backspaceInText() {
    var field = TokenDriver(TokenFieldConfiguration())
    field.send(.tokens(.set([Token(id: "Madrid")])))
    field.type("pa")
    field.press(.backspace)
    #expect(field.state.text == "p")
    #expect(field.chips == ["Madrid"])
  }

  @Test("← → move between tokens; → past the last goes back to the text; Delete removes", .offThePool)
  func arrows() {
    var field = TokenDriver(TokenFieldConfiguration())
    field.send(.tokens(.set(["A", "B", "C"].map { Token(id: $0) })))
    field.send(.tokens(.move(.next)))
    #expect(!field.lastHandled)
    field.send(.tokens(.move(.previous)))
    #expect(field.state.tokenState.selectedIndex == 2)
    field.send(.tokens(.move(.previous)))
    field.send(.tokens(.move(.previous)))
    field.send(.tokens(.move(.previous)))
    #expect(field.state.tokenState.selectedIndex == 0)
    field.send(.tokens(.move(.next)))
    field.send(.tokens(.deleteSelected))
    #expect(field.chips == ["A", "C"])
    #expect(field.state.tokenState.selectedIndex == nil)
    field.send(.tokens(.deleteSelected))
    #expect(!field.lastHandled)
    field.send(.tokens(.select(1)))
    field.send(.tokens(.move(.next)))
    #expect(field.state.tokenState.selectedIndex == nil)
    field.type("a")
    field.send(.tokens(.move(.previous)))
    #expect(!field.lastHandled)  // the caret is after "a": the front end moves it
  }

  @Test("typing or losing focus deselects the token", .offThePool)
  func deselects() {
    var field = TokenDriver(TokenFieldConfiguration())
    field.send(.tokens(.set([Token(id: "A")])))
    field.send(.focusChanged(true))
    field.send(.tokens(.select(0)))
    field.type("p")
    #expect(field.state.tokenState.selectedIndex == nil)
    field.send(.tokens(.select(0)))
    field.send(.focusChanged(false))
    #expect(field.state.tokenState.selectedIndex == nil)
  }

  @Test("a maximum count refuses more tokens, with a reason", .offThePool)
  func maximum() {
    var field = TokenDriver(TokenFieldConfiguration(maximumCount: 2))
    field.send(.tokens(.set(["Madrid", "Paris", "Porto"].map { Token(id: $0) })))
    #expect(field.chips == ["Madrid", "Paris"])
    field.type("porto")
    field.press(.enter)
    #expect(field.chips == ["Madrid", "Paris"])
    #expect(field.state.tokenState.refusal == "At most 2 tokens are allowed.")
    #expect(field.state.text == "porto")
  }

  @Test("tokens set from code drop duplicates; the stored form round-trips", .offThePool)
  func storedForm() {
    var field = TokenDriver(TokenFieldConfiguration())
    let tokens = ["b", "a", "b", "c"].map { Token(id: $0, displayText: $0.uppercased()) }
    field.send(.tokens(.set(tokens)))
    #expect(field.state.tokenState.storedForm == ["b", "a", "c"])
    var restored = TokenDriver(TokenFieldConfiguration())
    restored.send(
      .tokens(.set(field.state.tokenState.storedForm.map { Token(id: $0, displayText: $0.uppercased()) })))
    #expect(restored.state.tokens == field.state.tokens)
    field.send(.tokens(.add(Token(id: "a"))))
    #expect(field.state.tokenState.refusal == "\u{201C}a\u{201D} is already added.")
  }

  @Test("removing a token while the list is open brings its row back", .offThePool)
  func removalRefreshes() {
    var field = TokenDriver(TokenFieldConfiguration(), showsAll: true)
    field.send(.focusChanged(true))
    field.press(.tab)
    #expect(field.chips == ["Madrid"])
    #expect(field.state.isOpen)
    #expect(field.state.suggestions.first?.id == "Malaga")
    field.press(.backspace)
    field.press(.backspace)
    #expect(field.chips.isEmpty)
    #expect(field.state.suggestions.first?.id == "Madrid")
  }

  @Test("the e-mail rule accepts addresses and refuses the rest with a reason", .offThePool)
  func emailAddresses() {
    let rule = TokenCreation.emailAddresses
    for good in ["a@b.co", "ann.lee@mail.example.org"] {
      #expect(rule.validate(good) == .accepted(Token(id: good)))
    }
    for bad in ["bob", "bob@", "@x.org", "a@b", "a@b.", "a b@c.org", "a@b@c.org"] {
      #expect(rule.validate(bad) == .refused(reason: "\u{201C}\(bad)\u{201D} is not an e-mail address."))
    }
  }
}
