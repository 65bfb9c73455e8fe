import Foundation
import Testing

/// fzf habits in `pick` (issue 22): the count reads matches over items with the marked rows after
/// it, "↓ n more" counts every match below, Shift-Tab marks and moves up, `-q`, `--height N%`.
@Suite(
  "pick like fzf", .serialized,
  .enabled(
    if: TmuxSession.isAvailable || TmuxSession.isRequired,
    "tmux is not installed: end-to-end tests skipped (set CI=1 to make this a failure)"))
struct FzfHabitsEndToEndTests {
  @Test("the count is matches/items; '↓ n more' counts the matches below, rows made or not")
  func counts() async throws {
    let tmux = try await TmuxSession("seq 1 3000 | $BIN pick", columns: 60, rows: 20)
    var screen = try await tmux.waitFor("3000/3000")
    let visible = PickerEndToEndTests.rows(screen).filter { !$0.contains("/") }.count
    #expect(screen.contains("↓ \(3000 - visible) more"))
    try await tmux.type("29")
    screen = try await tmux.waitForScreen("matches of 29") {
      $0.contains("/3000") && !$0.contains("3000/3000")
    }
    let counter = try #require(screen.split(separator: "\n").first { $0.contains("/3000") })
    let matches = Int(counter.trimmingCharacters(in: .whitespaces).split(separator: "/")[0]) ?? -1
    // fuzzy "29": a 2 before a 9 somewhere in the number
    let expected = (1...3000).filter { number in
      let digits = String(number)
      guard let two = digits.firstIndex(of: "2") else { return false }
      return digits[digits.index(after: two)...].contains("9")
    }.count
    #expect(matches == expected)
    try await tmux.keys("Escape")
    #expect(try await tmux.result().status == 130)
  }

  @Test("--multi: Shift-Tab marks and moves up; the count shows how many are marked")
  func shiftTab() async throws {
    let tmux = try await TmuxSession("seq 1 5 | $BIN pick --multi")
    try await tmux.waitFor("5/5")
    try await tmux.keys("Down", "Down", "BTab", "BTab")
    let screen = try await tmux.waitFor("5/5 (2)")
    #expect(screen.contains(" •3") && screen.contains(" •2") && screen.contains("› 1"))
    try await tmux.keys("Enter")
    let result = try await tmux.result()
    #expect(result.stdout == "3\n2\n")  // in the order they were marked
  }

  @Test("-q starts with a query; --height 50% draws in half the terminal")
  func queryAndPercentHeight() async throws {
    let tmux = try await TmuxSession("seq 1 100 | $BIN pick -q 42 --height 50%", columns: 40, rows: 20)
    try await tmux.waitFor("> 42")
    let screen = try await tmux.waitFor("› 42")
    // Ten lines at most: the prompt, rows, the count, the footer.
    let drawn = screen.split(separator: "\n", omittingEmptySubsequences: false).filter {
      !$0.trimmingCharacters(in: .whitespaces).isEmpty
    }
    #expect(drawn.count <= 10)
    try await tmux.keys("Enter")
    #expect(try await tmux.result().stdout == "42\n")
  }
}
