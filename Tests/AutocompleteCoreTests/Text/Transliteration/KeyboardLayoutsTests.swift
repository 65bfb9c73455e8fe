import TestSupport
import Testing

@testable import AutocompleteCore

/// Queries typed on the wrong keyboard layout (issue 37).
@Suite("KeyboardLayouts")
struct KeyboardLayoutsTests {
  @Test("QWERTY to Russian, Ukrainian, Greek and Hebrew, and back", .offThePool)
  func retypings() {
    let retyped = KeyboardLayouts.retypings(of: "vjcrdf")
    #expect(retyped.first == "москва")
    #expect(KeyboardLayouts.retypings(of: "ghbdtn").contains("привет"))
    #expect(KeyboardLayouts.retypings(of: "rb]d").contains("київ"))  // Ukrainian ї on ]
    #expect(KeyboardLayouts.retypings(of: "auhna").contains("αθηνα"))
    #expect(KeyboardLayouts.retypings(of: ",ui").contains("תון"))
    #expect(KeyboardLayouts.retypings(of: "руддщ") == ["hello"])
    #expect(KeyboardLayouts.retypings(of: "αθηνα") == ["auhna"])
    #expect(KeyboardLayouts.retypings(of: "שךםצ") == ["alom"])
    #expect(KeyboardLayouts.retypings(of: "Vjcrdf").first == "москва")  // case folded
  }

  @Test("Characters of no letter key stay; a query of punctuation and digits is not retyped", .offThePool)
  func untouched() {
    #expect(KeyboardLayouts.retypings(of: "12 ,.").isEmpty)
    #expect(KeyboardLayouts.retypings(of: "").isEmpty)
    #expect(KeyboardLayouts.retypings(of: "vj 12").contains("мо 12"))
  }

  @Test("Every layout has one character per QWERTY key", .offThePool)
  func tables() {
    for layout in KeyboardLayouts.layouts {
      #expect(layout.keys.count == KeyboardLayouts.qwerty.count, "\(layout.name)")
    }
  }
}
