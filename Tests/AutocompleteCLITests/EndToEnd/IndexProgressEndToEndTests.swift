import Foundation
import Testing

/// `index build` and `index add` of a big input draw their progress on standard error when it is a
/// terminal (here tmux's): a bar while reading, the step under way, a bar over the commits of
/// `--commit-every`, then a summary line.
@Suite(
  "index progress in tmux", .serialized,
  .enabled(
    if: TmuxSession.isAvailable || TmuxSession.isRequired,
    "tmux is not installed: end-to-end tests skipped (set CI=1 to make this a failure)"))
struct IndexProgressEndToEndTests {
  @Test func progressOnATerminal() async throws {
    let directory = try IndexIDsTests.directory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try IndexIDsTests.writeBigInput(directory + "/big.txt")
    let log = directory + "/pane.log"
    // The pane's output is logged from before the command starts (it waits for a file the test
    // makes once the log is on: a fixed sleep was too short on a loaded machine), so the redrawn
    // progress lines can be read back, not only the last screen.
    let go = directory + "/go"
    let tmux = try await TmuxSession(
      "i=0; while [ ! -e '\(go)' ] && [ $i -lt 3000 ]; do sleep 0.1; i=$((i+1)); done; $BIN index build --data '\(directory)/big.txt' -o '\(directory)/idx' && "
        + "$BIN index add '\(directory)/idx' --data '\(directory)/big.txt' --commit-every 50000")
    _ = try await tmux.run(["pipe-pane", "-t", "main", "-o", "cat > '\(log)'"])
    #expect(FileManager.default.createFile(atPath: go, contents: nil))
    let result = try await tmux.result(timeout: .seconds(300))
    #expect(result.status == 0)
    #expect(result.stdout.isEmpty)
    let screen = try await tmux.waitFor("added 150000 items to")
    #expect(screen.contains("indexed 150000 items into"))
    let drawn = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    #expect(drawn.contains("reading [") && drawn.contains("100%"), "\(drawn.suffix(500))")
    #expect(drawn.contains("indexing 150000 items…"), "\(drawn.suffix(500))")
    #expect(drawn.contains("adding [") && drawn.contains("100000/150000 items"), "\(drawn.suffix(500))")
  }
}
