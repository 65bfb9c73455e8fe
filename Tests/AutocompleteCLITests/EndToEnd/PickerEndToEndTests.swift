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
    let tmux = try await TmuxSession("$BIN pick")
    try await tmux.waitFor(Self.pickReady)
    try await tmux.type("São")
    var screen = try await tmux.waitFor("› São Paulo")
    try await tmux.keys("C-u")
    try await tmux.type("sao")
    // "sa" already lists São Paulo first: wait for the whole query.
    screen = try await tmux.waitForScreen("sao typed, São Paulo first") { screen in
      Self.inputLine(of: screen) == "> sao" && screen.contains("› São Paulo")
    }
    #expect(screen.contains("City") == false)
    let rows = Self.rows(screen)
    try #require(rows.count >= 3)
    let third = Self.city(ofRow: rows[2])
    try await tmux.keys("Down", "Down", "Down", "Up")
    try await tmux.waitForScreen("the third row highlighted") { screen in
      Self.rows(screen).count > 2 && Self.rows(screen)[2].hasPrefix("›")
    }
    try await tmux.keys("Enter")
    let result = try await tmux.result()
    #expect(result.status == 0)
    #expect(result.stdout == third + "\n")
  }

  @Test("keys typed while the picker starts are kept, not flushed")
  func typeaheadIsKept() async throws {
    let tmux = try await TmuxSession("$BIN pick")
    try await tmux.type("paris")  // before the first frame: the index is still being built
    let screen = try await tmux.waitForScreen("paris typed, Paris first") { screen in
      Self.inputLine(of: screen) == "> paris" && screen.contains("› Paris")
    }
    #expect(screen.contains("paris"))
    try await tmux.keys("Enter")
    let result = try await tmux.result()
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("Paris"))
    // The terminal echoed the early keys onto the shell's screen; the picker erased that echo.
    #expect(!(await tmux.screen()).contains("paris"))
  }

  @Test("Esc cancels with 130, Enter with no match exits 1, both print nothing")
  func cancelAndNoMatch() async throws {
    let cancelled = try await TmuxSession("$BIN pick")
    try await cancelled.waitFor(Self.pickReady)
    try await cancelled.type("par")
    try await cancelled.waitFor("Paris")
    try await cancelled.keys("Escape")
    let first = try await cancelled.result()
    #expect(first.status == 130)
    #expect(first.stdout.isEmpty)

    let none = try await TmuxSession("$BIN pick")
    try await none.waitFor(Self.pickReady)
    try await none.type("qqqzzz")
    try await none.waitFor("No results")
    try await none.keys("Enter")
    let second = try await none.result()
    #expect(second.status == 1)
    #expect(second.stdout.isEmpty)
  }

  @Test("Ctrl-C restores the terminal: cooked mode with echo, cursor shown, main screen")
  func controlCRestores() async throws {
    let tmux = try await TmuxSession("$BIN")
    try await tmux.waitFor(Self.demoReady)
    try await tmux.type("lon")
    try await tmux.waitFor("› London")
    #expect(try await tmux.format("#{alternate_on}") == "1")
    try await tmux.keys("C-c")
    let result = try await tmux.result()
    #expect(result.status == 130)
    #expect(result.stdout.isEmpty)
    let stty = tmux.sttyAfterExit()
    #expect(stty.contains(" icanon") && !stty.contains("-icanon"))
    #expect(stty.contains(" echo ") && !stty.contains("-echo "))
    #expect(try await tmux.format("#{cursor_flag}") == "1")
    #expect(try await tmux.format("#{alternate_on}") == "0")
  }

  @Test("pick --data - reads the list from stdin while keys come from the terminal")
  func stdinData() async throws {
    let tmux = try await TmuxSession(
      "printf 'alpha\\nbeta\\ngamma\\nGammaray\\n' | $BIN pick --data - --mode contains")
    try await tmux.waitFor(Self.pickReady)
    try await tmux.type("amm")
    let screen = try await tmux.waitFor("2/4")  // matches/items, as fzf counts
    #expect(screen.contains("gamma") && screen.contains("Gammaray") && !screen.contains("alpha"))
    try await tmux.keys("Down", "Enter")
    let result = try await tmux.result()
    #expect(result.status == 0)
    #expect(result.stdout == "Gammaray\n" || result.stdout == "gamma\n")
    #expect(result.stdout != Self.rows(screen).first.map { String($0.dropFirst(2)) + "\n" })
  }

  @Test("a resized window is redrawn at its new size")
  func resize() async throws {
    let tmux = try await TmuxSession("$BIN pick")
    try await tmux.waitFor(Self.pickReady)
    try await tmux.type("sa")
    let before = try await tmux.waitFor("more")
    #expect(before.split(separator: "\n", omittingEmptySubsequences: false).count >= 30)
    try await tmux.run(["resize-window", "-t", "main", "-x", "60", "-y", "12"])
    let after = try await tmux.waitForScreen("a 12-line frame") { screen in
      let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
      return lines.count <= 13 && lines.prefix(12).last?.contains(Self.pickReady) == true
    }
    #expect(after.contains("> sa"))
    #expect(after.split(separator: "\n").allSatisfy { $0.count <= 60 })
    try await tmux.keys("Escape")
    _ = try await tmux.result()
  }

  @Test("screen 1: the options toggle live and the mode is shown")
  func dropdownOptions() async throws {
    let tmux = try await TmuxSession("$BIN")
    try await tmux.waitFor("prefix (wildcard before off, after on)")
    try await tmux.type("paulo")
    let prefixScreen = try await tmux.waitFor("City: paulo")
    #expect(!prefixScreen.contains("São Paulo"))
    try await tmux.keys("F7")
    try await tmux.waitFor("contains (wildcard before on, after on)")
    try await tmux.waitFor("São Paulo")
    try await tmux.keys("F6")
    try await tmux.waitFor("contains (wildcard before on, after on) · case sensitive")
    try await tmux.keys("F6", "F9")
    try await tmux.waitFor("max unlimited")
    try await tmux.keys("C-c")
    _ = try await tmux.result()
  }

  @Test("screen 1: typos are forgiven (auto by default): zurcih shows Zürich; F10 cycles the tolerance")
  func dropdownTypos() async throws {
    let tmux = try await TmuxSession("$BIN")
    try await tmux.waitFor("typos auto")
    try await tmux.type("zurcih")
    var screen = try await tmux.waitForScreen("Zürich listed for zurcih") { screen in
      screen.contains("City: zurcih")
        && Self.rows(screen).first.map(Self.city(ofRow:)) == "Zürich, Switzerland"
    }
    try await tmux.keys("F10")
    screen = try await tmux.waitFor("typos off")
    screen = try await tmux.waitForScreen("nothing matches without typos") { !$0.contains("Zürich") }
    #expect(screen.contains("City: zurcih"))
    try await tmux.keys("F10")
    try await tmux.waitFor("typos 1")
    try await tmux.waitFor("Zürich")
    try await tmux.keys("Enter")
    try await tmux.waitFor("Picked “Zürich, Switzerland”")
    try await tmux.keys("Escape")
    let result = try await tmux.result()
    #expect(result.stdout == "Zürich, Switzerland\n")
  }

  @Test("screen 2: inline completion shows the ghost text; Tab accepts, Enter keeps it, Esc prints it")
  func inlineCompletion() async throws {
    let tmux = try await TmuxSession("$BIN --screen 2")
    try await tmux.waitFor("2 · Inline completion")
    try await tmux.type("Lond")
    try await tmux.waitFor("City: London, United Kingdom")
    try await tmux.keys("Tab")
    try await tmux.waitForScreen("the list closed after Tab") { !$0.contains("› ") }
    try await tmux.keys("Enter")
    try await tmux.waitFor("Picked “London, United Kingdom”")  // the demo goes on
    try await tmux.keys("Escape")
    let result = try await tmux.result()
    #expect(result.status == 0)
    #expect(result.stdout == "London, United Kingdom\n")
  }

  @Test("screen 3: @ and # tokens are replaced on pick, several per message")
  func composer() async throws {
    let tmux = try await TmuxSession("$BIN --screen 3")
    try await tmux.waitFor("3 · Message composer")
    try await tmux.type("Hi @")
    try await tmux.waitFor("› ")  // a bare trigger lists the people
    try await tmux.type("zof")
    try await tmux.waitFor("› Zofia Łukasiewicz")
    try await tmux.keys("Enter")
    try await tmux.waitFor("Message: Hi @zofia.lukasiewicz")
    try await tmux.type("from #bra")
    try await tmux.waitFor("› Brazil")
    try await tmux.keys("Enter")
    try await tmux.waitFor("#Brazil")
    try await tmux.keys("Escape")
    let result = try await tmux.result()
    #expect(result.status == 0)
    #expect(
      result.stdout
        == "Hi <mention|@|zofia.lukasiewicz|@zofia.lukasiewicz> from <mention|#|BR|#Brazil> \n")
  }

  @Test(
    "screen 3: mentions are coloured, selected by Backspace, deleted whole, stepped over; Esc prints the stored form"
  )
  func composerMentions() async throws {
    // Colours on, whatever the test runner's environment says (`swift test` sets NO_COLOR).
    let tmux = try await TmuxSession("NO_COLOR= $BIN --screen 3")
    try await tmux.waitFor("3 · Message composer")
    try await tmux.type("@zof")
    try await tmux.waitFor("› Zofia Łukasiewicz")
    try await tmux.keys("Enter")
    try await tmux.type("hi #bra")
    try await tmux.waitFor("› Brazil")
    try await tmux.keys("Enter")
    try await tmux.waitFor("Message: @zofia.lukasiewicz hi #Brazil")
    // People in bold cyan, countries in bold green.
    var styled = try await tmux.waitForScreen("coloured mentions") {
      _ in (await tmux.styledScreen()).contains("\u{1B}[36m@zofia.lukasiewicz")
    }
    styled = await tmux.styledScreen()
    #expect(styled.contains("\u{1B}[32m#Brazil"))
    // Backspace: the pick's space, then the mention is selected (reverse video), then deleted.
    try await tmux.keys("BSpace", "BSpace")
    try await tmux.waitForScreen("#Brazil in reverse video") { _ in
      (await tmux.styledScreen()).contains("\u{1B}[1;7m\u{1B}[32m#Brazil")
    }
    #expect((await tmux.screen()).contains("Message: @zofia.lukasiewicz hi #Brazil"))
    try await tmux.keys("BSpace")
    try await tmux.waitForScreen("#Brazil deleted whole") { screen in
      screen.contains("Message: @zofia.lukasiewicz hi") && !screen.contains("#Bra")
    }
    // ← from after the mention's end steps over it to its start; → steps back over it.
    let end = String(9 + "@zofia.lukasiewicz".count)
    func caret(at column: String, _ description: String) async throws {
      try await tmux.waitForScreen(description) { _ in (try? await tmux.format("#{cursor_x}")) == column }
    }
    try await tmux.keys("Left", "Left", "Left", "Left")  // "hi " and the space after the mention
    try await caret(at: end, "the caret after the mention")
    try await tmux.keys("Left")
    try await caret(at: "9", "the caret at the mention's start")
    try await tmux.keys("Right")
    try await caret(at: end, "the caret back at the mention's end")
    try await tmux.keys("Escape")
    let result = try await tmux.result()
    #expect(result.status == 0)
    #expect(result.stdout == "<mention|@|zofia.lukasiewicz|@zofia.lukasiewicz> hi \n")
  }

  @Test("screen 3: a stored message given with --query has live mentions; a malformed one loads as text")
  func composerReload() async throws {
    let stored = "Hi <mention|@|li.wei|@li.wei> &amp; <mention|#|JP|#Japan>!"
    let tmux = try await TmuxSession("NO_COLOR= $BIN --screen 3 --query '\(stored)'")
    try await tmux.waitFor("Message: Hi @li.wei & #Japan!")
    try await tmux.waitForScreen("the loaded mention coloured") { _ in
      (await tmux.styledScreen()).contains("\u{1B}[32m#Japan")
    }
    try await tmux.keys("Left", "BSpace", "BSpace")  // before "!": select #Japan, delete it
    try await tmux.waitFor("Message: Hi @li.wei & !")
    try await tmux.keys("Escape")
    let result = try await tmux.result()
    #expect(result.status == 0)
    #expect(result.stdout == "Hi <mention|@|li.wei|@li.wei> &amp; !\n")

    let broken = try await TmuxSession("$BIN --screen 3 --query 'Hi <mention|@|x'")
    try await broken.waitFor("Loaded as plain text: malformed mention markup at UTF-8 offset 3")
    try await broken.waitFor("Message: Hi <mention|@|x")
    try await broken.keys("Escape")
    let plain = try await broken.result()
    #expect(plain.stdout == "Hi &lt;mention|@|x\n")
  }

  @Test("screen 4: spinner, failure, and a late answer dropped")
  func asyncSource() async throws {
    let tmux = try await TmuxSession("$BIN --screen 4 --seed 3")
    try await tmux.waitFor("seed 3")
    try await tmux.type("lo~")
    try await tmux.waitFor("Searching")
    try await tmux.keys("BSpace")
    try await tmux.waitFor("“lo~” 2500 ms: late, dropped")
    #expect(!(await tmux.screen()).contains("City: lo~"))
    try await tmux.type("x!")
    try await tmux.waitFor("✗ The server did not answer “lox!”")
    try await tmux.keys("C-c")
    let result = try await tmux.result()
    #expect(result.status == 130)
  }

  @Test("screen 5: the action row adds the typed text, which can then be picked")
  func actionRow() async throws {
    let tmux = try await TmuxSession("$BIN --screen 5")
    try await tmux.waitFor("5 · Extra action row")
    try await tmux.type("sw")
    let screen = try await tmux.waitFor("› swift")
    #expect(!screen.contains("Add “sw”"))
    try await tmux.type("ing")
    try await tmux.waitFor("+ Add “swing”…")
    try await tmux.keys("Enter")
    try await tmux.waitFor("Added “swing” · 13 tags")
    try await tmux.waitFor("› swing")
    try await tmux.keys("Enter")
    try await tmux.waitFor("Picked “swing”")  // the demo goes on; Ctrl-C quits and prints it too
    try await tmux.keys("C-c")
    let result = try await tmux.result()
    #expect(result.status == 0)
    #expect(result.stdout == "swing\n")
  }

  @Test("a 30 MB line: the picker draws, answers typing, and Esc exits at once")
  func hugeLine() async throws {
    let file = NSTemporaryDirectory() + "ac-e2e-huge-\(getpid()).txt"
    defer { try? FileManager.default.removeItem(atPath: file) }
    var line = [UInt8](repeating: 0x61, count: 30_000_000)
    line[29_999_990] = 0x7A
    line.append(0x0A)
    try Data(line + Array("short z line\n".utf8)).write(to: URL(fileURLWithPath: file))
    let tmux = try await TmuxSession("$BIN pick --data '\(file)'")
    try await tmux.waitFor("2/2")
    try await tmux.type("az")
    try await tmux.waitFor("> az")
    try await tmux.waitForScreen("one match of two") { $0.contains("1/2") || $0.contains("2/2") }
    let clock = ContinuousClock()
    let start = clock.now
    try await tmux.keys("Escape")
    let result = try await tmux.result()
    #expect(result.status == 130)
    #expect(clock.now - start < .seconds(15))  // generous: tests share threads; see the note for latency
  }

  @Test("a line longer than a row holds (64 KiB) is printed whole by Enter, --multi and --select-1")
  func longLineIsPrintedWhole() async throws {
    let file = NSTemporaryDirectory() + "ac-e2e-long-\(getpid()).txt"
    defer { try? FileManager.default.removeItem(atPath: file) }
    // Multi-byte letters up to the cut, so that the row is cut inside a letter's bytes.
    let long = String(repeating: "é", count: 100_000) + "x" + String(repeating: "a", count: 50_000) + "END"
    try Data("short\n\(long)\n".utf8).write(to: URL(fileURLWithPath: file))
    for (command, keys) in [("pick", ["Enter"]), ("pick --multi", ["Tab", "Enter"])] {
      let tmux = try await TmuxSession("$BIN \(command) --data '\(file)'")
      try await tmux.waitFor("2/2")
      try await tmux.type("end")
      try await tmux.waitForScreen("only the long line") { screen in
        Self.inputLine(of: screen) == "> end" && screen.contains("1/2") && screen.contains("› éééé")
      }
      for key in keys { try await tmux.keys(key) }
      let result = try await tmux.result()
      #expect(result.status == 0, "\(command)")
      #expect(result.stdout == long + "\n", "\(command): \(result.stdout.utf8.count) bytes")
    }
    let one = try await TmuxSession("$BIN pick --select-1 --query END --data '\(file)'")
    let picked = try await one.result()
    #expect(picked.status == 0 && picked.stdout == long + "\n")
  }

  @Test("a file over 4 GiB is refused before reading, with a message and status 2")
  func over4GiBIsRefused() async throws {
    let file = NSTemporaryDirectory() + "ac-e2e-4gib-\(getpid()).txt"
    let errors = file + ".err"
    defer { for path in [file, errors] { try? FileManager.default.removeItem(atPath: path) } }
    try CommandRunner.makeSparse4GiBFile(file)
    let tmux = try await TmuxSession("$BIN pick --data '\(file)' 2> '\(errors)'")
    let result = try await tmux.result()
    #expect(result.status == 2)
    let message = try String(contentsOfFile: errors, encoding: .utf8)
    #expect(message.contains("inputs over 4 GiB are not supported"), "\(message)")
  }

  @Test("an empty query lists every line in input order; ↑ at the top does not wrap; Page Down moves a page")
  func emptyQueryListsEverything() async throws {
    let tmux = try await TmuxSession("seq 1 200 | $BIN pick", columns: 60, rows: 20)
    let screen = try await tmux.waitFor("200/200")
    #expect(Self.rows(screen).prefix(3) == ["› 1", "  2", "  3"])
    try await tmux.keys("Up")
    try await tmux.keys("PageDown")
    let paged = try await tmux.waitForScreen("the highlight a page down") { screen in
      Self.rows(screen).contains { $0.hasPrefix("› ") && $0 != "› 1" }
    }
    let visible = Self.rows(screen).filter { Int($0.dropFirst(2)) != nil }.count
    let highlighted = try #require(Self.rows(paged).first { $0.hasPrefix("› ") })
    #expect(Int(highlighted.dropFirst(2)) == visible + 1)
    try await tmux.keys("Enter")
    let result = try await tmux.result()
    #expect(result.status == 0)
    #expect(result.stdout == "\(visible + 1)\n")
  }

  @Test("pick --typos: off by default; with auto a line typed with a typo is listed and picked")
  func pickTypos() async throws {
    let lines = "printf 'Barcelona\\nBarcena\\nMadrid\\n'"
    let off = try await TmuxSession("\(lines) | $BIN pick --mode prefix")
    try await off.waitFor(Self.pickReady)
    try await off.type("barcleona")
    try await off.waitFor("No results")
    try await off.keys("C-c")
    _ = try await off.result()
    let auto = try await TmuxSession("\(lines) | $BIN pick --mode prefix --typos auto")
    try await auto.waitFor(Self.pickReady)
    try await auto.type("barcleona")
    let screen = try await auto.waitForScreen("Barcelona first") { screen in
      Self.inputLine(of: screen) == "> barcleona" && screen.contains("› Barcelona")
    }
    #expect(!screen.contains("Madrid"))
    try await auto.keys("Enter")
    let result = try await auto.result()
    #expect(result.status == 0)
    #expect(result.stdout == "Barcelona\n")
  }

  @Test("fuzzy by default; --print-query prints the query, also when Enter has no row (exit 1)")
  func fuzzyAndPrintQuery() async throws {
    let tmux = try await TmuxSession(
      "printf 'src/session/reducer.swift\\nREADME.md\\n' | $BIN pick --print-query --prompt 'file> ' --header 'Files'"
    )
    try await tmux.waitFor("file>")
    try await tmux.waitFor("Files")
    try await tmux.type("sess")
    try await tmux.waitFor("› src/session/reducer.swift")
    try await tmux.type("zzz")
    try await tmux.waitFor("No results")
    try await tmux.keys("Enter")
    let result = try await tmux.result()
    #expect(result.status == 1)
    #expect(result.stdout == "sesszzz\n")
  }

  @Test("--select-1 picks a single match without a screen; --exit-0 exits 1 with none")
  func selectOneExitZero() async throws {
    let one = try await TmuxSession("printf 'alpha\\nbeta\\n' | $BIN pick --select-1 --query alp")
    let picked = try await one.result()
    #expect(picked.status == 0 && picked.stdout == "alpha\n")
    let none = try await TmuxSession("printf 'alpha\\nbeta\\n' | $BIN pick --exit-0 --query zzz")
    let nothing = try await none.result()
    #expect(nothing.status == 1 && nothing.stdout.isEmpty)
  }

  @Test("screen 1: a pick is shown and the demo goes on; Esc then quits and prints it")
  func demoGoesOnAfterAPick() async throws {
    let tmux = try await TmuxSession("$BIN", columns: 60, rows: 24)
    try await tmux.waitFor("│ Esc · ^C")  // the compact footer at 60 columns
    try await tmux.type("paris")
    try await tmux.waitFor("› Paris")
    try await tmux.keys("Enter")
    try await tmux.waitFor("Picked “Paris, France”")
    try await tmux.keys("Escape")
    let result = try await tmux.result()
    #expect(result.status == 0)
    #expect(result.stdout == "Paris, France\n")
  }

  @Test("input is streamed: the picker draws, counts and takes keys while the input is still coming")
  func streamsInput() async throws {
    // The rest of the input comes once the test has seen "No results" for 7 (a file it makes), not
    // after a fixed sleep a loaded machine can outlast.
    let go = NSTemporaryDirectory() + "ac-e2e-stream-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
    defer { try? FileManager.default.removeItem(atPath: go) }
    let tmux = try await TmuxSession(
      "(seq 1 5; i=0; while [ ! -e '\(go)' ] && [ $i -lt 3000 ]; do sleep 0.1; i=$((i+1)); done; "
        + "seq 6 9; printf 'x\\0y\\n') | $BIN pick --strict-utf8")
    // The footer can be drawn before the search over the first lines answers: wait for both.
    let loading = try await tmux.waitForScreen("loading… 5 lines, with the rows") { screen in
      screen.contains("loading… 5 lines") && Self.rows(screen).first == "› 1"
    }
    #expect(Self.rows(loading).first == "› 1")
    try await tmux.type("7")
    try await tmux.waitFor("No results")  // 7 has not arrived yet
    #expect(FileManager.default.createFile(atPath: go, contents: nil))
    let arrived = try await tmux.waitFor("› 7")
    // With --strict-utf8, reading stopped at the NUL byte of line 10, naming it; the lines before
    // it stay searchable.
    var named = arrived.contains("line 10 contains a NUL byte")
    if !named { named = await tmux.screen().contains("line 10 contains a NUL") }
    #expect(named)
    try await tmux.keys("Enter")
    let result = try await tmux.result()
    #expect(result.status == 0)
    #expect(result.stdout == "7\n")
  }

  @Test("every match can be scrolled to: rows grow by a page near the end, highlighted when drawn")
  func rowsGrowAsTheHighlightNearsTheEnd() async throws {
    let tmux = try await TmuxSession("seq 1 2500 | $BIN pick", columns: 60, rows: 20)
    try await tmux.waitFor("2500/2500")  // matches/items; rows are made 1000 at a time
    func pageDown(_ times: Int) async throws { for _ in 0..<times { try await tmux.keys("PageDown") } }
    func highlighted(_ screen: String) -> Int? {
      Self.rows(screen).first { $0.hasPrefix("› ") }.flatMap { Int($0.dropFirst(2)) }
    }
    // "↓ n more" counts every match below the screen, made into rows yet or not.
    func moreIsExact(_ screen: String) -> Bool {
      let last = Self.rows(screen).compactMap { Int($0.dropFirst(2)) }.max() ?? 0
      return screen.contains("↓ \(2500 - last) more")
    }
    // Near the end of the first 1000 rows, 1000 more are made; the highlight does not jump back.
    try await pageDown(80)
    try await tmux.waitForScreen("2000 rows, the highlight past 970") { screen in
      (highlighted(screen) ?? 0) >= 970
    }
    try await pageDown(80)
    try await tmux.waitForScreen("2500 rows, the highlight past 1970") { screen in
      (highlighted(screen) ?? 0) >= 1970
    }
    try await pageDown(60)
    try await tmux.waitFor("› 2500")
    // Another query starts with a page of rows again ("1" matches 1447 lines).
    try await tmux.type("1")
    try await tmux.waitFor("1447/2500")
    try await tmux.keys("BSpace")
    // Rows far past the first 200 (which the search highlights) are highlighted when drawn: "9"
    // matches 637 lines, the last being 2499.
    try await tmux.type("9")
    try await tmux.waitFor("637/2500")
    try await pageDown(50)
    try await tmux.waitFor("› 2499")
    let styled = try await tmux.run(["capture-pane", "-e", "-p", "-t", "main"])
    let row = try #require(styled.split(separator: "\n").first { $0.contains("›") && $0.contains("24") })
    #expect(row.contains("\u{1B}[1m"), "\(row)")  // bold: the matched characters
    try await tmux.keys("Enter")
    let result = try await tmux.result()
    #expect(result.status == 0 && result.stdout == "2499\n")
  }

  @Test("--multi: Tab marks rows and moves down, Enter prints every marked row")
  func multi() async throws {
    let tmux = try await TmuxSession("seq 1 5 | $BIN pick --multi")
    try await tmux.waitFor("5/5")
    try await tmux.keys("Tab", "Tab", "Down", "Tab")
    let screen = try await tmux.waitForScreen("three marks") { $0.components(separatedBy: "•").count == 4 }
    #expect(
      screen.contains(" •1") && screen.contains(" •2") && screen.contains(" •4") && screen.contains("› 5"))
    try await tmux.keys("Enter")
    let result = try await tmux.result()
    #expect(result.status == 0)
    #expect(result.stdout == "1\n2\n4\n")
  }

  @Test("mouse: reports are on (off with --no-mouse), the wheel moves the highlight, a click picks the row")
  func mouse() async throws {
    let tmux = try await TmuxSession(
      "printf 'alpha\\nbeta\\ngamma\\ndelta\\n' | $BIN pick", columns: 60, rows: 20)
    let screen = try await tmux.waitFor("4/4")
    #expect(try await tmux.format("#{mouse_any_flag}") == "1")
    #expect(Self.rows(screen).prefix(2) == ["› alpha", "  beta"])
    // An SGR report as a terminal sends it: wheel down (button 65) at column 3, row 2 (1-based).
    try await tmux.type("\u{1B}[<65;3;2M")
    try await tmux.waitFor("› beta")
    let lines = (await tmux.screen()).split(separator: "\n", omittingEmptySubsequences: false)
    let gammaLine = try #require(lines.firstIndex { $0.contains("gamma") })
    try await tmux.type("\u{1B}[<0;3;\(gammaLine + 1)M\u{1B}[<0;3;\(gammaLine + 1)m")
    let result = try await tmux.result()
    #expect(result.status == 0)
    #expect(result.stdout == "gamma\n")

    let off = try await TmuxSession("printf 'alpha\\nbeta\\n' | $BIN pick --no-mouse", columns: 60, rows: 20)
    try await off.waitFor("2/2")
    #expect(try await off.format("#{mouse_any_flag}") == "0")
    try await off.keys("Escape")
    #expect(try await off.result().status == 130)
  }

  @Test("a bad line in the same read as good ones is shown with U+FFFD and picked as read, with a warning")
  func badLineInTheSameRead() async throws {
    let tmux = try await TmuxSession("(seq 1 9; printf 'x\\0y\\n') | $BIN pick", columns: 120, rows: 20)
    try await tmux.waitFor("⚠ line 10")
    #expect((await tmux.screen()).contains("x\u{FFFD}y"))
    try await tmux.type("y")
    try await tmux.waitFor("› x\u{FFFD}y")
    try await tmux.keys("Enter")
    let result = try await tmux.result()
    #expect(result.status == 0)
    #expect(result.stdout == "x\u{0}y\n")
    // After the screen is left, one warning on standard error names the line.
    try await tmux.waitFor("warning: standard input: line 10 is not valid UTF-8 or holds a NUL byte")
  }

}
