import AutocompleteCore
import AutocompletePresentation
import Foundation
import TestSupport
import Testing

/// The restyling both trigger managers run on their text storage.
@Suite("Mention styling")
struct MentionStylingTests {
  static let marker = NSAttributedString.Key("test.mention")
  static let style = NSAttributedString.Key("test.style")

  static func run(_ id: String, _ location: Int, _ length: Int, selected: Bool = false) -> MentionRun {
    let text = "Hi @Jon and @Ann"
    let mention = Mention(
      utf16Range: NSRange(location: min(location, 12), length: 4), in: text, trigger: "@", id: id)
    return MentionRun(
      range: NSRange(location: location, length: length), style: id, isSelected: selected, mention: mention)
  }

  @Test(
    "runs get their attributes and the marker; earlier runs go back to the base; runs past the end are skipped",
    .offThePool)
  func restyle() {
    let text = NSMutableAttributedString(string: "Hi @Jon and @Ann")
    let base: [NSAttributedString.Key: Any] = [Self.style: "base"]
    let attributes: (MentionRun) -> [NSAttributedString.Key: Any] = { run in
      [Self.style: run.isSelected ? "selected" : "mention", MentionStyling.backgroundColor: "tint"]
    }
    MentionStyling.restyle(
      text, runs: [Self.run("jon", 3, 4), Self.run("ann", 12, 4, selected: true), Self.run("far", 40, 2)],
      marker: Self.marker, base: base, attributes: attributes)
    #expect(text.attribute(Self.marker, at: 3, effectiveRange: nil) as? String == "jon")
    #expect(text.attribute(Self.style, at: 5, effectiveRange: nil) as? String == "mention")
    #expect(text.attribute(Self.style, at: 13, effectiveRange: nil) as? String == "selected")
    #expect(text.attribute(Self.marker, at: 8, effectiveRange: nil) == nil)
    // Ann alone now: Jon's characters take the base attributes, without marker or background.
    MentionStyling.restyle(
      text, runs: [Self.run("ann", 12, 4)], marker: Self.marker, base: base, attributes: attributes)
    #expect(text.attribute(Self.marker, at: 3, effectiveRange: nil) == nil)
    #expect(text.attribute(MentionStyling.backgroundColor, at: 3, effectiveRange: nil) == nil)
    #expect(text.attribute(Self.style, at: 3, effectiveRange: nil) as? String == "base")
    #expect(text.attribute(Self.style, at: 13, effectiveRange: nil) as? String == "mention")
  }
}
