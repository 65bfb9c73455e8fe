import Foundation
import Testing

/// `pick --tokens` in tmux: chips on the prompt line, picked rows leaving the list, Backspace
/// selecting then removing a chip, Enter printing the chips.
@Suite(
  "pick --tokens in tmux", .serialized,
  .enabled(
    if: TmuxSession.isAvailable || TmuxSession.isRequired,
    "tmux is not installed: end-to-end tests skipped (set CI=1 to make this a failure)"))
struct PickTokensEndToEndTests {
  /// The input line ("> [Madrid] que").
  static func inputLine(of screen: String) -> String {
    PickerEndToEndTests.inputLine(of: screen)
  }

  @Test("Tab makes a chip and clears the query; picked rows leave the list; Enter prints the chips in order")
  func chips() async throws {
    let tmux = try await TmuxSession(
      "printf 'Madrid\\nMalaga\\nParis\\nPorto\\n' | $BIN pick --tokens", columns: 80, rows: 20)
    try await tmux.waitFor("4/4")
    try await tmux.type("por")
    try await tmux.waitForScreen("Porto highlighted") {
      $0.contains("› Porto") && Self.inputLine(of: $0) == "> por"
    }
    try await tmux.keys("Tab")
    let one = try await tmux.waitForScreen("one chip") { Self.inputLine(of: $0) == "> [Porto]" }
    #expect(!PickerEndToEndTests.rows(one).contains { $0.contains("Porto") })
    try await tmux.type("ma")
    try await tmux.waitForScreen("Madrid") {
      $0.contains("› Madrid") && Self.inputLine(of: $0) == "> [Porto] ma"
    }
    try await tmux.keys("Tab")
    try await tmux.waitForScreen("two chips") { Self.inputLine(of: $0) == "> [Porto] [Madrid]" }
    try await tmux.keys("Tab")  // the first row left, Malaga
    let three = try await tmux.waitForScreen("three chips") {
      Self.inputLine(of: $0) == "> [Porto] [Madrid] [Malaga]"
    }
    #expect(three.contains("› Paris") && three.contains("1/4"))
    #expect(!PickerEndToEndTests.rows(three).contains { $0.contains("Porto") || $0.contains("Malaga") })
    try await tmux.keys("Enter")
    let result = try await tmux.result()
    #expect(result.status == 0)
    #expect(result.stdout == "Porto\nMadrid\nMalaga\n")
  }

  @Test("Backspace on an empty query selects the last chip, a second removes it and its row comes back")
  func backspaceTwice() async throws {
    let tmux = try await TmuxSession(
      "printf 'alpha\\nbeta\\ngamma\\n' | $BIN pick --tokens", columns: 80, rows: 20)
    try await tmux.waitFor("3/3")
    try await tmux.keys("Tab", "Tab")
    try await tmux.waitForScreen("two chips") { Self.inputLine(of: $0) == "> [alpha] [beta]" }
    try await tmux.keys("BSpace")
    try await tmux.waitForScreen("beta selected") { Self.inputLine(of: $0) == "> [alpha] [beta \u{00D7}]" }
    try await tmux.keys("BSpace")
    let removed = try await tmux.waitForScreen("beta removed") { Self.inputLine(of: $0) == "> [alpha]" }
    try await tmux.waitForScreen("beta listed again") {
      PickerEndToEndTests.rows($0).contains { $0.hasSuffix("beta") }
    }
    _ = removed
    try await tmux.keys("Left", "Left")
    try await tmux.waitForScreen("alpha selected") { Self.inputLine(of: $0) == "> [alpha \u{00D7}]" }
    try await tmux.keys("Right")
    try await tmux.waitForScreen("back to the text") { Self.inputLine(of: $0) == "> [alpha]" }
    try await tmux.keys("Enter")
    let result = try await tmux.result()
    #expect(result.status == 0 && result.stdout == "alpha\n")
  }

  @Test(
    "Tab and Enter typed in one burst with the query act on each query's answer, never on the rows before",
    arguments: [
      ("555555\r", "555555\n"), ("555555\t\r", "555555\n"), ("55555\t6\t\r", "55555\n6\n"),
    ])
  func keysInABurst(keys: String, printed: String) async throws {
    let tmux = try await TmuxSession("seq 1000000 | $BIN pick --tokens", columns: 80, rows: 20)
    try await tmux.waitForScreen(timeout: .seconds(180), "every line read") {
      $0.contains("/1000000") && !$0.contains("loading")
    }
    try await HostilePickerEndToEndTests.burst(tmux, keys)
    let result = try await tmux.result()
    #expect(result.status == 0)
    #expect(result.stdout == printed)
  }

  @Test(
    "Enter with no chips prints the highlighted row, as fzf; --multi is unchanged; both together are refused")
  func noChips() async throws {
    let tmux = try await TmuxSession("printf 'alpha\\nbeta\\n' | $BIN pick --tokens", columns: 80, rows: 20)
    try await tmux.waitFor("2/2")
    try await tmux.keys("Down", "Enter")
    let result = try await tmux.result()
    #expect(result.status == 0 && result.stdout == "beta\n")
    let both = try await TmuxSession(
      "(printf 'alpha\\n' | $BIN pick --tokens --multi 2>&1)", columns: 100, rows: 20)
    let refused = try await both.result()
    #expect(refused.status != 0 && refused.stdout.contains("--tokens and --multi cannot be used together"))
  }

  @Test(
    "the demo's recipients screen (F11): a person by Tab, an address by a comma, a refusal with its reason; Esc prints the stored form"
  )
  func demoRecipients() async throws {
    let tmux = try await TmuxSession("$BIN", columns: 100, rows: 30)
    try await tmux.waitFor(PickerEndToEndTests.demoReady)
    try await tmux.keys("F11")
    try await tmux.waitForScreen("the recipients screen") {
      $0.contains("Recipients") && $0.contains("\nTo:")
    }
    try await tmux.type("ngoc")
    try await tmux.waitForScreen("the person") { $0.contains("› Trần Thị Bích Ngọc <ngoc.tran@example.org>") }
    try await tmux.keys("Tab")
    try await tmux.waitForScreen("a chip") { $0.contains("To: [Trần Thị Bích Ngọc <ngoc.tran@example.org>]") }
    try await tmux.type("ann@x.org,")
    try await tmux.waitForScreen("two chips") { $0.contains("[ann@x.org]") }
    try await tmux.type("bob,")
    try await tmux.waitForScreen("the refusal") {
      $0.contains("\u{201C}bob\u{201D} is not an e-mail address.")
    }
    try await tmux.keys("C-u", "Escape", "Escape")
    let result = try await tmux.result()
    #expect(result.status == 0)
    #expect(result.stdout == "ngoc.tran@example.org, ann@x.org\n")
  }
}
