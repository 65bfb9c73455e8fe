import Foundation
import Testing

/// `pick --read0` and bad lines in `pick`, on the screen (issue 22).
@Suite(
  "pick: --read0 and bad lines in tmux", .serialized,
  .enabled(
    if: TmuxSession.isAvailable || TmuxSession.isRequired,
    "tmux is not installed: end-to-end tests skipped (set CI=1 to make this a failure)"))
struct ReadZeroAndBadLinesEndToEndTests {
  @Test("--read0: an item's line break shows as ␊ on its one row; the pick prints it as read")
  func readZero() async throws {
    let tmux = try await TmuxSession(
      "printf 'first line\\nsecond line\\0other\\0' | $BIN pick --read0", columns: 60, rows: 12)
    let screen = try await tmux.waitFor("2/2")
    #expect(PickerEndToEndTests.rows(screen).contains("› first line\u{240A}second line"))
    try await tmux.type("second")
    try await tmux.waitFor("1/2")
    try await tmux.keys("Enter")
    let result = try await tmux.result()
    #expect(result.status == 0)
    #expect(result.stdout == "first line\nsecond line\n")
  }

  @Test("a Latin-1 line shows with U+FFFD, the footer warns, and Enter prints its bytes as read")
  func latin1Line() async throws {
    let tmux = try await TmuxSession("printf 'caf\\351\\ncafeteria\\n' | $BIN pick", columns: 100, rows: 12)
    // The warning and the rows come from separate redraws: wait for a screen with both.
    let screen = try await tmux.waitForScreen("the warning and the rows") {
      $0.contains("⚠ line 1") && !PickerEndToEndTests.rows($0).isEmpty
    }
    #expect(PickerEndToEndTests.rows(screen).first == "› caf\u{FFFD}")
    try await tmux.type("caf")
    try await tmux.waitFor("2/2")
    try await tmux.keys("Enter")
    let result = try await tmux.result()
    #expect(result.status == 0)
    let output = try Data(contentsOf: URL(fileURLWithPath: tmux.outputPath))
    #expect(output == Data([0x63, 0x61, 0x66, 0xE9, 0x0A]))
  }
}
