import AutocompleteCore
import AutocompletePresentation
import TestSupport
import Testing

@Suite("Accessibility: labels, positions, announcements, expanded state")
@MainActor
struct SuggestionAccessibilityTests {
  static let cities: [AutocompleteItem] = [
    AutocompleteItem("Sapporo"), AutocompleteItem("Santiago"),
    AutocompleteItem("Rio de Janeiro", alternateSearchTexts: ["Sao Sebastiao do Rio de Janeiro"]),
  ]

  static func session(actionRow: ActionRow? = nil) -> AutocompleteSession {
    AutocompleteSession(
      configuration: SessionConfiguration(
        sources: [ListSource(cities)], searchOptions: SearchOptions(mode: .words), actionRow: actionRow))
  }

  @Test(
    "rows read their display text (with the alternate that matched) and position; the action row is a button",
    .offThePool)
  func rowLabels() {
    let session = Self.session(actionRow: ActionRow())
    session.textChanged("sa")
    let state = session.state
    #expect(SuggestionAccessibility.label(for: .suggestion(0), in: state) == "Sapporo")
    #expect(SuggestionAccessibility.position(for: .suggestion(0), in: state) == "1 of 3")
    #expect(
      SuggestionAccessibility.label(for: .suggestion(2), in: state)
        == "Rio de Janeiro, Sao Sebastiao do Rio de Janeiro")
    #expect(SuggestionAccessibility.label(for: .actionRow, in: state) == "Add \u{201C}sa\u{201D}\u{2026}")
    #expect(SuggestionAccessibility.position(for: .actionRow, in: state) == nil)
    #expect(SuggestionAccessibility.isButton(.actionRow))
    #expect(!SuggestionAccessibility.isButton(.suggestion(0)))
    #expect(SuggestionAccessibility.label(for: .suggestion(9), in: state) == "")
  }

  @Test(
    "the count is announced when the list opens or its rows change, not again for the same rows", .offThePool)
  func countAnnouncements() {
    let session = Self.session()
    let before = session.state
    session.textChanged("sa")
    let opened = session.state
    #expect(SuggestionAccessibility.announcement(from: before, to: opened, isShown: true) == "3 suggestions.")
    #expect(SuggestionAccessibility.announcement(from: opened, to: opened, isShown: true) == nil)
    session.textChanged("sap")
    #expect(
      SuggestionAccessibility.announcement(from: opened, to: session.state, isShown: true) == "1 suggestion.")
    #expect(SuggestionAccessibility.announcement(from: opened, to: session.state, isShown: false) == nil)
  }

  @Test("moving the highlight announces the row and its position", .offThePool)
  func highlightAnnouncement() {
    let session = Self.session()
    session.textChanged("sa")
    let opened = session.state
    session.press(.down)
    #expect(
      SuggestionAccessibility.announcement(from: opened, to: session.state, isShown: true)
        == "Sapporo, 1 of 3")
  }

  @Test("no suggestions is announced; the field's value says whether the list is expanded", .offThePool)
  func emptyAndExpanded() {
    let session = Self.session(actionRow: ActionRow())
    session.textChanged("sa")
    let open = DropdownContent(state: session.state, isFocused: true)
    #expect(SuggestionAccessibility.isExpanded(open))
    #expect(
      SuggestionAccessibility.fieldValue(for: open, state: session.state)
        == "Suggestions expanded, 3 suggestions")
    let before = session.state
    session.textChanged("zz")
    #expect(
      SuggestionAccessibility.announcement(from: before, to: session.state, isShown: true)
        == "No suggestions.")
    session.press(.escape)
    let closed = DropdownContent(state: session.state, isFocused: true)
    #expect(!SuggestionAccessibility.isExpanded(closed))
    #expect(SuggestionAccessibility.fieldValue(for: closed, state: session.state) == "Suggestions collapsed")
  }
}
