import Foundation
import Testing

/// The real binary in tmux: typing, picking, every demo screen, resize, Ctrl-C, stdin data.
@Suite(
  "autocomplete in tmux", .serialized,
  .enabled(
    if: TmuxSession.isAvailable || TmuxSession.isRequired,
    "tmux is not installed: end-to-end tests skipped (set CI=1 to make this a failure)"))
struct PickerEndToEndTests {
  /// The footer of `autocomplete pick`, drawn once the picker is up.
  static let pickReady = "Esc cancel"
  /// The prompt of the demo's city screens.
  static let demoReady = "│ Esc close/quit"

  /// The dropdown rows of a screen (lines starting with the marker or two spaces and a title).
  static func rows(_ screen: String) -> [String] {
    screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter {
      ($0.hasPrefix("› ") || $0.hasPrefix("  ")) && !$0.contains(" more") && !$0.contains("match")
    }
  }

  /// "Name, Country" of a city row ("  São Paulo      Brazil", or "  Rio   alternate · Brazil").
  static func city(ofRow row: String) -> String {
    let parts = row.dropFirst(2).components(separatedBy: "  ").map {
      $0.trimmingCharacters(in: .whitespaces)
    }.filter { !$0.isEmpty }
    guard parts.count >= 2, let country = parts.last?.components(separatedBy: " · ").last else {
      return parts.first ?? ""
    }
    return "\(parts[0]), \(country)"
  }

  /// The first line of the screen, the input line ("> query"), without trailing spaces.
  static func inputLine(of screen: String) -> String {
    String(screen.prefix { $0 != "\n" }).trimmingCharacters(in: .whitespaces)
  }

  @Test("typing with accents finds São Paulo; arrows and Enter print the picked city")
  func accentsArrowsEnter() async throws {
    let tmux = try TmuxSession("$BIN pick")
    try await tmux.waitFor(Self.pickReady)
    try tmux.type("São")
    var screen = try await tmux.waitFor("› São Paulo")
    try tmux.keys("C-u")
    try tmux.type("sao")
    // "sa" already lists São Paulo first: wait for the whole query.
    screen = try await tmux.waitForScreen("sao typed, São Paulo first") { screen in
      Self.inputLine(of: screen) == "> sao" && screen.contains("› São Paulo")
    }
    #expect(screen.contains("City") == false)
    let rows = Self.rows(screen)
    try #require(rows.count >= 3)
    let third = Self.city(ofRow: rows[2])
    try tmux.keys("Down", "Down", "Down", "Up")
    try await tmux.waitForScreen("the third row highlighted") { screen in
      Self.rows(screen).count > 2 && Self.rows(screen)[2].hasPrefix("›")
    }
    try tmux.keys("Enter")
    let result = try await tmux.result()
    #expect(result.status == 0)
    #expect(result.stdout == third + "\n")
  }

  @Test("keys typed while the picker starts are kept, not flushed")
  func typeaheadIsKept() async throws {
    let tmux = try TmuxSession("$BIN pick")
    try tmux.type("paris")  // before the first frame: the index is still being built
    let screen = try await tmux.waitForScreen("paris typed, Paris first") { screen in
      Self.inputLine(of: screen) == "> paris" && screen.contains("› Paris")
    }
    #expect(screen.contains("paris"))
    try tmux.keys("Enter")
    let result = try await tmux.result()
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("Paris"))
  }

  @Test("Esc cancels with 130, Enter with no match exits 1, both print nothing")
  func cancelAndNoMatch() async throws {
    let cancelled = try TmuxSession("$BIN pick")
    try await cancelled.waitFor(Self.pickReady)
    try cancelled.type("par")
    try await cancelled.waitFor("Paris")
    try cancelled.keys("Escape")
    let first = try await cancelled.result()
    #expect(first.status == 130)
    #expect(first.stdout.isEmpty)

    let none = try TmuxSession("$BIN pick")
    try await none.waitFor(Self.pickReady)
    try none.type("qqqzzz")
    try await none.waitFor("No results")
    try none.keys("Enter")
    let second = try await none.result()
    #expect(second.status == 1)
    #expect(second.stdout.isEmpty)
  }

  @Test("Ctrl-C restores the terminal: cooked mode with echo, cursor shown, main screen")
  func controlCRestores() async throws {
    let tmux = try TmuxSession("$BIN")
    try await tmux.waitFor(Self.demoReady)
    try tmux.type("lon")
    try await tmux.waitFor("› London")
    #expect(try tmux.format("#{alternate_on}") == "1")
    try tmux.keys("C-c")
    let result = try await tmux.result()
    #expect(result.status == 130)
    #expect(result.stdout.isEmpty)
    let stty = tmux.sttyAfterExit()
    #expect(stty.contains(" icanon") && !stty.contains("-icanon"))
    #expect(stty.contains(" echo ") && !stty.contains("-echo "))
    #expect(try tmux.format("#{cursor_flag}") == "1")
    #expect(try tmux.format("#{alternate_on}") == "0")
  }

  @Test("pick --data - reads the list from stdin while keys come from the terminal")
  func stdinData() async throws {
    let tmux = try TmuxSession(
      "printf 'alpha\\nbeta\\ngamma\\nGammaray\\n' | $BIN pick --data - --mode contains")
    try await tmux.waitFor(Self.pickReady)
    try tmux.type("amm")
    let screen = try await tmux.waitFor("2 matches")
    #expect(screen.contains("gamma") && screen.contains("Gammaray") && !screen.contains("alpha"))
    try tmux.keys("Down", "Enter")
    let result = try await tmux.result()
    #expect(result.status == 0)
    #expect(result.stdout == "Gammaray\n" || result.stdout == "gamma\n")
    #expect(result.stdout != Self.rows(screen).first.map { String($0.dropFirst(2)) + "\n" })
  }

  @Test("a resized window is redrawn at its new size")
  func resize() async throws {
    let tmux = try TmuxSession("$BIN pick")
    try await tmux.waitFor(Self.pickReady)
    try tmux.type("sa")
    let before = try await tmux.waitFor("more")
    #expect(before.split(separator: "\n", omittingEmptySubsequences: false).count >= 30)
    try tmux.run(["resize-window", "-t", "main", "-x", "60", "-y", "12"])
    let after = try await tmux.waitForScreen("a 12-line frame") { screen in
      let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
      return lines.count <= 13 && lines.prefix(12).last?.contains(Self.pickReady) == true
    }
    #expect(after.contains("> sa"))
    #expect(after.split(separator: "\n").allSatisfy { $0.count <= 60 })
    try tmux.keys("Escape")
    _ = try await tmux.result()
  }

  @Test("screen 1: the options toggle live and the mode is shown")
  func dropdownOptions() async throws {
    let tmux = try TmuxSession("$BIN")
    try await tmux.waitFor("prefix (wildcard before off, after on)")
    try tmux.type("paulo")
    let prefixScreen = try await tmux.waitFor("City: paulo")
    #expect(!prefixScreen.contains("São Paulo"))
    try tmux.keys("F7")
    try await tmux.waitFor("contains (wildcard before on, after on)")
    try await tmux.waitFor("São Paulo")
    try tmux.keys("F6")
    try await tmux.waitFor("contains (wildcard before on, after on) · case sensitive")
    try tmux.keys("F6", "F9")
    try await tmux.waitFor("max unlimited")
    try tmux.keys("C-c")
    _ = try await tmux.result()
  }

  @Test("screen 2: inline completion shows the ghost text; Tab accepts, Enter prints")
  func inlineCompletion() async throws {
    let tmux = try TmuxSession("$BIN --screen 2")
    try await tmux.waitFor("2 · Inline completion")
    try tmux.type("Lond")
    try await tmux.waitFor("City: London, United Kingdom")
    try tmux.keys("Tab")
    try await tmux.waitForScreen("the list closed after Tab") { !$0.contains("› ") }
    try tmux.keys("Enter")
    let result = try await tmux.result()
    #expect(result.status == 0)
    #expect(result.stdout == "London, United Kingdom\n")
  }

  @Test("screen 3: @ and # tokens are replaced on pick, several per message")
  func composer() async throws {
    let tmux = try TmuxSession("$BIN --screen 3")
    try await tmux.waitFor("3 · Message composer")
    try tmux.type("Hi @zof")
    try await tmux.waitFor("› Zofia Łukasiewicz")
    try tmux.keys("Enter")
    try await tmux.waitFor("Message: Hi @zofia.lukasiewicz")
    try tmux.type("from #bra")
    try await tmux.waitFor("› Brazil")
    try tmux.keys("Enter")
    try await tmux.waitFor("#Brazil")
    try tmux.keys("Enter")
    let result = try await tmux.result()
    #expect(result.status == 0)
    #expect(result.stdout == "Hi @zofia.lukasiewicz from #Brazil \n")
  }

  @Test("screen 4: spinner, failure, and a late answer dropped")
  func asyncSource() async throws {
    let tmux = try TmuxSession("$BIN --screen 4 --seed 3")
    try await tmux.waitFor("seed 3")
    try tmux.type("lo~")
    try await tmux.waitFor("Searching")
    try tmux.keys("BSpace")
    try await tmux.waitFor("“lo~” 2500 ms: late, dropped", timeout: .seconds(10))
    #expect(!tmux.screen().contains("City: lo~"))
    try tmux.type("x!")
    try await tmux.waitFor("✗ The server did not answer “lox!”")
    try tmux.keys("C-c")
    let result = try await tmux.result()
    #expect(result.status == 130)
  }

  @Test("screen 5: the action row adds the typed text, which can then be picked")
  func actionRow() async throws {
    let tmux = try TmuxSession("$BIN --screen 5")
    try await tmux.waitFor("5 · Extra action row")
    try tmux.type("sw")
    let screen = try await tmux.waitFor("› swift")
    #expect(!screen.contains("Add “sw”"))
    try tmux.type("ing")
    try await tmux.waitFor("+ Add “swing”…")
    try tmux.keys("Enter")
    try await tmux.waitFor("Added “swing” · 13 tags")
    try await tmux.waitFor("› swing")
    try tmux.keys("Enter")
    let result = try await tmux.result()
    #expect(result.status == 0)
    #expect(result.stdout == "swing\n")
  }
}
