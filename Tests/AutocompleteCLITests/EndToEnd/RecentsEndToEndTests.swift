import AutocompleteCore
import Foundation
import Testing

/// What the CLI remembers, in a real terminal: `pick --history` (fzf's: Ctrl-P/Ctrl-N, saved on
/// accept), `pick --frecency` (a picked line rises next time; Shift-Delete forgets it), Ctrl-T
/// (tap-ahead), and the demo's city recents (on focus, Shift-Delete, `--no-history`). Every command
/// runs with `XDG_STATE_HOME` in a temporary directory (``TmuxSession``), never the user's.
@Suite(
  "Recents and history in the terminal", .serialized,
  .enabled(
    if: TmuxSession.isAvailable || TmuxSession.isRequired,
    "tmux is not installed: end-to-end tests skipped (set CI=1 to make this a failure)"))
struct RecentsEndToEndTests {
  /// A directory for one test's files, removed by the caller.
  static func directory() throws -> String {
    let path = NSTemporaryDirectory() + "ac-recents-\(UUID().uuidString.prefix(8))"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    try "alpha\nbeta\ngamma\ndelta\n".write(toFile: path + "/words", atomically: true, encoding: .utf8)
    return path
  }

  static func text(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

  @Test("pick --history: the accepted query is saved (not a cancelled one); Ctrl-P/Ctrl-N walk them")
  func history() async throws {
    let dir = try Self.directory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let pick = "$BIN pick --history '\(dir)/history' < '\(dir)/words'"
    var tmux = try await TmuxSession(pick, columns: 60, rows: 12)
    try await tmux.waitFor("4/4")
    try await tmux.type("gam")
    try await tmux.waitFor("1/4")
    try await tmux.keys("Enter")
    #expect(try await tmux.result().stdout == "gamma\n")
    #expect(Self.text(dir + "/history") == "gam\n")

    tmux = try await TmuxSession(pick, columns: 60, rows: 12)
    try await tmux.waitFor("4/4")
    try await tmux.type("del")
    try await tmux.waitFor("1/4")
    try await tmux.keys("Escape")
    #expect(try await tmux.result().status == 130)
    #expect(Self.text(dir + "/history") == "gam\n")  // a cancel saves nothing

    tmux = try await TmuxSession(pick, columns: 60, rows: 12)
    try await tmux.waitFor("4/4")
    try await tmux.type("b")
    try await tmux.waitFor("> b")
    try await tmux.keys("C-p")
    // The recalled query is searched.
    var screen = try await tmux.waitForScreen("“gam” recalled") { $0.contains("> gam") && $0.contains("1/4") }
    #expect(screen.contains("› gamma"))
    try await tmux.keys("C-n")
    screen = try await tmux.waitForScreen("the typed text back") {
      $0.contains("> b\n") || $0.hasPrefix("> b ")
    }
    try await tmux.keys("Down")  // ↑/↓ still move
    try await tmux.keys("Enter")
    let result = try await tmux.result()
    #expect(result.status == 0)
    #expect(Self.text(dir + "/history") == "gam\nb\n")
  }

  @Test(
    "pick --frecency: a picked line comes first next time (◷), above rows that match as well; Shift-Delete forgets it"
  )
  func frecency() async throws {
    let dir = try Self.directory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let pick = "$BIN pick --frecency '\(dir)/picks.json' < '\(dir)/words'"
    var tmux = try await TmuxSession(pick, columns: 60, rows: 12)
    var screen = try await tmux.waitFor("4/4")
    #expect(PickerEndToEndTests.rows(screen).prefix(4) == ["› alpha", "  beta", "  gamma", "  delta"])
    try await tmux.keys("Down", "Down")
    try await tmux.waitFor("› gamma")
    try await tmux.keys("Enter")
    #expect(try await tmux.result().stdout == "gamma\n")
    let store = JSONFileRecentsStore(url: URL(fileURLWithPath: dir + "/picks.json"))
    #expect(try store.entries(for: "pick").map(\.id) == ["gamma"])

    tmux = try await TmuxSession(pick, columns: 60, rows: 12)
    screen = try await tmux.waitFor("4/4")
    #expect(PickerEndToEndTests.rows(screen).prefix(4) == ["› ◷ gamma", "  alpha", "  beta", "  delta"])
    // "a": alpha starts with it and stays first; gamma leads the rows that only contain it.
    try await tmux.type("a")
    screen = try await tmux.waitForScreen("the rows for “a”") {
      $0.contains("> a") && PickerEndToEndTests.rows($0).first == "› alpha"
    }
    #expect(PickerEndToEndTests.rows(screen).prefix(4) == ["› alpha", "  ◷ gamma", "  beta", "  delta"])
    try await tmux.keys("Down", "S-DC")
    screen = try await tmux.waitForScreen("gamma forgotten") { !$0.contains("◷") && $0.contains("4/4") }
    #expect(try store.entries(for: "pick").isEmpty)
    try await tmux.keys("Escape")
    #expect(try await tmux.result().status == 130)
  }

  @Test("Ctrl-T fills the highlighted row into the query and searches again, picking nothing")
  func fill() async throws {
    let tmux = try await TmuxSession(
      "printf 'san\\nsan diego\\nsan jose\\nsantiago\\nparis\\n' | $BIN pick", columns: 60, rows: 12)
    try await tmux.waitFor("5/5")
    try await tmux.type("san")
    var screen = try await tmux.waitFor("4/5")
    let second = String(PickerEndToEndTests.rows(screen)[1].dropFirst(2))
    try await tmux.keys("Down")
    try await tmux.waitFor("› " + second)
    try await tmux.keys("C-t")
    // The field holds the row's text, searched again (only that row matches it), nothing picked.
    screen = try await tmux.waitForScreen("the filled query") {
      $0.contains("> " + second) && $0.contains("1/5")
    }
    #expect(PickerEndToEndTests.rows(screen).first == "› " + second)
    try await tmux.keys("Enter")
    #expect(try await tmux.result().stdout == second + "\n")
  }

  @Test(
    "the demo's city field: picks kept under $XDG_STATE_HOME, listed on focus (◷), Shift-Delete forgets one")
  func demoRecents() async throws {
    let state = try Self.directory()
    defer { try? FileManager.default.removeItem(atPath: state) }
    let file = state + "/autocomplete/recents.json"
    var tmux = try await TmuxSession("$BIN --screen 1", columns: 80, rows: 14, stateDirectory: state)
    var screen = try await tmux.waitFor("City:")
    #expect(!screen.contains("◷") && !screen.contains("No results"))  // nothing remembered yet
    try await tmux.type("paris")
    try await tmux.waitFor("› Paris")
    try await tmux.keys("Enter")
    try await tmux.waitFor("Picked “Paris, France”")
    try await tmux.keys("C-u")
    try await tmux.type("lyon")
    try await tmux.waitFor("› Lyon")
    try await tmux.keys("Enter")
    try await tmux.waitFor("Picked “Lyon, France”")
    try await tmux.keys("C-u")
    screen = try await tmux.waitFor("Recent cities")
    #expect(
      PickerEndToEndTests.rows(screen).map { PickerEndToEndTests.city(ofRow: $0) }.prefix(2) == [
        "◷ Lyon, France", "◷ Paris, France",
      ])
    try await tmux.keys("C-c")
    _ = try await tmux.result()
    let store = JSONFileRecentsStore(url: URL(fileURLWithPath: file))
    #expect(try store.entries(for: "demo.city").map(\.id) == ["Lyon, France", "Paris, France"])

    // The next run lists them as soon as the field has the focus; Shift-Delete forgets one.
    tmux = try await TmuxSession("$BIN --screen 1", columns: 80, rows: 14, stateDirectory: state)
    screen = try await tmux.waitFor("◷ Paris")
    #expect(screen.contains("› ◷ Lyon"))
    try await tmux.keys("S-DC")
    screen = try await tmux.waitForScreen("Lyon forgotten") {
      !$0.contains("Lyon") && $0.contains("› ◷ Paris")
    }
    #expect(try store.entries(for: "demo.city").map(\.id) == ["Paris, France"])
    // While typing, a matching recent comes first.
    try await tmux.type("pa")
    screen = try await tmux.waitFor("City: pa")
    #expect(PickerEndToEndTests.rows(screen).first?.hasPrefix("› ◷ Paris") == true)
    try await tmux.keys("C-c")
    _ = try await tmux.result()

    // --no-history: nothing shown, nothing written.
    let before = Self.text(file)
    tmux = try await TmuxSession("$BIN --screen 1 --no-history", columns: 80, rows: 14, stateDirectory: state)
    try await tmux.waitFor("City:")
    try await tmux.type("rom")
    try await tmux.waitFor("› Rom")
    try await tmux.keys("Enter")
    try await tmux.waitFor("Picked “Rom")
    try await tmux.keys("C-u")
    screen = try await tmux.waitForScreen("the empty field") {
      $0.contains("City: \n") || $0.contains("City:\n")
    }
    #expect(!screen.contains("◷"))
    try await tmux.keys("C-c")
    _ = try await tmux.result()
    #expect(Self.text(file) == before)
  }

  @Test("without XDG_STATE_HOME the demo keeps its recents in ~/.local/state/autocomplete")
  func demoStateFallback() async throws {
    let home = try Self.directory()
    defer { try? FileManager.default.removeItem(atPath: home) }
    let tmux = try await TmuxSession(
      "env -u XDG_STATE_HOME HOME='\(home)' $BIN --screen 1", columns: 80, rows: 14)
    try await tmux.waitFor("City:")
    try await tmux.type("oslo")
    try await tmux.waitFor("› Oslo")
    try await tmux.keys("Enter")
    try await tmux.waitFor("Picked “Oslo")
    try await tmux.keys("C-c")
    _ = try await tmux.result()
    let store = JSONFileRecentsStore(
      url: URL(fileURLWithPath: home + "/.local/state/autocomplete/recents.json"))
    #expect(try store.entries(for: "demo.city").map(\.id) == ["Oslo, Norway"])
  }
}
