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
