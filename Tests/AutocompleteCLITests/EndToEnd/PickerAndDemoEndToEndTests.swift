import AutocompleteCore
import AutocompleteTerminal
import Foundation
import Testing

@testable import autocomplete

/// `pick --cycle` past the rows made so far (issue 22).
@Suite(
  "pick --cycle in tmux", .serialized,
  .enabled(
    if: TmuxSession.isAvailable || TmuxSession.isRequired,
    "tmux is not installed: end-to-end tests skipped (set CI=1 to make this a failure)"))
struct PickCycleEndToEndTests {
  @Test("--cycle: ↑ on the first row goes to the last match, past the first page of rows")
  func cycleGoesToTheLastMatch() async throws {
    let tmux = try await TmuxSession("seq 2500 | $BIN pick --cycle", rows: 20)
    try await tmux.waitFor("2500/2500")
    try await tmux.keys("Up")
    try await tmux.waitFor("› 2500")
    try await tmux.keys("Enter")
    #expect(try await tmux.result().stdout == "2500\n")
  }
}

/// The demo's screens behave alike (issue 22).
@Suite(
  "demo screens in tmux", .serialized,
  .enabled(
    if: TmuxSession.isAvailable || TmuxSession.isRequired,
    "tmux is not installed: end-to-end tests skipped (set CI=1 to make this a failure)"))
struct DemoScreensEndToEndTests {
  @Test("Page Down moves by the rows shown, not 5")
  func pageDownMovesAScreen() async throws {
    let tmux = try await TmuxSession("$BIN", rows: 30)
    try await tmux.waitFor(PickerEndToEndTests.demoReady)
    try await tmux.type("san")
    let before = try await tmux.waitForScreen("san typed") { screen in
      screen.contains("City: san\n") && screen.contains("› ")
    }
    let shown = PickerEndToEndTests.rows(before).map(PickerEndToEndTests.city(ofRow:))
    try #require(shown.count > 6)
    try await tmux.keys("PageDown")
    func highlighted(_ screen: String) -> String? {
      PickerEndToEndTests.rows(screen).first { $0.hasPrefix("› ") }
    }
    let after = try await tmux.waitForScreen("the highlight moved") { screen in
      highlighted(screen) != nil && highlighted(screen) != highlighted(before)
    }
    let highlighted = try #require(highlighted(after))
    // A page of visible rows: past every row the screen showed (5 rows would stay among them).
    #expect(!shown.contains(PickerEndToEndTests.city(ofRow: highlighted)))
    try await tmux.keys("C-c")
    #expect(try await tmux.result().status == 130)
  }

  @Test("screen 4: Ctrl-R retries a failed query, and the retry can succeed")
  func retrySucceeds() async throws {
    // A query the seeded server fails the first time and answers the second.
    let server = SimulatedServer(
      seed: 1, data: .items([AutocompleteItem("Paris")], name: "Test", detail: { _ in nil }),
      wake: WakeSignal())
    let query = try #require(
      (0..<5000).map { "pa\($0)" }.first { text in
        let first = server.plan(for: text), second = server.plan(for: text, attempt: 1)
        return first.fails && !second.fails && first.milliseconds + second.milliseconds < 2000
      })
    let tmux = try await TmuxSession("$BIN --screen 4 --seed 1")
    try await tmux.waitFor("seed 1")
    try await tmux.type(query)
    try await tmux.waitFor("✗ The server did not answer “\(query)”")
    try await tmux.keys("C-r")
    try await tmux.waitFor("“\(query)” \(server.plan(for: query, attempt: 1).milliseconds) ms: shown")
    try await tmux.waitForScreen("the error gone") { !$0.contains("✗ The server did not answer") }
    try await tmux.keys("C-c")
    #expect(try await tmux.result().status == 130)
  }
}

/// `--print0` (issue 22).
@Suite(
  "--print0", .serialized,
  .enabled(
    if: TmuxSession.isAvailable || TmuxSession.isRequired,
    "tmux is not installed: end-to-end tests skipped (set CI=1 to make this a failure)"))
struct PrintZeroEndToEndTests {
  @Test("--print0 ends each printed line with NUL: filter (a file, the cities) and pick")
  func printZero() async throws {
    let input = Data("ab\nabc\nx\n".utf8)
    #expect(
      try await CommandRunner.run(["filter", "--print0", "a"], stdin: input).stdout == "ab\u{0}abc\u{0}")
    let cities = try await CommandRunner.run(["filter", "--cities", "--print0", "--limit", "2", "paris"])
    #expect(
      cities.stdout.hasPrefix("Paris, France\u{0}") && cities.stdout.filter { $0 == "\u{0}" }.count == 2)
    #expect(!cities.stdout.contains("\n"))
    let pick = try await CommandRunner.run(
      ["pick", "--print0", "-1", "--print-query", "-q", "abc"], stdin: input)
    #expect(pick.stdout == "abc\u{0}abc\u{0}")
  }

}

/// `--layout default` (fzf's default) and `--reverse` (issue 22).
@Suite(
  "pick layouts in tmux", .serialized,
  .enabled(
    if: TmuxSession.isAvailable || TmuxSession.isRequired,
    "tmux is not installed: end-to-end tests skipped (set CI=1 to make this a failure)"))
struct PickLayoutEndToEndTests {
  @Test("--layout default: the prompt at the bottom, the best row just above, ↑ goes up to the next")
  func promptAtTheBottom() async throws {
    let tmux = try await TmuxSession("seq 30 | $BIN pick --layout default", columns: 60, rows: 12)
    try await tmux.waitFor(PickerEndToEndTests.pickReady)
    try await tmux.keys("Up")
    let screen = try await tmux.waitFor("› 2")
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    let prompt = try #require(lines.firstIndex(of: ">"))
    #expect(prompt == 10)  // the row above the footer
    #expect(Array(lines[(prompt - 3)..<prompt]) == ["› 2", "1", "30/30"])
    #expect(lines.first == "↑ 22 more")
    try await tmux.keys("Enter")
    #expect(try await tmux.result().stdout == "2\n")
  }

  @Test("--reverse and --layout reverse draw the prompt at the top, as by default")
  func reverseIsTheDefault() async throws {
    for option in ["--reverse", "--layout reverse"] {
      let tmux = try await TmuxSession("seq 30 | $BIN pick \(option)", columns: 60, rows: 12)
      let screen = try await tmux.waitFor(PickerEndToEndTests.pickReady)
      #expect(PickerEndToEndTests.inputLine(of: screen) == ">")
      try await tmux.keys("Escape")
      #expect(try await tmux.result().status == 130)
    }
  }
}

extension DemoScreensEndToEndTests {
  @Test("screen 2: the preview is what Tab accepts: zur shows Zürich, Switzerland")
  func inlinePreviewIsTheAcceptedText() async throws {
    let tmux = try await TmuxSession("$BIN --screen 2")
    try await tmux.waitFor("2 · Inline completion")
    try await tmux.type("zur")
    try await tmux.waitFor("City: Zürich, Switzerland")
    try await tmux.keys("Tab")
    try await tmux.waitForScreen("accepted") {
      !$0.contains("› ") && $0.contains("City: Zürich, Switzerland")
    }
    try await tmux.keys("Enter")
    try await tmux.waitFor("Picked “Zürich, Switzerland”")
    try await tmux.keys("Escape")
    let result = try await tmux.result()
    #expect(result.stdout == "Zürich, Switzerland\n")
  }

  @Test("screen 2: one Backspace after accepting edits the text and keeps the row and the ghost")
  func backspaceAfterAcceptingKeepsTheRow() async throws {
    let tmux = try await TmuxSession("$BIN --screen 2")
    try await tmux.waitFor("2 · Inline completion")
    try await tmux.type("zur")
    try await tmux.waitFor("City: Zürich, Switzerland")
    try await tmux.keys("Tab")
    try await tmux.waitForScreen("accepted, the list closed") { screen in
      screen.contains("City: Zürich, Switzerland")
        && !screen.split(separator: "\n").contains { $0.hasPrefix("  Zürich") }
    }
    try await tmux.keys("BSpace")
    let screen = try await tmux.waitForScreen("the row is listed again") { screen in
      screen.split(separator: "\n").contains { $0.hasPrefix("  Zürich") }
    }
    #expect(!screen.contains("No results"))
    #expect(screen.contains("1/1"))
    // The typed part is one character shorter; the last "d" is the dim ghost text.
    let styled = await tmux.styledScreen()
    #expect(styled.contains("Zürich, Switzerlan\u{1B}[2md"), "\(styled)")
    try await tmux.keys("Enter")
    try await tmux.waitFor("Picked “Zürich, Switzerland”")
    try await tmux.keys("Escape")
    #expect(try await tmux.result().stdout == "Zürich, Switzerland\n")
  }
}
