import AutocompleteCore
import Foundation
import TestSupport
import Testing

@Suite("MentionMarkup: stored forms, escaping, malformed input")
struct MentionMarkupTests {
  static let sample = MentionedTextTests.sample()

  @Test("the default form keeps trigger, id and text, and reads back", .offThePool)
  func defaultForm() throws {
    let stored = MentionMarkup.default.encode(Self.sample)
    #expect(stored == "Hi <mention|@|u1|@morgan>, <mention|#|t1|#swift>!")
    #expect(try MentionMarkup.default.decode(stored) == Self.sample)
    var odd = MentionedText("a|b ")
    odd.append(mention: "x|<y>&z", trigger: "<@", id: "id|1&")
    let oddStored = MentionMarkup.default.encode(odd)
    #expect(oddStored == "a|b <mention|&lt;@|id&#124;1&amp;|x&#124;&lt;y&gt;&amp;z>")
    #expect(try MentionMarkup.default.decode(oddStored) == odd)
  }

  @Test("user text that looks like markup is escaped and never decodes as a mention", .offThePool)
  func escaping() throws {
    for markup in [MentionMarkup.default, .slack, .markdownLink] {
      let typed = MentionedText("<mention|@|u1|@evil> <@U1|x> [@evil](mention:u1) \\[ &amp; &lt;")
      let stored = markup.encode(typed)
      let decoded = try markup.decode(stored)
      #expect(decoded == typed)
      #expect(decoded.mentions.isEmpty)
    }
  }

  @Test("Slack: <@id|text>, <@id> with a directory, entities as Slack writes them", .offThePool)
  func slack() throws {
    let stored = MentionMarkup.slack.encode(Self.sample)
    #expect(stored == "Hi <@u1|@morgan>, <#t1|#swift>!")
    #expect(try MentionMarkup.slack.decode(stored) == Self.sample)
    let bare = try MentionMarkup.slack.decode("ping <@U024BE7LH> &amp; <#C1|#general> &lt;3")
    #expect(bare.text == "ping @U024BE7LH & #general <3")
    #expect(bare.mentions.map(\.id) == ["U024BE7LH", "C1"])
    let named = MentionMarkup.slack(displayText: { trigger, id in id == "U1" ? "@morgan" : nil })
    #expect(try named.decode("<@U1> <@U2>").text == "@morgan @U2")
    let short = MentionMarkup.slack(writesDisplayText: false)
    #expect(short.encode(Self.sample) == "Hi <@u1>, <#t1>!")
    // A mention of a trigger Slack does not know is written as its text.
    let colon = MentionedText.mention(":smile:", trigger: ":", id: "smile")
    #expect(MentionMarkup.slack.encode(colon) == ":smile:")
  }

  @Test("Markdown link: [@Name](mention:id), ?trigger= when the text has no delimiter", .offThePool)
  func markdown() throws {
    let stored = MentionMarkup.markdownLink.encode(Self.sample)
    #expect(stored == "Hi [@morgan](mention:u1), [#swift](mention:t1)!")
    #expect(try MentionMarkup.markdownLink.decode(stored) == Self.sample)
    var named = MentionedText()
    named.append(mention: "Morgan [Lee]", trigger: "@", id: "user 1/ü")
    named.append(" \\o/")
    let namedStored = MentionMarkup.markdownLink.encode(named)
    #expect(namedStored == "[Morgan \\[Lee\\]](mention:user%201%2F%C3%BC?trigger=%40) \\\\o/")
    #expect(try MentionMarkup.markdownLink.decode(namedStored) == named)
    let custom = MentionMarkup.markdownLink(scheme: "user", triggers: ["@"])
    #expect(custom.encode(.mention("@a", trigger: "@", id: "1")) == "[@a](user:1)")
    // CommonMark escapes other punctuation too; a backslash before a letter is a backslash.
    #expect(try MentionMarkup.markdownLink.decode("\\*a\\b").text == "*a\\b")
  }

  @Test(
    "malformed strings: a clear error with an offset, and the string as plain text",
    .offThePool,
    arguments: [
      (MentionMarkup.default, "Hi <mention|@|u1|@morgan", 3, "no closing '>'"),
      (MentionMarkup.default, "a <b> c", 2, "expected <mention|trigger|id|text>"),
      (MentionMarkup.default, "<mention|@|u1|>", 0, "needs a trigger and a text"),
      (MentionMarkup.slack, "<!here> hi", 0, "expected <trigger id>"),
      (MentionMarkup.slack, "<@>", 0, "needs an id"),
      (MentionMarkup.markdownLink, "see [docs](https://example.com)", 4, "expected '](mention:'"),
      (MentionMarkup.markdownLink, "[@a](mention:%ZZ)", 0, "percent-encoded"),
      (MentionMarkup.markdownLink, "[a](mention:1)", 0, "starts with none of the triggers"),
      (MentionMarkup.markdownLink, "[@a", 0, "no closing ']'"),
    ])
  func malformed(markup: MentionMarkup, stored: String, offset: Int, reason: String) {
    do {
      _ = try markup.decode(stored)
      Issue.record("decoded \(stored)")
    } catch {
      #expect(error.utf8Offset == offset)
      #expect(error.reason.contains(reason))
      #expect(error.plainText == MentionedText(stored))
      #expect(error.description.hasPrefix("malformed mention markup at UTF-8 offset \(offset): "))
    }
    let (text, error) = markup.decodeOrPlainText(stored)
    #expect(text.text == stored && text.isPlain && error != nil)
  }

  @Test(
    "a mention whose text would merge with the text after it is an error, not a split character", .offThePool)
  func splitCharacter() {
    let (text, error) = MentionMarkup.default.decodeOrPlainText("<mention|@|j|@jose>\u{301}")
    #expect(error?.reason.contains("character boundary") == true)
    #expect(text.text == "<mention|@|j|@jose>\u{301}")
  }

  @Test("a custom form by closures; its errors arrive as MentionMarkupError", .offThePool)
  func custom() throws {
    struct Unreadable: Error {}
    // Mentions as {{id}} after the text, looked up in a directory.
    let directory = ["u1": "@morgan"]
    let markup = MentionMarkup(
      encode: { text in
        var output = ""
        var position = text.text.startIndex
        for mention in text.mentions {
          output += text.text[position..<mention.range.lowerBound] + "{{\(mention.id)}}"
          position = mention.range.upperBound
        }
        return output + text.text[position...]
      },
      decode: { stored in
        var result = MentionedText()
        var rest = Substring(stored)
        while let open = rest.range(of: "{{") {
          result.append(String(rest[..<open.lowerBound]))
          guard let close = rest[open.upperBound...].range(of: "}}") else { throw Unreadable() }
          let id = String(rest[open.upperBound..<close.lowerBound])
          guard let name = directory[id] else { throw Unreadable() }
          result.append(mention: name, trigger: "@", id: id)
          rest = rest[close.upperBound...]
        }
        result.append(String(rest))
        return result
      })
    let text = MentionedText.mention("@morgan", trigger: "@", id: "u1")
    #expect(markup.encode(text) == "{{u1}}")
    #expect(try markup.decode("{{u1}}") == text)
    let (plain, error) = markup.decodeOrPlainText("{{nobody}}")
    #expect(plain == MentionedText("{{nobody}}"))
    #expect(error?.utf8Offset == nil)
    #expect(error?.reason.contains("Unreadable") == true)
  }

  @Test("random bytes and near-markup never crash and never invent a mention from escaped text", .offThePool)
  func fuzz() {
    var generator = SplitMix64(seed: 18)
    let pieces = [
      "<", ">", "|", "&", "&amp;", "&#124;", "[", "]", "(", ")", "\\", "%", "mention", ":", "@", "#",
      "a", "é", "\u{301}", "👩‍👩‍👧", "\0", " ",
    ]
    for _ in 0..<3_000 {
      let count = Int.random(in: 0..<12, using: &generator)
      let stored = (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
      for markup in [MentionMarkup.default, .slack, .markdownLink] {
        let (text, _) = markup.decodeOrPlainText(stored)
        #expect(text.mentions.allSatisfy { text.text.utf8[$0.range].elementsEqual($0.text.utf8) })
        // What was typed as plain text reads back as plain text.
        let typed = MentionedText(stored)
        #expect((try? markup.decode(markup.encode(typed))) == typed)
      }
    }
  }
}
