import AutocompleteCore
import AutocompletePresentation
import TestSupport
import Testing

/// The wiring the UIKit, AppKit and SwiftUI token fields share: keys to the chips or the text,
/// chip clicks, and what each render draws and reports.
@Suite("Token field driver: keys, chip clicks, renders")
struct TokenFieldDriverTests {
  static let reducer = SessionReducer(configuration: SessionConfiguration(tokens: TokenFieldConfiguration()))

  /// Whether two events are the same (``SessionEvent`` is not `Equatable`: its cases carry snapshots).
  static func same(_ event: SessionEvent?, _ expected: SessionEvent) -> Bool {
    event.map { String(reflecting: $0) } == String(reflecting: expected)
  }

  @Test(
    "keys reach the chips only with a chip selected or the caret at the start; ← → follow the layout",
    .offThePool)
  func keys() {
    let none = TokenPresentationTests.state([])
    let two = TokenPresentationTests.state(["a", "b"])
    let selected = TokenPresentationTests.state(["a", "b"], selected: 0)
    for key in TokenFieldDriver.Key.allCases {
      #expect(
        TokenFieldDriver.event(for: key, state: none, isCaretAtStart: true, isRightToLeft: false) == nil)
      #expect(
        TokenFieldDriver.event(for: key, state: two, isCaretAtStart: false, isRightToLeft: false) == nil)
      #expect(
        TokenFieldDriver.event(for: key, state: selected, isCaretAtStart: false, isRightToLeft: false) != nil)
    }
    #expect(
      Self.same(
        TokenFieldDriver.event(for: .backspace, state: two, isCaretAtStart: true, isRightToLeft: false),
        .key(.backspace)))
    #expect(
      Self.same(
        TokenFieldDriver.event(
          for: .deleteForward, state: selected, isCaretAtStart: false, isRightToLeft: false),
        .tokens(.deleteSelected)))
    #expect(
      Self.same(
        TokenFieldDriver.event(for: .left, state: two, isCaretAtStart: true, isRightToLeft: false),
        .tokens(.move(.previous))))
    #expect(
      Self.same(
        TokenFieldDriver.event(for: .left, state: two, isCaretAtStart: true, isRightToLeft: true),
        .tokens(.move(.next))))
    #expect(
      Self.same(
        TokenFieldDriver.event(for: .right, state: selected, isCaretAtStart: false, isRightToLeft: true),
        .tokens(.move(.previous))))
    #expect(TokenFieldDriver.keysReachChips(state: two, isCaretAtStart: true))
    #expect(!TokenFieldDriver.keysReachChips(state: two, isCaretAtStart: false))
  }

  @Test("Backspace twice from the caret at the start selects, then removes, the last chip", .offThePool)
  func backspaceThroughTheDriver() throws {
    var state = TokenPresentationTests.state(["a", "b"])
    for _ in 0..<2 {
      let event = try #require(
        TokenFieldDriver.event(for: .backspace, state: state, isCaretAtStart: true, isRightToLeft: false))
      state = Self.reducer.reduce(state, event).state
    }
    #expect(state.tokens.map(\.id) == ["a"])
    #expect(state.tokenState.selectedIndex == nil)
  }

  @Test(
    "a click selects a chip, a click on the selected chip removes it; a stale index does nothing", .offThePool
  )
  func clicks() throws {
    var state = TokenPresentationTests.state(["a", "b", "c"])
    let select = try #require(TokenFieldDriver.click(onChip: 1, in: state.tokenState))
    #expect(Self.same(select, .tokens(.select(1))))
    state = Self.reducer.reduce(state, select).state
    let remove = try #require(TokenFieldDriver.click(onChip: 1, in: state.tokenState))
    #expect(Self.same(remove, .tokens(.remove(id: "b"))))
    state = Self.reducer.reduce(state, remove).state
    #expect(state.tokens.map(\.id) == ["a", "c"])
    #expect(TokenFieldDriver.click(onChip: 2, in: state.tokenState) == nil)
    #expect(TokenFieldDriver.click(onChip: -1, in: state.tokenState) == nil)
  }

  @Test(
    "a render draws the chips and reports what changed since the last one, nothing on the first", .offThePool)
  func renders() {
    var driver = TokenFieldDriver()
    let first = TokenPresentationTests.state(["Paris", "Madrid"])
    let (content, updates) = driver.render(first, isRightToLeft: true)
    #expect(content.chipsLeftToRight.map(\.id) == ["Madrid", "Paris"])
    #expect(updates.isEmpty)
    let removed = Self.reducer.reduce(first, .tokens(.remove(id: "Paris"))).state
    let next = driver.render(removed)
    #expect(next.updates == [.tokensChanged([Token(id: "Madrid")])])
    #expect(next.content.announcement == "Paris removed. 1 token.")
    let again = driver.render(removed)
    #expect(again.updates.isEmpty && again.content.announcement == nil)
  }
}
