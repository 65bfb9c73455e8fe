import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `pick` in tmux on issue 41: a crash gives the terminal back (main screen, no mouse reports,
/// cooked mode) and ends at once; the query that crashed words mode is pasted without harm; Enter
/// on a failed Typesense server exits 2 with its message, as `filter` and `pick -1` do.
@Suite(
  "pick in tmux: crashes and server failures", .serialized,
  .enabled(
    if: TmuxSession.isAvailable || TmuxSession.isRequired,
    "tmux is not installed: end-to-end tests skipped (set CI=1 to make this a failure)"))
struct CrashAndFailureEndToEndTests {
  static let pickReady = PickerEndToEndTests.pickReady

  @Test(
    "a crash signal restores the terminal and ends the picker at once", arguments: [SIGILL, SIGSEGV, SIGABRT])
  func crashRestoresTerminal(signal: Int32) async throws {
    let tmux = try await TmuxSession("seq 100 | $BIN pick")
    try await tmux.waitFor(Self.pickReady)
    #expect(try await tmux.format("#{alternate_on}") == "1")
    #expect(try await tmux.format("#{mouse_any_flag}") == "1")
    let pick = try #require(try await HostilePickerEndToEndTests.picker(in: tmux))
    kill(pick, signal)
    let result = try await tmux.result()
    #expect(result.status == 128 + signal)
    #expect(try await tmux.format("#{alternate_on}") == "0")
    #expect(try await tmux.format("#{mouse_any_flag}") == "0")
    let stty = tmux.sttyAfterExit()
    #expect(stty.contains(" icanon") && !stty.contains("-icanon"), "\(stty)")
    #expect(stty.contains(" echo ") && !stty.contains("-echo "), "\(stty)")
    try await tmux.waitFor("autocomplete: crashed (SIG")
  }

  @Test("the query of 256 words that trapped words mode with typos, pasted into pick: no crash")
  func pastedManyWords() async throws {
    let list = NSTemporaryDirectory() + "words-\(UUID().uuidString).txt"
    defer { try? FileManager.default.removeItem(atPath: list) }
    try "aab\nzzz\n".write(toFile: list, atomically: true, encoding: .utf8)
    let tmux = try await TmuxSession("$BIN pick --mode words --typos 1 --data '\(list)'")
    try await tmux.waitFor(Self.pickReady)
    let path = NSTemporaryDirectory() + "query-\(UUID().uuidString).txt"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Array(repeating: "aab", count: 256).joined(separator: " ").write(
      toFile: path, atomically: true, encoding: .utf8)
    try await tmux.run(["load-buffer", path])
    try await tmux.run(["paste-buffer", "-p", "-t", "main"])
    try await tmux.type("Z")
    try await tmux.waitForScreen("the query pasted") {
      PickerEndToEndTests.inputLine(of: $0).hasSuffix("aabZ")
    }
    try await tmux.keys("Escape")
    let result = try await tmux.result()
    #expect(result.status == 130)
    #expect(!(await tmux.screen()).contains("crashed"))
  }

  @Test("Enter after a Typesense failure exits 2 with the server's message, not 1")
  func enterAfterServerFailure() async throws {
    let server = try LoopbackServer { _ in .json(#"{"message": "index is broken"}"#, status: 500) }
    defer { server.stop() }
    let errors = NSTemporaryDirectory() + "stderr-\(UUID().uuidString).txt"
    defer { try? FileManager.default.removeItem(atPath: errors) }
    let tmux = try await TmuxSession(
      "$BIN pick --typesense \(server.url.absoluteString) --api-key k --collection c --query-by name 2> '\(errors)'"
    )
    try await tmux.waitFor(Self.pickReady)
    try await tmux.type("zu")
    try await tmux.waitFor("index is brok")
    try await tmux.keys("Enter")
    let result = try await tmux.result()
    #expect(result.status == 2)
    let message = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
    #expect(
      message.contains("autocomplete: Typesense: ") && message.contains("the server answered 500"),
      "\(message)")
    #expect(message.contains("index is broken"))
  }
}
