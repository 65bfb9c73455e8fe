import AutocompleteCore
import AutocompletePresentation
import Foundation
import TestSupport
import Testing

/// The front ends' decisions for recents and tap-ahead: which rows can be forgotten (swipe, delete
/// button) and which event a row's fill button sends; and setting text from code.
@Suite("Dropdown content: recent rows and fill buttons")
@MainActor
struct RecentRowsTests {
  @Test("a recent row can be forgotten by id; every suggestion row fills; others do neither", .offThePool)
  func recentAndFill() {
    let store = InMemoryRecentsStore()
    store.record(RecentEntry(Suggestion("Sapporo"), at: Date()), for: "city")
    let session = AutocompleteSession(
      configuration: SessionConfiguration(
        sources: [ListSource(DropdownContentTests.cities)],
        actionRow: ActionRow(position: .bottom, showsWhenEmpty: true),
        recents: SessionRecents(store: store, field: "city")))
    session.send(.focusChanged(true))
    session.textChanged("sa")
    let content = DropdownContent(state: session.state, isFocused: true)
    #expect(content.sections.first?.title == "Recent")
    let recent = RowLocation(section: 0, row: 0)
    #expect(content.recentRow(at: recent, in: session.state)?.id == "Sapporo")
    #expect(content.event(forFillingRowAt: recent).map { "\($0)" } == "\(SessionEvent.rowFilled(0))")
    let other = RowLocation(section: 1, row: 0)
    #expect(content.recentRow(at: other, in: session.state) == nil)
    #expect(content.event(forFillingRowAt: other) != nil)
    let lastSection = content.sections.count - 1
    let action = RowLocation(section: lastSection, row: content.sections[lastSection].rows.count - 1)
    #expect(content.row(at: action) == .actionRow)
    #expect(content.event(forFillingRowAt: action) == nil)
    #expect(content.recentRow(at: action, in: session.state) == nil)
  }

  @Test(
    "text set from code reaches the front end as an edit, with the list closed or open as asked", .offThePool)
  func textSetFromCode() {
    let session = AutocompleteSession(
      configuration: SessionConfiguration(source: ListSource(DropdownContentTests.cities)))
    var edits: [String] = []
    session.onOutput = { if case .replaceText(let edit) = $0 { edits.append(edit.resultingText) } }
    session.send(.textSet(TextSnapshot("Seoul"), opensList: false))
    #expect(edits == ["Seoul"])
    #expect(!DropdownContent(state: session.state, isFocused: true).isShown)
    session.send(.textSet(TextSnapshot("sa"), opensList: true))
    #expect(edits == ["Seoul", "sa"])
    #expect(DropdownContent(state: session.state, isFocused: true).isShown)
  }
}
