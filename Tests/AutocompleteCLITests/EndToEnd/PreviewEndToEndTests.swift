import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `pick --preview` on a real terminal (issue 38): the pane follows the highlighted row, a slow
/// command never delays typing and is killed when pick ends, and its output reaches the screen
/// only as text and colours.
@Suite(
  "pick --preview", .serialized,
  .enabled(
    if: TmuxSession.isAvailable || TmuxSession.isRequired,
    "tmux is not installed: end-to-end tests skipped (set CI=1 to make this a failure)"))
struct PreviewEndToEndTests {
  @Test("the pane follows the highlighted row; {} is quoted, {n} counts from 0")
  func followsTheHighlight() async throws {
    let tmux = try await TmuxSession(
      "printf \"alpha\\nit's beta\\ngamma\\n\" | $BIN pick --preview 'echo PREVIEW={}. n={n} q={q}.'",
      columns: 90, rows: 10)
    try await tmux.waitFor("PREVIEW=alpha. n=0 q=.")
    try await tmux.keys("Down")
    try await tmux.waitFor("PREVIEW=it's beta. n=1 q=.")
    try await tmux.type("gam")
    let screen = try await tmux.waitFor("PREVIEW=gamma. n=2 q=gam.")
    #expect(screen.contains("│"))
    try await tmux.keys("Enter")
    #expect(try await tmux.result().stdout == "gamma\n")
  }

  @Test("a slow preview does not delay typing, and is killed when pick ends")
  func slowCommand() async throws {
    let pidFile = NSTemporaryDirectory() + "preview-pid-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: pidFile) }
    let tmux = try await TmuxSession(
      "printf 'one\\ntwo\\nthree\\n' | $BIN pick --preview-window down,5 "
        + "--preview 'echo $$ > \(pidFile); echo started {}; sleep 300; echo never'",
      columns: 60, rows: 14)
    try await tmux.waitFor("started one")
    try await tmux.type("thr")
    let screen = try await tmux.waitFor("1/3")
    #expect(screen.contains("three") && !screen.contains("never"))
    try await tmux.waitFor("started three")
    let pid = pid_t(
      try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines))
    try await tmux.keys("Enter")
    #expect(try await tmux.result().stdout == "three\n")
    #expect(try await Self.isGone(try #require(pid)), "the preview command outlived pick")
  }

  @Test("a preview command does not outlive pick killed by a signal")
  func killedBySignal() async throws {
    let pidFile = NSTemporaryDirectory() + "preview-pids-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: pidFile) }
    let tmux = try await TmuxSession(
      "printf 'one\\n' | $BIN pick --preview 'echo $$ $PPID > \(pidFile); echo started; sleep 300'",
      columns: 60, rows: 10)
    try await tmux.waitFor("started")
    let pids = try String(contentsOfFile: pidFile, encoding: .utf8).split(separator: " ").compactMap {
      pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    try #require(pids.count == 2)
    kill(pids[1], SIGTERM)  // pick
    #expect(try await tmux.result().status == 128 + SIGTERM)
    #expect(try await Self.isGone(pids[0]), "the preview command outlived pick")
  }

  @Test("escape sequences in the output do not reach the terminal; colours do")
  func hostileOutput() async throws {
    let tmux = try await TmuxSession(
      // Colours on, whatever the test runner's environment says (`swift test` sets NO_COLOR).
      "printf 'x\\n' | NO_COLOR= $BIN pick --preview "
        + #"'printf "\033]2;EVIL\007\033[31mRED\033[0m \033[2Jafter\033[1;1Hend\n"'"#,
      columns: 60, rows: 8)
    let screen = try await tmux.waitFor("RED afterend")
    #expect(screen.contains("x"))
    // tmux writes the colour and then the background before the text: "ESC[31m ESC[49m RED".
    let styled = await tmux.styledScreen()
    let red = try #require(styled.range(of: "\u{1B}[31m")), text = try #require(styled.range(of: "RED"))
    #expect(red.upperBound <= text.lowerBound && !styled[red.upperBound..<text.lowerBound].contains("RE"))
    #expect(try await tmux.format("#{pane_title}") != "EVIL")
    try await tmux.keys("Escape")
    #expect(try await tmux.result().status == 130)
  }

  @Test("--bind scrolls and toggles the preview; hidden starts it hidden")
  func boundPreviewKeys() async throws {
    let tmux = try await TmuxSession(
      "printf 'x\\n' | $BIN pick --preview 'seq 101 200' --preview-window 'down,5,hidden' "
        + "--bind 'ctrl-o:toggle-preview,alt-j:preview-down+preview-down,ctrl-b:preview-bottom'",
      columns: 50, rows: 12)
    var screen = try await tmux.waitFor("1/1")
    #expect(!screen.contains("101"))
    try await tmux.keys("C-o")
    screen = try await tmux.waitFor("101")
    #expect(screen.contains("104") && !screen.contains("105"))  // 4 lines inside the separator
    try await tmux.keys("M-j")
    screen = try await tmux.waitForScreen("scrolled by 2") { $0.contains("103") && !$0.contains("102") }
    try await tmux.keys("C-b")
    try await tmux.waitFor("200")
    try await tmux.keys("C-o")
    try await tmux.waitForScreen("the pane hidden") { !$0.contains("200") }
    try await tmux.keys("Escape")
    #expect(try await tmux.result().status == 130)
  }

  @Test(
    "under fish, a line that breaks out of POSIX quoting is shown, not run",
    .enabled(if: PreviewShellTests.fish != nil, "needs fish (Debian's fish package)"))
  func fishRunsNothingOfTheLine() async throws {
    let directory = NSTemporaryDirectory() + "pf-\(UUID().uuidString.prefix(8))"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let marker = directory + "/x"
    let line = #"\';touch \#(marker);#"#
    try Data((line + "\n").utf8).write(to: URL(fileURLWithPath: directory + "/lines"))
    let tmux = try await TmuxSession(
      "SHELL='\(PreviewShellTests.fish!)' $BIN pick --preview 'echo PREVIEW:{}' < '\(directory)/lines'",
      columns: 110, rows: 8)
    try await tmux.waitFor("PREVIEW:" + line)
    try await tmux.keys("Enter")
    #expect(try await tmux.result().stdout == line + "\n")
    #expect(!FileManager.default.fileExists(atPath: marker))
  }

  /// Whether process `pid` is gone within 20 s (polled; not a timing assertion).
  static func isGone(_ pid: pid_t) async throws -> Bool {
    for _ in 0..<400 {
      if kill(pid, 0) != 0 { return true }
      try await Task.sleep(for: .milliseconds(50))
    }
    return kill(pid, 0) != 0
  }
}
