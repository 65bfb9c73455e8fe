import AutocompleteCore
import AutocompleteTerminal
import TestSupport
import Testing

/// ``SessionPickerController/maximumCharacterBytes``: a typed or pasted character (grapheme cluster)
/// over the limit is not inserted, and the status line says so (issue 41: one 126 KB cluster made a
/// search take seconds); no text is dropped without that message.
@MainActor
@Suite("Session picker: the size of one character is capped")
struct SessionPickerCharacterLimitTests {
  /// A picker over the test cities with a limit of `limit` bytes a character.
  func picker(limit: Int?) -> SessionPickerController {
    let controller = makeController(
      SessionConfiguration(
        sources: [citySource()], searchOptions: SearchOptions(maximumCount: -1), showsSuggestionsOnFocus: true
      ))
    controller.maximumCharacterBytes = limit
    return controller
  }

  /// "e" and `marks` combining acute accents: one character of 1 + 2 × `marks` bytes.
  func accented(marks: Int) -> String { "e" + String(repeating: "\u{301}", count: marks) }

  @Test(
    "a paste holding a character over the limit is refused whole, with a message; deleting clears it",
    .offThePool)
  func pasteRefused() {
    let controller = picker(limit: 64)
    controller.type("pa")
    let huge = accented(marks: 100)  // 201 bytes
    controller.press(.paste("ris" + huge))
    #expect(controller.editor.text == "pa")
    #expect(controller.state.query?.text == "pa")
    let message = try? #require(controller.refusedEdit)
    #expect(message?.contains("201 bytes") == true)
    #expect(message?.contains("at most 64 bytes") == true)
    #expect(controller.viewModel().status == .failed(message ?? ""))
    #expect(controller.frame(columns: 100).contains("Not inserted: a character of 201 bytes"))
    // The next edit that stays within the limit clears the message; the rows come back.
    controller.type("r")
    #expect(controller.editor.text == "par")
    #expect(controller.refusedEdit == nil)
    #expect(controller.viewModel().rows.map(\.title) == ["Paris", "Parma", "Pärnu"])
  }

  @Test("typing combining marks one by one stops at the limit, at a character boundary", .offThePool)
  func typedMarksStop() {
    let controller = picker(limit: 21)
    // Key by key, a scalar at a time: "e" and 10 marks make 21 bytes; the 11th and 12th are refused.
    for scalar in ("x" + accented(marks: 12)).unicodeScalars {
      controller.press(.character(Character(scalar)))
    }
    #expect(controller.editor.text == "x" + accented(marks: 10))
    #expect(controller.editor.text.last?.utf8.count == 21)
    #expect(controller.refusedEdit?.contains("23 bytes") == true)
    // Another character after it is fine.
    controller.type("y")
    #expect(controller.editor.text == "x" + accented(marks: 10) + "y")
    #expect(controller.refusedEdit == nil)
  }

  @Test("a long text of short characters and an unlimited picker are untouched", .offThePool)
  func withinLimit() {
    let limited = picker(limit: 16)
    let long = String(repeating: "é", count: 300)
    limited.press(.paste(long))
    #expect(limited.editor.text == long)
    #expect(limited.refusedEdit == nil)

    let unlimited = picker(limit: nil)
    unlimited.press(.paste(accented(marks: 3000)))
    #expect(unlimited.editor.text == accented(marks: 3000))
    #expect(unlimited.refusedEdit == nil)
  }

  @Test("deleting from a text that already holds a long character is allowed", .offThePool)
  func deletingAllowed() {
    let controller = picker(limit: 8)
    controller.setText("ab" + accented(marks: 20))
    controller.press(.backspace)
    #expect(controller.editor.text == "ab")
    #expect(controller.refusedEdit == nil)
  }
}
