import AutocompleteCore
import AutocompletePresentation
import Testing

/// The pick contract (MJ's `shouldUpdateToText:`): only the token is replaced, the caret goes after
/// it and one space, text after the caret is kept, and there is never a double space.
@Suite("Trigger picks replace only the token")
@MainActor
struct TriggerPickTests {
  static func expectContract(
    _ edit: TextEdit?, _ expected: String, caretAfter prefix: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(edit?.resultingText == expected, sourceLocation: sourceLocation)
    #expect(edit?.caretCharacterOffset == prefix.count, sourceLocation: sourceLocation)
    #expect(edit?.caretUTF16Offset == prefix.utf16.count, sourceLocation: sourceLocation)
    #expect(edit?.resultingText.contains("  ") == false, sourceLocation: sourceLocation)
  }

  @Test("at the end of the text: token replaced, one space, caret after it")
  func atEnd() async {
    let composer = ComposerHarness()
    let edit = await composer.pick("José", in: "hi @jo")
    Self.expectContract(edit, "hi @José ", caretAfter: "hi @José ")
    #expect(composer.picks.map(\.displayText) == ["José"])
    #expect(!composer.session.state.isOpen)
  }

  @Test("before a space and more text: the space is reused, the rest is kept")
  func beforeSpace() async {
    let composer = ComposerHarness()
    let edit = await composer.pick("Joanna", in: "hi @jo and you", caret: 6)
    Self.expectContract(edit, "hi @Joanna and you", caretAfter: "hi @Joanna ")
  }

  @Test("before punctuation: no space is added in front of it")
  func beforePunctuation() async {
    let composer = ComposerHarness()
    let edit = await composer.pick("Mike", in: "thanks @mi, see you", caret: 10)
    #expect(edit?.resultingText == "thanks @Mike, see you")
    #expect(edit?.resultingText.contains("  ") == false)
  }

  @Test("with the caret inside a word, the text after the caret is kept")
  func caretInsideWord() async {
    let composer = ComposerHarness()
    let edit = await composer.pick("José", in: "hi @jothere", caret: 6)
    Self.expectContract(edit, "hi @José there", caretAfter: "hi @José ")
  }

  @Test("emoji before the token keep the UTF-16 caret right")
  func emoji() async {
    let composer = ComposerHarness()
    let edit = await composer.pick("swift", in: "👩‍👩‍👧 🇨🇭 #sw")
    Self.expectContract(edit, "👩‍👩‍👧 🇨🇭 #swift ", caretAfter: "👩‍👩‍👧 🇨🇭 #swift ")
  }

  @Test("right-to-left text: the Hebrew token is completed in place")
  func rightToLeft() async {
    let composer = ComposerHarness()
    composer.type("שלום @דנ")
    #expect(await composer.rows() == ["דני", "דנה"])
    let edit = await composer.pick("דנה", in: "שלום @דנ")
    Self.expectContract(edit, "שלום @דנה ", caretAfter: "שלום @דנה ")
  }

  @Test("items made from descriptions insert their description and carry the value (MJ's context)")
  func descriptions() async {
    let items = AutocompleteItem.items(describing: [42, 7, 420])
    #expect(items.map(\.searchText) == ["42", "7", "420"])
    #expect(items.map { $0.payload as? Int } == [42, 7, 420])
    let composer = ComposerHarness([.items("#", items)])
    let edit = await composer.pick("420", in: "issue #42")
    #expect(edit?.resultingText == "issue #420 ")
    #expect(composer.picks.first?.payload(as: AutocompleteItem.self)?.payload as? Int == 420)
  }

  @Test("MJ's item names: autoCompleteString is searched and inserted, displayedString shown")
  func mjItem() async {
    let item = AutocompleteItem(autoCompleteString: "jsnow", displayedString: "Jon Snow", context: 7)
    #expect(item.searchText == "jsnow" && item.displayText == "Jon Snow" && item.payload as? Int == 7)
    let composer = ComposerHarness([.items("@", [item])])
    let edit = await composer.pick("Jon Snow", in: "cc @js")
    #expect(edit?.resultingText == "cc @jsnow ")
  }
}
