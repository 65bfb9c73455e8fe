import AutocompleteCore
import AutocompletePresentation
import Foundation
import TestSupport
import Testing

@Suite("MentionRun: what a text view colours")
@MainActor
struct MentionRunTests {
  @Test("runs carry each trigger's style and the two-step selection", .offThePool)
  func runs() {
    let configuration = SessionConfiguration(
      triggers: [
        SessionTrigger(
          "@", source: ListSource(["ann"] as [AutocompleteItem]), insertsMention: true, mentionStyle: "person"
        ),
        SessionTrigger("#", source: ListSource(["swift"] as [AutocompleteItem]), insertsMention: true),
      ])
    let session = AutocompleteSession(configuration: configuration)
    var text = MentionedText("👋 ")
    text.append(mention: "@ann", trigger: "@", id: "1")
    text.append(" ")
    text.append(mention: "#swift", trigger: "#", id: "2")
    session.send(.mentionedTextLoaded(text))
    var runs = MentionRun.runs(for: session.state, configuration: configuration)
    #expect(runs.map(\.range) == [NSRange(location: 3, length: 4), NSRange(location: 8, length: 6)])
    #expect(runs.map(\.style) == ["person", nil])
    #expect(runs.map(\.isSelected) == [false, false])
    session.press(.backspace)  // two-step: selects "#swift"
    runs = MentionRun.runs(for: session.state, configuration: configuration)
    #expect(runs.map(\.isSelected) == [false, true])
  }
}
