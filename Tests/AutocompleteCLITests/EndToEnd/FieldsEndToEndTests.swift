import Foundation
import Testing

/// `pick` with fzf's `--with-nth`, `--nth`, `--delimiter` and `--tac` on a real terminal (issue 38):
/// rows show the chosen fields, the query searches the chosen fields, the pick prints the whole line.
@Suite(
  "pick: fields and order, as fzf", .serialized,
  .enabled(
    if: TmuxSession.isAvailable || TmuxSession.isRequired,
    "tmux is not installed: end-to-end tests skipped (set CI=1 to make this a failure)"))
struct FieldsEndToEndTests {
  @Test("--with-nth shows fields, --nth searches them, the pick prints the line")
  func fields() async throws {
    let tmux = try await TmuxSession(
      "printf 'id1:alpha:red\\nid2:beta:green\\nid3:gamma:blue\\n' | $BIN pick -d : --with-nth 2.. --nth 1",
      columns: 60, rows: 10)
    let screen = try await tmux.waitFor("3/3")
    #expect(screen.contains("alpha:red") && !screen.contains("id1"))
    try await tmux.type("green")  // the second field shown: not searched
    try await tmux.waitFor("No results")
    try await tmux.keys("C-u")
    try await tmux.type("beta")
    try await tmux.waitForScreen("beta's row") { $0.contains("> beta") && $0.contains("1/3") }
    try await tmux.keys("Enter")
    #expect(try await tmux.result().stdout == "id2:beta:green\n")
  }

  @Test("--tac lists the last line first")
  func tac() async throws {
    let tmux = try await TmuxSession("seq 1 5 | $BIN pick --tac", columns: 40, rows: 10)
    try await tmux.waitFor("5/5")
    try await tmux.keys("Enter")
    #expect(try await tmux.result().stdout == "5\n")
  }

  @Test("--no-sort keeps input order; with --tac, reversed")
  func noSort() async throws {
    // Ranked, "ab" (shorter, contiguous) would come first.
    var tmux = try await TmuxSession(
      "printf 'xa-b\\nab\\nyab\\n' | $BIN pick --no-sort -q ab", columns: 40, rows: 10)
    try await tmux.waitFor("3/3")
    try await tmux.keys("Enter")
    #expect(try await tmux.result().stdout == "xa-b\n")
    tmux = try await TmuxSession(
      "printf 'xa-b\\nab\\nyab\\n' | $BIN pick +s --tac -q ab", columns: 40, rows: 10)
    try await tmux.waitFor("3/3")
    try await tmux.keys("Enter")
    #expect(try await tmux.result().stdout == "yab\n")
  }
}
