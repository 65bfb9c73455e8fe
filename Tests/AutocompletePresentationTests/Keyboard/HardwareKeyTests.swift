import AutocompleteCore
import AutocompletePresentation
import TestSupport
import Testing

@Suite("Hardware keys: which keys the field claims, and what they do")
@MainActor
struct HardwareKeyTests {
  static let names: [AutocompleteItem] = ["Jon Snow", "Jonah", "Joffrey Baratheon"]

  @Test("every key maps to its session key", .offThePool)
  func mapping() {
    #expect(
      HardwareKey.allCases.map(\.sessionKey) == [
        .up, .down, .right, .pageUp, .pageDown, .enter, .escape, .tab,
      ])
  }

  @Test("nothing claimed with nothing to complete: the system keeps Tab, arrows and Return", .offThePool)
  func idle() {
    #expect(HardwareKey.claimedKeys(in: SessionState(), isListShown: false).isEmpty)
  }

  @Test(
    "list shown: ↑ ↓ Page Up/Down Return Escape Tab, which navigate and pick through the session", .offThePool
  )
  func listShown() {
    let session = AutocompleteSession(configuration: SessionConfiguration(source: ListSource(Self.names)))
    session.send(.focusChanged(true))
    session.textChanged("jo")
    let claimed = HardwareKey.claimedKeys(in: session.state, isListShown: true)
    #expect(Set(claimed) == [.upArrow, .downArrow, .pageUp, .pageDown, .returnKey, .escape, .tab])
    session.press(HardwareKey.downArrow.sessionKey)
    session.press(HardwareKey.downArrow.sessionKey)
    let second = session.state.suggestions[1].completionText
    session.press(HardwareKey.returnKey.sessionKey)
    #expect(session.state.text == second)
  }

  @Test("after Escape only ↓ is claimed, and it reopens the list", .offThePool)
  func escapeThenDown() {
    let session = AutocompleteSession(configuration: SessionConfiguration(source: ListSource(Self.names)))
    session.send(.focusChanged(true))
    session.textChanged("jo")
    session.press(HardwareKey.escape.sessionKey)
    #expect(!session.state.isOpen)
    #expect(HardwareKey.claimedKeys(in: session.state, isListShown: false) == [.downArrow])
    session.press(HardwareKey.downArrow.sessionKey)
    #expect(session.state.isOpen)
  }

  @Test("inline completion: Return, Tab, → and Escape are claimed; → accepts it", .offThePool)
  func inline() {
    let session = AutocompleteSession(
      configuration: SessionConfiguration(sources: [ListSource(Self.names)], showsInlineCompletion: true))
    session.send(.focusChanged(true))
    session.textChanged("Joff")
    let claimed = HardwareKey.claimedKeys(in: session.state, isListShown: false)
    #expect(Set(claimed).isSuperset(of: [.returnKey, .tab, .rightArrow, .escape]))
    let inlineOnly = HardwareKey.claimedKeys(in: session.state, isListShown: false, canShowList: false)
    #expect(Set(inlineOnly) == [.returnKey, .tab, .rightArrow, .escape])
    session.press(HardwareKey.rightArrow.sessionKey)
    #expect(session.state.text == "Joffrey Baratheon")
  }
}

@Suite("Inline completion through the field's keys (seed 002)")
@MainActor
struct InlineAcceptTests {
  @Test("accepting the ghost text gives the item's own spelling: 'zur' → 'Zürich'", .offThePool)
  func ownSpelling() {
    let items: [AutocompleteItem] = ["Zürich", "Zug", "Bern"]
    let session = AutocompleteSession(
      configuration: AutofillOptions(showsInlineCompletion: true).applied(
        to: SessionConfiguration(source: ListSource(items))))
    session.send(.focusChanged(true))
    session.textChanged("zur")
    #expect(StyledText(session.state.inlineCompletion!).text.lowercased().hasPrefix("zur"))
    #expect(HardwareKey.claimedKeys(in: session.state, isListShown: false, canShowList: false).contains(.tab))
    session.press(HardwareKey.tab.sessionKey)
    #expect(session.state.text == "Zürich")
  }
}
