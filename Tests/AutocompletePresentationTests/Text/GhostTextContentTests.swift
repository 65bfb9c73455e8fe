import AutocompleteCore
import AutocompletePresentation
import Foundation
import TestSupport
import Testing

@Suite("Ghost text content: the preview is what accepting gives")
struct GhostTextContentTests {
  static let items: [AutocompleteItem] = ["Zürich, Switzerland", "São Paulo", "Sansa Stark"]

  /// The session's inline completion after typing `text` (the list source's answer delivered).
  static func completion(typing text: String) throws -> InlineCompletion {
    let reducer = SessionReducer(
      configuration: SessionConfiguration(sources: [ListSource(items)], showsInlineCompletion: true))
    var state = reducer.reduce(SessionState(), .textChanged(TextSnapshot(text))).state
    let id = try #require(state.pendingRequestID)
    let rows = items.rankedMatches(for: SearchQuery(text)).map(Suggestion.init)
    state =
      reducer.reduce(state, .resultsArrived(requestID: id, sections: [SuggestionSection(suggestions: rows)]))
      .state
    return try #require(state.inlineCompletion)
  }

  @Test("typed as the suggestion spells it: the rest alone, after the caret", .offThePool)
  func sameSpelling() throws {
    let ghost = GhostTextContent(try Self.completion(typing: "San"))
    #expect(!ghost.coversTypedText)
    #expect(ghost.text.text == "sa Stark")
    #expect(ghost.text.runs == [TextRun(range: NSRange(location: 0, length: 8), style: .completion)])
  }

  @Test(
    "typed in another spelling: the suggestion's spelling covers the typed text ('zur' shows 'Zürich')",
    .offThePool)
  func respelled() throws {
    let ghost = GhostTextContent(try Self.completion(typing: "zur"))
    #expect(ghost.coversTypedText)
    #expect(ghost.text.text == "Zürich, Switzerland")
    #expect(
      ghost.text.runs == [
        TextRun(range: NSRange(location: 0, length: 3), style: .typed),
        TextRun(range: NSRange(location: 3, length: 16), style: .completion),
      ])
    let sao = GhostTextContent(try Self.completion(typing: "sao"))
    #expect(sao.coversTypedText)
    #expect(sao.text.text == "São Paulo")
    #expect(sao.text.substring(for: sao.text.runs[0]) == "São")
  }

  @Test("a field scrolled past the typed text's start shows the rest alone after the caret", .offThePool)
  func scrolledAway() throws {
    let completion = try Self.completion(typing: "zur")
    let textRect = CGRect(x: 8, y: 4, width: 200, height: 22)
    #expect(
      GhostTextContent.isInView(typedTextStart: CGRect(x: 8, y: 5, width: 2, height: 20), textRect: textRect))
    #expect(
      !GhostTextContent.isInView(
        typedTextStart: CGRect(x: -40, y: 5, width: 2, height: 20), textRect: textRect))
    let ghost = GhostTextContent(completion, typedTextIsInView: false)
    #expect(!ghost.coversTypedText)
    #expect(ghost.text.text == "ich, Switzerland")
  }

  @Test(
    "the anchor: the end caret after the typed text, or the start of the typed text when covering it",
    .offThePool)
  func anchor() throws {
    let start = CGRect(x: 8, y: 5, width: 2, height: 20)
    let end = CGRect(x: 40, y: 5, width: 2, height: 20)
    let covering = GhostTextContent(try Self.completion(typing: "zur"))
    #expect(
      covering.anchorRect(typedTextStart: start, typedTextEnd: end, isRightToLeft: false)
        == CGRect(x: 8, y: 5, width: 0, height: 20))
    #expect(
      covering.anchorRect(typedTextStart: start, typedTextEnd: end, isRightToLeft: true)
        == CGRect(x: 10, y: 5, width: 0, height: 20))
    let frame = GhostTextLayout(
      caretRect: covering.anchorRect(typedTextStart: start, typedTextEnd: end, isRightToLeft: false),
      textRect: CGRect(x: 8, y: 4, width: 200, height: 22), textWidth: 120
    ).frame
    #expect(frame == CGRect(x: 8, y: 4, width: 120, height: 22))
    let after = GhostTextContent(try Self.completion(typing: "San"))
    #expect(after.anchorRect(typedTextStart: start, typedTextEnd: end, isRightToLeft: false) == end)
  }
}
