import Foundation
import Testing

/// fzf habits in `pick` (issue 38): the header stays drawn in both layouts however long the list,
/// the extended search syntax and smart case as you type, `-e`.
@Suite(
  "pick like fzf (II)", .serialized,
  .enabled(
    if: TmuxSession.isAvailable || TmuxSession.isRequired,
    "tmux is not installed: end-to-end tests skipped (set CI=1 to make this a failure)"))
struct FzfHabitsTwoEndToEndTests {
  @Test(
    "--header is drawn in both layouts when the list fills the screen", arguments: ["default", "reverse"])
  func headerStays(layout: String) async throws {
    let tmux = try await TmuxSession(
      "seq 1 500 | $BIN pick --layout \(layout) --header 'HEADER LINE'", columns: 40, rows: 12)
    let screen = try await tmux.waitFor("500/500")
    #expect(screen.contains("HEADER LINE"))
    try await tmux.type("1")
    let narrowed = try await tmux.waitForScreen("a narrower list") {
      $0.contains("/500") && !$0.contains("500/500")
    }
    #expect(narrowed.contains("HEADER LINE"))
    try await tmux.keys("Escape")
    #expect(try await tmux.result().status == 130)
  }

  @Test("terms are ANDed, ! negates, ^ anchors; an upper-case letter makes case count")
  func extendedSyntax() async throws {
    let tmux = try await TmuxSession(
      "printf '/usr/share/a\\n/usr/lib/b\\n/opt/share/Make\\n/usr/share/make\\n' | $BIN pick", columns: 50,
      rows: 12)
    try await tmux.waitFor("4/4")
    try await tmux.type("usr share !make")
    var screen = try await tmux.waitFor("1/4")
    #expect(screen.contains("/usr/share/a"))
    try await tmux.keys("C-u")
    try await tmux.type("Make")
    // The screen before the edit also shows 1/4: wait for the new query's.
    screen = try await tmux.waitForScreen("the rows of Make") { $0.contains("> Make") && $0.contains("1/4") }
    #expect(screen.contains("/opt/share/Make"))
    try await tmux.keys("Enter")
    #expect(try await tmux.result().stdout == "/opt/share/Make\n")
  }
}
