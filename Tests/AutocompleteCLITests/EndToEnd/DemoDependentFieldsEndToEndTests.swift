import Foundation
import Testing

/// The demo's dependent-field screen (Alt-C) in tmux: a country, then a city field that lists only
/// that country's cities; another country clears a city it excludes; emptying the country widens.
@Suite(
  "demo dependent fields in tmux", .serialized,
  .enabled(
    if: TmuxSession.isAvailable || TmuxSession.isRequired,
    "tmux is not installed: end-to-end tests skipped (set CI=1 to make this a failure)"))
struct DemoDependentFieldsEndToEndTests {
  /// The city rows on screen ("Santos, Brazil"), without the matched alternate name shown on the right.
  static func cityRows(_ screen: String) -> [String] {
    PickerEndToEndTests.rows(screen).map {
      ($0.dropFirst(2).components(separatedBy: "  ").first ?? "").trimmingCharacters(in: .whitespaces)
    }.filter { $0.contains(", ") }
  }

  /// Whether the screen lists at least two cities and every one is in `country`.
  static func listsOnly(_ country: String, _ screen: String) -> Bool {
    let rows = cityRows(screen)
    return rows.count >= 2 && rows.allSatisfy { $0.hasSuffix(", \(country)") }
  }

  @Test("Alt-C: the city field follows the country picked, clears a city it excludes, widens when emptied")
  func countryThenCity() async throws {
    let tmux = try await TmuxSession("$BIN", columns: 100, rows: 30)
    try await tmux.waitFor(PickerEndToEndTests.demoReady)
    try await tmux.keys("M-c")
    try await tmux.waitFor("Country, then a city scoped to it")
    try await tmux.type("bra")
    try await tmux.waitFor("› Brazil")
    try await tmux.keys("Tab")
    try await tmux.waitFor("City in Brazil:")
    try await tmux.type("san")
    try await tmux.waitForScreen("only Brazilian cities") { Self.listsOnly("Brazil", $0) }
    try await tmux.keys("Enter")
    try await tmux.waitForScreen("a Brazilian city picked") {
      $0.contains("Picked ") && $0.contains(", Brazil ·")
    }
    try await tmux.keys("BTab")
    try await tmux.waitFor("Country: Brazil")
    try await tmux.keys("C-u")
    try await tmux.waitFor("no filter")
    try await tmux.type("portugal")
    try await tmux.waitFor("› Portugal")
    try await tmux.keys("Enter")
    // Another country: the Brazilian city is cleared, the field is scoped to Portugal.
    try await tmux.waitForScreen("the city field emptied, in Portugal") {
      $0.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == "City in Portugal:" }
    }
    try await tmux.type("san")
    try await tmux.waitForScreen("only Portuguese cities") { Self.listsOnly("Portugal", $0) }
    try await tmux.keys("BTab", "C-u", "Tab")
    try await tmux.waitForScreen("every country again") { screen in
      screen.contains("City (any country): san")
        && Self.cityRows(screen).contains { !$0.hasSuffix(", Portugal") }
    }
    try await tmux.keys("C-c")
    let result = try await tmux.result()
    #expect(result.status == 130)
  }
}
