import AutocompleteCore
import AutocompletePresentation
import TestSupport
import Testing

@Suite("Dropdown content: rows, sections, action row, visibility, taps")
@MainActor
struct DropdownContentTests {
  static let cities: [AutocompleteItem] = ["São Paulo", "Sapporo", "Santiago", "Sydney", "Seoul"]

  static func session(
    _ sources: [any SuggestionSource] = [ListSource(cities)], actionRow: ActionRow? = nil
  ) -> AutocompleteSession {
    AutocompleteSession(configuration: SessionConfiguration(sources: sources, actionRow: actionRow))
  }

  @Test("one section of suggestion rows while focused and open; hidden without focus", .offThePool)
  func rows() {
    let session = Self.session()
    session.send(.focusChanged(true))
    session.textChanged("sa")
    let content = DropdownContent(state: session.state, isFocused: true)
    #expect(content.isShown)
    #expect(content.sections.count == 1)
    #expect(content.rows == [.suggestion(0), .suggestion(1), .suggestion(2)])
    #expect(!DropdownContent(state: session.state, isFocused: false).isShown)
  }

  @Test("nothing to show: hidden; the action row shows alone when empty (seed 000)", .offThePool)
  func emptyAndActionRow() {
    let plain = Self.session()
    plain.textChanged("zzz")
    #expect(!DropdownContent(state: plain.state, isFocused: true).isShown)

    let withAction = Self.session(actionRow: ActionRow(position: .bottom, showsWhenEmpty: true))
    withAction.textChanged("zzz")
    let content = DropdownContent(state: withAction.state, isFocused: true)
    #expect(content.isShown)
    #expect(content.rows == [.actionRow])
    #expect(content.event(forSelectingRowAt: RowLocation(section: 0, row: 0)).map(isActionPick) == true)
  }

  @Test("the action row has its own section, first or last; index paths map both ways", .offThePool)
  func actionRowSection() {
    let top = Self.session(actionRow: ActionRow(position: .top))
    top.textChanged("s")
    let content = DropdownContent(state: top.state, isFocused: true)
    #expect(content.sections.first?.rows == [.actionRow])
    #expect(content.location(of: DropdownRow.suggestion(0)) == RowLocation(section: 1, row: 0))
    #expect(content.row(at: RowLocation(section: 1, row: 2)) == .suggestion(2))
    #expect(content.row(at: RowLocation(section: 5, row: 0)) == nil)
    #expect(content.row(at: RowLocation(section: 1, row: 99)) == nil)

    let bottom = Self.session(actionRow: ActionRow(position: .bottom))
    bottom.textChanged("s")
    #expect(DropdownContent(state: bottom.state, isFocused: true).sections.last?.rows == [.actionRow])
  }

  @Test("a tap on a row picks that suggestion through the session and fills the field", .offThePool)
  func tapPicks() {
    let session = Self.session()
    var picked: [String] = []
    session.onOutput = { if case .picked(let row) = $0 { picked.append(row.displayText) } }
    session.textChanged("s")
    let content = DropdownContent(state: session.state, isFocused: true)
    let location = RowLocation(section: 0, row: 1)
    guard case .suggestion(let index) = content.row(at: location) else {
      Issue.record("no row")
      return
    }
    let expected = session.state.suggestions[index].displayText
    session.send(content.event(forSelectingRowAt: location)!)
    #expect(picked == [expected])
    #expect(session.state.text == expected)
    #expect(!DropdownContent(state: session.state, isFocused: true).isShown)
  }

  @Test("the keyboard highlight maps to its location; hover highlights rows", .offThePool)
  func highlight() {
    let session = Self.session(actionRow: ActionRow(position: .top))
    session.textChanged("s")
    session.press(.down)
    session.press(.down)
    var content = DropdownContent(state: session.state, isFocused: true)
    #expect(content.highlightedLocation == RowLocation(section: 1, row: 0))
    session.send(content.event(forHoveringRowAt: RowLocation(section: 1, row: 2))!)
    content = DropdownContent(state: session.state, isFocused: true)
    #expect(content.highlightedLocation == RowLocation(section: 1, row: 2))
  }

  @Test("several sources: titled sections, flat indices across them; empty sections dropped", .offThePool)
  func sections() {
    let people = ListSource(["Sam", "Sara"] as [AutocompleteItem], title: "People")
    let places = ListSource(Self.cities, title: "Places")
    let nothing = ListSource(["Zed"] as [AutocompleteItem], title: "Other")
    let session = Self.session([people, places, nothing])
    session.textChanged("sa")
    let content = DropdownContent(state: session.state, isFocused: true)
    #expect(content.sections.map(\.title) == ["People", "Places"])
    #expect(content.sections[1].rows.first == .suggestion(2))
    #expect(content.rowCount == session.state.suggestions.count)
  }

  @Test(
    "a slow source shows a loading row after the stall threshold; a failure shows its message", .offThePool)
  func statusRows() {
    var state = SessionState()
    state.isOpen = true
    state.phase = .stalled
    let loading = DropdownContent(state: state, isFocused: true)
    #expect(loading.rows == [.status("Loading\u{2026}")])
    #expect(loading.event(forSelectingRowAt: RowLocation(section: 0, row: 0)) == nil)
    state.phase = .failed(SessionError(Offline()))
    #expect(DropdownContent(state: state, isFocused: true).rows == [.status("Offline")])
  }

  private func isActionPick(_ event: SessionEvent) -> Bool {
    if case .actionRowPicked = event { return true }
    return false
  }
}

/// A failure whose message is "Offline".
struct Offline: Error, CustomStringConvertible {
  var description: String { "Offline" }
}
