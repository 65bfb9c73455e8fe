import AutocompleteCore
import AutocompletePresentation
import Foundation
import TestSupport
import Testing

@Suite("MentionClipboard: mentions survive copy and paste in the same view only")
struct MentionClipboardTests {
  @Test("the same view reads its mentions back; another view, garbage or other data give nil", .offThePool)
  func roundTrip() {
    var text = MentionedText("to ")
    text.append(mention: "@morgan", trigger: "@", id: "u1")
    text.append(" <3 & \n more")
    let clipboard = MentionClipboard(origin: "view-1")
    let data = clipboard.data(for: text)
    #expect(clipboard.mentionedText(from: data) == text)
    #expect(MentionClipboard(origin: "view-2").mentionedText(from: data) == nil)
    #expect(MentionClipboard().origin != MentionClipboard().origin)
    #expect(clipboard.mentionedText(from: Data("view-1\n<mention|broken".utf8)) == nil)
    #expect(clipboard.mentionedText(from: Data([0xFF, 0xFE])) == nil)
    #expect(clipboard.mentionedText(from: Data()) == nil)
  }
}
