import Foundation
import Testing

/// fzf's options an fzf user types out of habit (issue 22), in the real binary under tmux.
@Suite(
  "fzf habits in tmux", .serialized,
  .enabled(
    if: TmuxSession.isAvailable || TmuxSession.isRequired,
    "tmux is not installed: end-to-end tests skipped (set CI=1 to make this a failure)"))
struct FzfHabitsEndToEndTests {
  @Test("-q starts with the query typed")
  func shortQuery() async throws {
    let tmux = try TmuxSession("seq 100 | $BIN pick -q 42")
    let screen = try await tmux.waitFor(PickerEndToEndTests.pickReady)
    #expect(PickerEndToEndTests.inputLine(of: screen) == "> 42")
    try tmux.keys("Enter")
    #expect(try await tmux.result().stdout == "42\n")
  }

  @Test("--height 40% draws in 40% of the window's rows")
  func percentHeight() async throws {
    let tmux = try TmuxSession("seq 100 | $BIN pick --height 40%", rows: 30)
    let screen = try await tmux.waitFor(PickerEndToEndTests.pickReady)
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
    let footer = try #require(lines.firstIndex { $0.contains(PickerEndToEndTests.pickReady) })
    #expect(footer == 11)  // 12 lines: 40% of 30
    try tmux.keys("Escape")
    #expect(try await tmux.result().status == 130)
  }

  @Test("--height refuses 2 lines and 0%", arguments: ["2", "0%", "101%", "x%"])
  func badHeights(height: String) throws {
    let outcome = try CommandRunner.run(["pick", "--height", height, "--select-1"], stdin: Data("a\n".utf8))
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("--height"))
  }
}

/// `pick`'s counts and `--cycle` past the rows made so far (issue 22).
@Suite(
  "pick counts in tmux", .serialized,
  .enabled(
    if: TmuxSession.isAvailable || TmuxSession.isRequired,
    "tmux is not installed: end-to-end tests skipped (set CI=1 to make this a failure)"))
struct PickCountsEndToEndTests {
  @Test("the counter is matched/items, the \"more\" line exact, and marks are counted")
  func countsLikeFzf() async throws {
    let tmux = try TmuxSession("seq 1058 | $BIN pick --multi --mode contains", rows: 30)
    var screen = try await tmux.waitFor("1058/1058")
    let visible = PickerEndToEndTests.rows(screen).filter { Int($0.dropFirst(2)) != nil }.count
    #expect(screen.contains("↓ \(1058 - visible) more"))
    try tmux.keys("Tab", "Tab")
    screen = try await tmux.waitFor("1058/1058 (2)")
    try tmux.type("10")
    // 10, 100–109, 1000–1058 and 110, 210, …, 910, 1010: as grep counts.
    let matching = (1...1058).filter { String($0).contains("10") }.count
    screen = try await tmux.waitFor("\(matching)/1058 (2)")
    try tmux.keys("Escape")
    #expect(try await tmux.result().status == 130)
  }

  @Test("--cycle: ↑ on the first row goes to the last match, past the first page of rows")
  func cycleGoesToTheLastMatch() async throws {
    let tmux = try TmuxSession("seq 2500 | $BIN pick --cycle", rows: 20)
    try await tmux.waitFor("2500/2500")
    try tmux.keys("Up")
    try await tmux.waitFor("› 2500")
    try tmux.keys("Enter")
    #expect(try await tmux.result().stdout == "2500\n")
  }
}
