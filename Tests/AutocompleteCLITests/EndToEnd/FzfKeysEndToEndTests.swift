import Foundation
import Testing

/// `pick --expect` and `--bind` on a real terminal (issue 38): the expected key's name on the first
/// line, bound keys running their actions, a refused binding named.
@Suite(
  "pick --bind and --expect", .serialized,
  .enabled(
    if: TmuxSession.isAvailable || TmuxSession.isRequired,
    "tmux is not installed: end-to-end tests skipped (set CI=1 to make this a failure)"))
struct FzfKeysEndToEndTests {
  @Test("--expect prints the key's name first; Enter an empty line")
  func expect() async throws {
    var tmux = try await TmuxSession(
      "printf 'one\\ntwo\\n' | $BIN pick --expect ctrl-x,f2 --print-query", rows: 10)
    try await tmux.waitFor("2/2")
    try await tmux.type("tw")
    try await tmux.waitFor("1/2")
    try await tmux.keys("C-x")
    #expect(try await tmux.result().stdout == "tw\nctrl-x\ntwo\n")
    tmux = try await TmuxSession("printf 'one\\ntwo\\n' | $BIN pick --expect ctrl-x", rows: 10)
    try await tmux.waitFor("2/2")
    try await tmux.keys("Enter")
    #expect(try await tmux.result().stdout == "\none\n")
  }

  @Test("bound keys run their chain of actions")
  func bind() async throws {
    let tmux = try await TmuxSession(
      "seq 1 5 | $BIN pick -m --bind 'ctrl-l:last+toggle,ctrl-f:first+toggle' --bind 'ctrl-a:accept'",
      rows: 12)
    try await tmux.waitFor("5/5")
    try await tmux.keys("C-l")
    try await tmux.waitFor("(1)")
    try await tmux.keys("C-f")
    try await tmux.waitFor("(2)")
    try await tmux.keys("C-a")
    #expect(try await tmux.result().stdout == "5\n1\n")
  }

  @Test("an action autocomplete lacks is named, not guessed")
  func refused() async throws {
    let outcome = try await CommandRunner.run(
      ["pick", "--data", "-", "--bind", "ctrl-o:execute(less {})"], stdin: Data("a\n".utf8))
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("'execute' is an fzf action that autocomplete does not support"))
  }
}
