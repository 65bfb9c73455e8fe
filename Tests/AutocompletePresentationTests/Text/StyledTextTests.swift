import AutocompleteCore
import AutocompletePresentation
import Foundation
import TestSupport
import Testing

@Suite("Styled text: highlight runs and inline-completion runs")
struct StyledTextTests {
  /// The runs as (text, style) pairs.
  static func pieces(_ styled: StyledText) -> [String] {
    styled.runs.map { "\(styled.substring(for: $0))|\($0.style)" }
  }

  @Test("matched characters from the engine's highlights, the rest plain, covering the text", .offThePool)
  func suggestionRuns() {
    let items: [AutocompleteItem] = ["São Paulo"]
    let result = items.rankedMatches(for: SearchQuery("paul sao", options: SearchOptions(mode: .words)))
    let styled = StyledText(Suggestion(result[0]))
    #expect(Self.pieces(styled) == ["São|matched", " |plain", "Paul|matched", "o|plain"])
  }

  @Test("overlapping, unsorted and out-of-bounds ranges are merged and clamped", .offThePool)
  func mergesAndClamps() {
    let styled = StyledText(
      text: "abcdef",
      highlights: [
        NSRange(location: 3, length: 10), NSRange(location: 0, length: 2), NSRange(location: 1, length: 2),
        NSRange(location: NSNotFound, length: 0), NSRange(location: -4, length: 1),
      ])
    #expect(Self.pieces(styled) == ["abcdef|matched"])
    let gap = StyledText(
      text: "abcdef", highlights: [NSRange(location: 4, length: 1), NSRange(location: 0, length: 1)])
    #expect(Self.pieces(gap) == ["a|matched", "bcd|plain", "e|matched", "f|plain"])
  }

  @Test(
    "a range inside a surrogate pair widens to the whole emoji; runs cover every UTF-16 unit", .offThePool)
  func surrogates() {
    let text = "a😀b"
    let styled = StyledText(text: text, highlights: [NSRange(location: 2, length: 1)])
    #expect(Self.pieces(styled) == ["a|plain", "😀|matched", "b|plain"])
    #expect(styled.runs.reduce(0) { $0 + $1.range.length } == text.utf16.count)
  }

  @Test("empty text and no highlights", .offThePool)
  func empty() {
    #expect(StyledText(text: "", highlights: [NSRange(location: 0, length: 3)]).runs.isEmpty)
    #expect(Self.pieces(StyledText(text: "Zürich", highlights: [])) == ["Zürich|plain"])
  }

  @Test("right-to-left and combining marks keep their characters whole", .offThePool)
  func rightToLeft() {
    let items: [AutocompleteItem] = ["القاهرة", "Ä\u{0301}bc"]
    let arabic = items.rankedMatches(for: SearchQuery("الق"))
    #expect(Self.pieces(StyledText(Suggestion(arabic[0]))) == ["الق|matched", "اهرة|plain"])
    let marks = items.rankedMatches(for: SearchQuery("a"))
    #expect(Self.pieces(StyledText(Suggestion(marks[0]))) == ["Ä\u{0301}|matched", "bc|plain"])
  }

  @Test("inline completion: typed part strong, suggested rest light (seed 002)", .offThePool)
  func inlineCompletion() {
    let styled = StyledText(InlineCompletion(typedText: "Sa", suffix: "nsa Stark", suggestionID: "x"))
    #expect(Self.pieces(styled) == ["Sa|typed", "nsa Stark|completion"])
    #expect(StyledText(InlineCompletion(typedText: "Jon", suffix: "", suggestionID: "x")).runs.count == 1)
  }
}

@Suite("Styled text as AttributedString (SwiftUI rows)")
struct StyledTextAttributedStringTests {
  /// The runs of an attributed string as "text|intent".
  static func runs(_ string: AttributedString) -> [String] {
    string.runs.map { run in
      let text = String(string[run.range].characters)
      return "\(text)|\(run[TextRunStyleAttribute.self].map { "\($0)" } ?? "none")"
    }
  }

  @Test("matched characters carry their style, whole characters, the text unchanged", .offThePool)
  func matched() {
    let items: [AutocompleteItem] = ["São Paulo", "a😀b"]
    let sao = StyledText(Suggestion(items.rankedMatches(for: SearchQuery("sao"))[0]))
    #expect(Self.runs(sao.attributedString) == ["São|matched", " Paulo|plain"])
    #expect(String(sao.attributedString.characters) == "São Paulo")
    let emoji = StyledText(text: "a😀b", highlights: [NSRange(location: 1, length: 1)])
    #expect(Self.runs(emoji.attributedString) == ["a|plain", "😀|matched", "b|plain"])
  }

  @Test("inline completion: typed and completion runs", .offThePool)
  func inline() {
    let styled = StyledText(InlineCompletion(typedText: "zur", suffix: "ich", suggestionID: "1"))
    #expect(Self.runs(styled.attributedString) == ["zur|typed", "ich|completion"])
  }
}

@Suite("Styled text as NSAttributedString (UIKit and AppKit labels)")
struct StyledTextNSAttributedStringTests {
  static let weight = NSAttributedString.Key("AutocompleteKitTests.weight")
  static let tone = NSAttributedString.Key("AutocompleteKitTests.tone")

  /// Each attribute run as "text|weight|tone".
  static func runs(_ string: NSAttributedString) -> [String] {
    var result: [String] = []
    let whole = NSRange(location: 0, length: string.length)
    string.enumerateAttributes(in: whole) { attributes, range, _ in
      let text = (string.string as NSString).substring(with: range)
      let weight = attributes[weight] as? String ?? "-"
      let tone = attributes[tone] as? String ?? "-"
      result.append("\(text)|\(weight)|\(tone)")
    }
    return result
  }

  @Test("the base everywhere, each style's attributes on its runs, across an emoji", .offThePool)
  func runs() {
    let styled = StyledText(text: "a😀bc", highlights: [NSRange(location: 1, length: 2)])
    let string = styled.attributedString(
      base: [Self.tone: "dark"], styles: [.matched: [Self.weight: "bold"], .plain: [:]])
    #expect(string.string == "a😀bc")
    #expect(Self.runs(string) == ["a|-|dark", "😀|bold|dark", "bc|-|dark"])
  }

  @Test("inline completion: typed and ghost runs get their own attributes", .offThePool)
  func inline() {
    let styled = StyledText(InlineCompletion(typedText: "zur", suffix: "ich", suggestionID: "1"))
    let string = styled.attributedString(
      base: [:], styles: [.typed: [Self.weight: "bold"], .completion: [Self.tone: "light"]])
    #expect(Self.runs(string) == ["zur|bold|-", "ich|-|light"])
  }
}
