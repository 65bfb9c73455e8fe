import AutocompleteCore
import Foundation
import TestSupport
import Testing

@Suite("Bad and unusual input")
struct SessionInputTests {
  static let fieldConfiguration = SessionConfiguration(
    sources: [ListSource(sessionCities)], showsInlineCompletion: true)
  static let triggerConfiguration = SessionConfiguration(
    triggers: [SessionTrigger("@", source: ListSource(["john", "joan"] as [AutocompleteItem]))])

  @Test(
    "odd texts give a defined state in field and trigger mode",
    .offThePool,
    arguments: [
      "", "\u{0}", "sa\u{0}o", String(repeating: "a", count: 100_000),
      "@" + String(repeating: "x", count: 50_000),
      "مرحبا @jo", "\u{202E}@jo", "e\u{301}\u{302}\u{303}", "👨‍👩‍👧‍👦@jo", "\u{FEFF}", "\r\n@jo", "@",
      String(repeating: "@", count: 1_000),
    ])
  func oddTexts(_ text: String) {
    for configuration in [Self.fieldConfiguration, Self.triggerConfiguration] {
      let result = reduceEvents(
        configuration, [.textChanged(TextSnapshot(text)), .key(.down), .key(.backspace), .key(.enter)])
      // The only edit is the backspace, which removed exactly one character.
      let edits = result.outputs.compactMap { if case .replaceText(let edit) = $0 { edit } else { nil } }
      if let backspace = edits.first {
        #expect(backspace.resultingText.count == max(0, text.count - 1))
      } else {
        #expect(text.isEmpty)
      }
      #expect(result.outputs.last == .returned(text: String(text.dropLast())))
    }
  }

  @Test("UTF-16 offsets in the middle of a surrogate pair or beyond the end are clamped", .offThePool)
  func utf16Clamping() {
    let text = "a👍🏽b"
    for location in [-5, 0, 1, 2, 3, 4, 5, 6, 7, 100, NSNotFound] {
      let snapshot = TextSnapshot(text, utf16Selection: NSRange(location: location, length: 3))
      #expect(snapshot.selection.lowerBound <= snapshot.selection.upperBound)
      #expect(snapshot.caretCharacterOffset <= text.count)
      let prefix = text[..<snapshot.caret]
      #expect(text.hasPrefix(prefix))
    }
  }

  @Test("an invalid UTF-8 byte sequence decoded with repairs is just text", .offThePool)
  func repairedUTF8() {
    let text = String(decoding: [0x73, 0x61, 0xFF, 0xC3], as: UTF8.self)
    let result = reduceEvents(Self.fieldConfiguration, [.textChanged(TextSnapshot(text))])
    #expect(result.state.query?.text == text)
    #expect(result.state.phase == .loading)
  }

  @MainActor
  @Test("releasing the session cancels its pending search")
  func releaseCancels() async {
    let source = ControlledSource()
    var session: AutocompleteSession? = AutocompleteSession(
      configuration: SessionConfiguration(source: source))
    session?.textChanged("sa")
    #expect(await waitUntil { source.callCount == 1 })
    session = nil
    #expect(await waitUntil { source.snapshot.first?.sawCancellation == true })
  }
}
