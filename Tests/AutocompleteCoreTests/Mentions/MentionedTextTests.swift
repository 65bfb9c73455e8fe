import AutocompleteCore
import Foundation
import TestSupport
import Testing

@Suite("MentionedText: a text and its mentions, always valid")
struct MentionedTextTests {
  static func sample() -> MentionedText {
    var text = MentionedText("Hi ")
    text.append(mention: "@morgan", trigger: "@", id: "u1", payload: 42)
    text.append(", ")
    text.append(mention: "#swift", trigger: "#", id: "t1")
    text.append("!")
    return text
  }

  @Test("building by appending: ranges, UTF-16 ranges, payloads", .offThePool)
  func building() {
    let text = Self.sample()
    #expect(text.text == "Hi @morgan, #swift!")
    #expect(text.mentions.map(\.text) == ["@morgan", "#swift"])
    #expect(
      text.mentions.map(\.utf16Range) == [NSRange(location: 3, length: 7), NSRange(location: 12, length: 6)])
    #expect(text.mentions[0].payload(as: Int.self) == 42)
    #expect(text.mentions.allSatisfy { text.text[$0.range] == $0.text })
    #expect(!text.isPlain && MentionedText("x").isPlain)
  }

  @Test(
    "the initializer drops mentions that do not hold their text, split a character, or overlap", .offThePool)
  func validation() {
    let text = "é👩‍👩‍👧 @ann"
    let start = text.firstIndex(of: "@")!
    let good = Mention(range: start..<text.endIndex, in: text, trigger: "@", id: "a")
    var wrongText = good
    wrongText.text = "@bob"
    let overlapping = Mention(
      range: text.index(after: start)..<text.endIndex, in: text, trigger: "@", id: "b")
    let family = text.index(after: text.startIndex)
    // Inside the family emoji: widened to the whole cluster by Mention's initializer.
    let inside = Mention(
      range: text.utf8.index(family, offsetBy: 4)..<text.utf8.index(family, offsetBy: 8), in: text,
      trigger: "@", id: "c")
    #expect(inside.text == "👩‍👩‍👧")
    let result = MentionedText(text: text, mentions: [overlapping, wrongText, good, inside])
    #expect(result.mentions.map(\.id) == ["c", "a"])
    #expect(
      Set(MentionedText.droppedMentions(text: text, mentions: [overlapping, wrongText, good]).map(\.text))
        == ["ann", "@bob"])
  }

  @Test("a join that merges characters drops the mention it splits", .offThePool)
  func seam() {
    var text = MentionedText.mention("@jose", trigger: "@", id: "j")
    text.append("\u{301} hi")
    #expect(text.text == "@jose\u{301} hi")
    #expect(text.mentions.isEmpty)
    var after = MentionedText("e")
    after.append(.mention("\u{301}x", trigger: "@", id: "k"))
    #expect(after.mentions.isEmpty)
  }

  @Test("slices keep the mentions wholly inside them", .offThePool)
  func slices() {
    let text = Self.sample()
    let whole = text.slice(text.text.startIndex..<text.text.endIndex)
    #expect(whole == text)
    let part = text.slice(utf16Range: NSRange(location: 2, length: 10))
    #expect(part.text == " @morgan, ")
    #expect(part.mentions.map(\.text) == ["@morgan"])
    #expect(part.mentions[0].utf16Range == NSRange(location: 1, length: 7))
    let cut = text.slice(utf16Range: NSRange(location: 5, length: 10))
    #expect(cut.mentions.map(\.text) == [])
  }

  @Test("equality ignores payloads", .offThePool)
  func equality() {
    #expect(
      MentionedText.mention("@a", trigger: "@", id: "1", payload: 1)
        == MentionedText.mention("@a", trigger: "@", id: "1", payload: "other"))
    #expect(
      MentionedText.mention("@a", trigger: "@", id: "1") != MentionedText.mention("@a", trigger: "@", id: "2")
    )
  }
}
