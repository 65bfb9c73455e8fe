import Foundation
import Testing

/// `pick --tokens --facet FIELD` in tmux: category rows lead the list, Tab or Enter on one makes a
/// filter chip drawn as its filter (`[team:=red]`) and the list narrows; Backspace twice removes
/// the chip and the list widens; filter chips are never printed.
@Suite(
  "pick --tokens --facet in tmux", .serialized,
  .enabled(
    if: TmuxSession.isAvailable || TmuxSession.isRequired,
    "tmux is not installed: end-to-end tests skipped (set CI=1 to make this a failure)"))
struct PickFilterChipEndToEndTests {
  /// The rows that are people (not category rows).
  static func people(_ screen: String) -> [String] {
    PickerEndToEndTests.rows(screen).map { $0.dropFirst(2).trimmingCharacters(in: .whitespaces) }
      .filter { !$0.hasPrefix("in ") && !$0.isEmpty && !$0.contains("/") }
  }

  @Test("a category row makes a filter chip that narrows the list; Backspace twice widens it again")
  func categoryRowMakesAChip() async throws {
    let path = try WhereAndFacetTests.tsvFile(WhereAndFacetTests.people)
    let tmux = try await TmuxSession("$BIN pick --tokens --tsv \(path) --facet team", columns: 80, rows: 20)
    let first = try await tmux.waitForScreen("category rows above the people") {
      $0.contains("› in blue (2)") && $0.contains("in red (2)") && $0.contains("in green (1)")
        && Self.people($0).count == 5 && $0.contains("5/5")
    }
    #expect(PickerEndToEndTests.rows(first).first?.contains("in blue (2)") == true)
    try await tmux.keys("Down", "Tab")
    let narrowed = try await tmux.waitForScreen("the red chip, the red people") {
      PickerEndToEndTests.inputLine(of: $0) == "> [team:=red]" && Self.people($0).count == 2
        && $0.contains("2/5")
    }
    #expect(Self.people(narrowed).allSatisfy { $0.hasPrefix("Ana Lima") || $0.hasPrefix("Beatriz Costa") })
    #expect(!narrowed.contains("in red ("))  // its own chip's row left
    try await tmux.keys("BSpace")
    try await tmux.waitForScreen("the chip selected") {
      PickerEndToEndTests.inputLine(of: $0) == "> [team:=red \u{00D7}]"
    }
    try await tmux.keys("BSpace")
    try await tmux.waitForScreen("the chip removed, everyone back") {
      PickerEndToEndTests.inputLine(of: $0) == ">" && Self.people($0).count == 5 && $0.contains("in red (2)")
        && $0.contains("5/5")
    }
    // Enter on a category row makes its chip too; the query stays and is searched under it.
    try await tmux.type("b")
    try await tmux.waitForScreen("categories of b") {
      $0.contains("› in blue (1)") && PickerEndToEndTests.inputLine(of: $0) == "> b"
    }
    try await tmux.keys("Enter")
    try await tmux.waitForScreen("the blue chip, Bruno only") {
      PickerEndToEndTests.inputLine(of: $0) == "> [team:=blue] b" && Self.people($0).count == 1
        && $0.contains("› Bruno Souza")
    }
    // With only filter chips, Enter prints the highlighted row (chips are not values).
    try await tmux.keys("Enter")
    let result = try await tmux.result()
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("Bruno Souza"))
    #expect(!result.stdout.contains("team:="))
  }

  @Test("--facet needs --tokens and an attribute the items have")
  func refusals() async throws {
    let path = try WhereAndFacetTests.tsvFile(WhereAndFacetTests.people)
    let noTokens = try await CommandRunner.run(["pick", "--tsv", path, "--facet", "team"])
    #expect(noTokens.status == 64 || noTokens.status == 2)
    #expect(noTokens.stderr.contains("--facet needs --tokens"))
    // (--select-1 decides before the terminal is needed, so the error shows without one.)
    let unknown = try await CommandRunner.run([
      "pick", "--tokens", "--select-1", "--tsv", path, "--facet", "colour",
    ])
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("unknown attribute “colour”"))
  }
}
