import AutocompleteCore
import AutocompleteTerminal
import Clocks
import TestSupport
import Testing

/// Frames of the five demo screens, rendered from a driven session into a screen buffer.
@MainActor
@Suite("Session picker frames")
struct SessionPickerSnapshotTests {
  let footer = "F1 Dropdown F2 Inline F3 Composer F4 Async F5 Add"

  @Test("1 · dropdown with the mode shown, a highlighted row and matched characters", .offThePool)
  func dropdown() {
    let options = SearchOptions(mode: MatchMode(wildcardBefore: true, wildcardAfter: true), maximumCount: 5)
    let controller = makeController(
      SessionConfiguration(sources: [citySource()], searchOptions: options),
      style: SessionPickerStyle(
        title: "1 · Dropdown", header: "mode: \(options.mode.rawValue) · max 5", prompt: "City: ",
        footer: footer))
    controller.type("pa")
    controller.press(.down, .down)
    assertFrameSnapshot(controller.frame(), named: "dropdown")
  }

  @Test("2 · inline completion: dim ghost text after the caret", .offThePool)
  func inline() {
    let controller = makeController(
      SessionConfiguration(sources: [citySource()], showsInlineCompletion: true),
      style: SessionPickerStyle(title: "2 · Inline", prompt: "City: ", footer: footer),
      behavior: SessionPickerBehavior(finishesOnPick: false))
    controller.type("São")
    assertFrameSnapshot(controller.frame(), named: "inline")
  }

  @Test("3 · composer: a multi-line message with an @ token open", .offThePool)
  func composer() {
    let controller = makeController(
      SessionConfiguration(
        triggers: [SessionTrigger("@", source: ListSource(sessionTestPeople), replacesDelimiter: true)],
        highlightsFirstRow: true),
      style: SessionPickerStyle(
        title: "3 · Composer", prompt: "Message: ", footer: footer, inputStyle: .multiLine(maximumLines: 3)),
      behavior: SessionPickerBehavior(finishesOnPick: false))
    controller.type("Hello @bj")
    controller.press(.enter)
    controller.type("and a long line that wraps around the screen edge, then @a")
    assertFrameSnapshot(controller.frame(), named: "composer")
  }

  @Test("4 · async: spinner while stalled, then the failure")
  func async() async {
    struct Timeout: Error, CustomStringConvertible { var description: String { "timed out" } }
    let clock = TestClock()
    let source = AsyncSource { _ in
      try await clock.sleep(for: .seconds(1))
      throw Timeout()
    }
    let controller = makeController(
      SessionConfiguration(source: source),
      style: SessionPickerStyle(title: "4 · Async", prompt: "City: ", footer: footer), clock: clock)
    controller.type("lo")
    await settle(advancing: clock, by: .milliseconds(300)) { controller.state.phase == .stalled }
    assertFrameSnapshot(controller.frame(), named: "async-stalled")
    await settle(advancing: clock, by: .seconds(1)) { !controller.state.phase.isPending }
    assertFrameSnapshot(controller.frame(), named: "async-failed")
  }

  @Test("5 · the action row when nothing matches, highlighted", .offThePool)
  func actionRow() {
    let controller = makeController(
      SessionConfiguration(sources: [citySource()], actionRow: ActionRow()),
      style: SessionPickerStyle(title: "5 · Add", prompt: "Tag: ", footer: footer))
    controller.type("zürich2")
    controller.press(.down)
    assertFrameSnapshot(controller.frame(), named: "action-row")
  }

  @Test("wide characters and a highlighted CJK match", .offThePool)
  func wide() {
    let controller = makeController(
      SessionConfiguration(source: citySource()), style: SessionPickerStyle(prompt: "> "))
    controller.type("東")
    assertFrameSnapshot(controller.frame(columns: 24, rows: 5), named: "wide")
  }
}
