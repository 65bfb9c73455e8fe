import AutocompleteCore
import AutocompleteTerminal
import Clocks
import TestSupport
import Testing

@MainActor
@Suite("Session picker controller: keys, edits and outcomes")
struct SessionPickerControllerTests {
  @Test("typed keys reach the session through the editor; ↓ and Enter pick", .offThePool)
  func typeAndPick() {
    let controller = makeController(
      SessionConfiguration(sources: [citySource()], searchOptions: SearchOptions(maximumCount: -1)))
    controller.type("pa")
    #expect(controller.state.query?.text == "pa")
    #expect(controller.viewModel().rows.map(\.title) == ["Paris", "Parma", "Pärnu"])
    controller.press(.down, .down)
    let step = controller.press(.enter)
    guard case .picked(let picked)? = step.outcome else {
      Issue.record("expected a pick, got \(String(describing: step.outcome))")
      return
    }
    #expect(picked.displayText == "Parma")
    #expect(controller.editor.text == "Parma")
  }

  @Test("Escape cancels at once by default; with closeListFirst it closes the list first", .offThePool)
  func escape() {
    let picker = makeController(SessionConfiguration(source: citySource()))
    picker.type("par")
    #expect(picker.press(.escape).outcome == .cancelled)

    let field = makeController(
      SessionConfiguration(source: citySource()), behavior: SessionPickerBehavior(escape: .closeListFirst))
    field.type("par")
    #expect(field.press(.escape).outcome == nil)
    #expect(!field.state.isOpen)
    #expect(field.editor.text == "par")
    #expect(field.press(.escape).outcome == .cancelled)
    #expect(field.press(.control("c")).outcome == .cancelled)
  }

  @Test(
    "Ctrl-R asks the source again (a retry after a failure); Page Down moves by the page size", .offThePool)
  func retryAndPage() {
    final class Flaky: @unchecked Sendable {
      var calls = 0
    }
    let flaky = Flaky()
    let source = FilterSource { query in
      flaky.calls += 1
      return flaky.calls == 1 ? [] : (0..<30).map { Suggestion("\(query.text) \($0)") }
    }
    let controller = makeController(
      SessionConfiguration(
        sources: [source], searchOptions: SearchOptions(maximumCount: -1), highlightsFirstRow: true))
    controller.type("x")
    #expect(controller.viewModel().status == .noResults)
    controller.press(.control("r"))
    #expect(flaky.calls == 2)
    #expect(controller.viewModel().rows.count == 30)
    controller.pageSize = 12
    controller.press(.pageDown)
    #expect(controller.state.highlight == .suggestion(12))
    controller.press(.pageDown, .pageDown)
    #expect(controller.state.highlight == .suggestion(29))
    controller.press(.pageUp)
    #expect(controller.state.highlight == .suggestion(17))
  }

  @Test("Return with no row finishes with the text, or goes on when the behaviour says so", .offThePool)
  func returned() {
    let picker = makeController(SessionConfiguration(source: citySource()))
    picker.type("zz")
    #expect(picker.viewModel().status == .noResults)
    #expect(picker.press(.enter).outcome == .returned("zz"))

    let composer = makeController(
      SessionConfiguration(source: citySource()), behavior: SessionPickerBehavior(finishesOnReturn: false))
    composer.type("zz")
    #expect(composer.press(.enter).outcome == nil)
  }

  @Test(
    "inline completion: ghost after the caret, Backspace edits the typed text, Tab and → accept", .offThePool)
  func inline() {
    let controller = makeController(
      SessionConfiguration(sources: [citySource()], showsInlineCompletion: true),
      behavior: SessionPickerBehavior(finishesOnPick: false))
    controller.type("Sap")
    #expect(controller.viewModel().ghostSuffix == "poro")
    controller.press(.backspace)
    #expect(controller.editor.text == "Sa")
    #expect(controller.viewModel().ghostSuffix == "o Paulo")
    controller.type("n")
    #expect(controller.viewModel().ghostSuffix == "tos")
    #expect(controller.press(.tab).outcome == nil)
    #expect(controller.editor.text == "Santos")
    #expect(controller.editor.caret == 6)
    #expect(controller.viewModel().ghostSuffix == "")

    controller.press(.control("u"))
    controller.type("Po")
    #expect(controller.viewModel().ghostSuffix == "rto")
    controller.press(.left)
    #expect(controller.viewModel().ghostSuffix == "")
    controller.press(.right)
    #expect(controller.editor.caret == 2)
    #expect(controller.editor.text == "Po")
    #expect(controller.viewModel().ghostSuffix == "rto")
    controller.press(.right)
    #expect(controller.editor.text == "Porto")
  }

  @Test("a trigger pick replaces only the token and puts the caret after the inserted space", .offThePool)
  func trigger() {
    let controller = makeController(
      SessionConfiguration(
        triggers: [SessionTrigger("@", source: ListSource(sessionTestPeople), replacesDelimiter: true)],
        highlightsFirstRow: true),
      behavior: SessionPickerBehavior(finishesOnPick: false))
    controller.type("Hi @bj and more")
    controller.press(.left, .left, .left, .left, .left, .left, .left, .left, .left)
    #expect(controller.state.query?.text == "bj")
    #expect(controller.press(.enter).outcome == nil)
    #expect(controller.editor.text == "Hi @bjorn and more")
    #expect(controller.editor.caret == 10)
    controller.press(.end)
    controller.type(" @ánge")
    #expect(controller.viewModel().rows.first?.title == "Ángel Ruiz")
    controller.press(.enter)
    #expect(controller.editor.text == "Hi @bjorn and more @angel ")
  }

  @Test("the action row calls back and goes on when it does not finish the picker", .offThePool)
  func actionRow() {
    var added: [String] = []
    let controller = makeController(
      SessionConfiguration(sources: [citySource()], actionRow: ActionRow()),
      behavior: SessionPickerBehavior(finishesOnActionRow: false))
    controller.onActionRowPicked = { added.append($0) }
    controller.type("qq")
    #expect(controller.viewModel().rows.map(\.isAction) == [true])
    controller.press(.down)
    #expect(controller.press(.enter).outcome == nil)
    #expect(added == ["qq"])

    let finishing = makeController(SessionConfiguration(sources: [citySource()], actionRow: ActionRow()))
    finishing.type("qq")
    #expect(finishing.press(.down, .enter).outcome == .actionRowPicked("qq"))
  }

  @Test("replacing the session keeps the text and searches again", .offThePool)
  func replace() {
    let controller = makeController(SessionConfiguration(source: citySource()))
    controller.type("par")
    controller.replaceSession(
      AutocompleteSession(
        configuration: SessionConfiguration(
          sources: [citySource()], searchOptions: SearchOptions(mode: .contains))))
    #expect(controller.state.query?.text == "par")
    #expect(controller.viewModel().rows.map(\.title).contains("Pärnu"))
    controller.setText("san")
    #expect(controller.viewModel().rows.map(\.title) == ["Santos"])
  }

  @Test("a slow source shows nothing, then the spinner after the stall threshold, then the rows")
  func stalled() async {
    let clock = TestClock()
    let source = AsyncSource { query in
      try await clock.sleep(for: .seconds(2))
      return [Suggestion("\(query.text)!")]
    }
    let controller = makeController(SessionConfiguration(source: source), clock: clock)
    controller.type("a")
    #expect(controller.viewModel().status == .none)
    await settle(advancing: clock, by: .milliseconds(300)) { controller.state.phase == .stalled }
    #expect(controller.viewModel().status == .loading(frame: 0))
    _ = controller.handle(.tick)
    #expect(controller.viewModel().status == .loading(frame: 1))
    await settle(advancing: clock, by: .seconds(2)) { controller.state.phase == .results }
    #expect(controller.viewModel().rows.map(\.title) == ["a!"])
  }

  /// A controller whose source answers a second after each query: "a" answered, then "b" typed,
  /// so that the rows of "a" are shown while "ab" is pending.
  static func staleController(clock: TestClock<Duration>) async -> SessionPickerController {
    let source = AsyncSource { query in
      try await clock.sleep(for: .seconds(1))
      return [
        Suggestion("\(query.text) one", completionText: "\(query.text)1"), Suggestion("\(query.text) two"),
      ]
    }
    let controller = makeController(
      SessionConfiguration(sources: [source], highlightsFirstRow: true), clock: clock)
    controller.type("a")
    await settle(advancing: clock, by: .seconds(1)) { controller.state.phase == .results }
    controller.type("b")
    return controller
  }

  @Test("Enter typed with its query waits for that answer (searching shown), then the wake-up picks from it")
  func enterWaitsForTheAnswer() async {
    let clock = TestClock()
    let controller = await Self.staleController(clock: clock)
    #expect(controller.state.isStale)
    guard case .proceed = controller.handle(KeyEvent.enter) else {  // not "a one", a row of the query before
      Issue.record("Enter picked a stale row")
      return
    }
    #expect(controller.viewModel().status == .stalled)  // searching, at once
    guard case .proceed = controller.handle(TerminalEvent.wake) else {
      Issue.record("finished before the answer")
      return
    }
    // Answered, not merely stalled.
    await settle(advancing: clock, by: .seconds(1)) { !controller.state.phase.isPending }
    guard case .finish(.picked(let row)) = controller.handle(TerminalEvent.wake) else {
      Issue.record("the answer did not finish the picker")
      return
    }
    #expect(row.displayText == "ab one")
    #expect(controller.finishingText == "ab")  // the query, before the pick replaced it
    #expect(controller.editor.text == "ab1")
  }

  @Test("a click on a stale row picks nothing")
  func clickOnStaleRow() async {
    let controller = await Self.staleController(clock: TestClock())
    guard case .proceed = controller.handleMouse(.press(button: 0), row: 0) else {
      Issue.record("a click picked a stale row")
      return
    }
    #expect(controller.state.deferredKey == nil && controller.editor.text == "ab")
  }

  @Test("a failing source shows its message and keeps the text")
  func failed() async {
    struct Offline: Error, CustomStringConvertible { var description: String { "server offline" } }
    let controller = makeController(SessionConfiguration(source: AsyncSource { _ in throw Offline() }))
    controller.type("x")
    await settle { if case .failed = controller.state.phase { true } else { false } }
    #expect(controller.viewModel().status == .failed("server offline"))
    #expect(controller.editor.text == "x")
  }

  @Test(
    "bad input: NUL, invalid scalars, combining marks, emoji and RTL text give frames, not crashes",
    .offThePool)
  func badInput() {
    let controller = makeController(SessionConfiguration(source: citySource()))
    _ = controller.handle(.paste("\u{0}a\u{301}👩‍👩‍👧 שלום \u{FFFD}"))
    controller.press(.backspace, .left, .delete, .control("w"), .up, .down, .pageUp, .pageDown, .tab)
    _ = controller.handle(.paste(String(repeating: "東", count: 5_000)))
    #expect(controller.frame(columns: 20, rows: 4).contains("cursor"))
    #expect(controller.frame(columns: 0, rows: 0).contains("cursor hidden"))
  }
}
