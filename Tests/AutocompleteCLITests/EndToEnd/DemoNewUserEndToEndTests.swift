import Foundation
import Testing

/// What a new user trips on in the demo, in a real terminal: a recents file that cannot be used is
/// named in screen 1's header; after a pick the header keeps the settings (F10 shows its change)
/// and the result goes to the footer; Enter on the composer shows what it stored; Esc prints the
/// last result of any screen (the tag just added, not an earlier composer message).
@Suite(
  "Demo: what a new user trips on, in the terminal", .serialized,
  .enabled(
    if: TmuxSession.isAvailable || TmuxSession.isRequired,
    "tmux is not installed: end-to-end tests skipped (set CI=1 to make this a failure)"))
struct DemoNewUserEndToEndTests {
  @Test("a recents.json that is a directory is named in screen 1's header, also after a pick")
  func recentsFailureInHeader() async throws {
    let state = NSTemporaryDirectory() + "ac-demo-\(UUID().uuidString.prefix(8))"
    defer { try? FileManager.default.removeItem(atPath: state) }
    try FileManager.default.createDirectory(
      atPath: state + "/autocomplete/recents.json", withIntermediateDirectories: true)
    let tmux = try await TmuxSession("$BIN --screen 1", columns: 160, rows: 14, stateDirectory: state)
    try await tmux.waitFor("Recents: the recents file")
    try await tmux.type("paris")
    try await tmux.waitFor("› Paris")
    try await tmux.keys("Enter")
    let screen = try await tmux.waitFor("Picked “Paris, France”")
    #expect(screen.contains("Recents: the recents file") && screen.contains("(Is a directory)"), "\(screen)")
    try await tmux.keys("C-c")
    #expect(try await tmux.result().stdout == "Paris, France\n")
  }

  @Test("after a pick the header keeps the settings and F10 changes them; the pick is in the footer")
  func pickKeepsSettings() async throws {
    let tmux = try await TmuxSession("$BIN --screen 1 --no-history", columns: 120)
    try await tmux.waitFor(PickerEndToEndTests.demoReady)
    try await tmux.type("paris")
    try await tmux.waitFor("› Paris")
    try await tmux.keys("Enter")
    let picked = try await tmux.waitFor("Picked “Paris, France”")
    let header = try #require(picked.split(separator: "\n").first { $0.contains("· max 50 · typos") })
    #expect(header.contains("typos auto"), "\(picked)")
    try await tmux.keys("F10")
    let toggled = try await tmux.waitForScreen("F10 changed the typo setting") {
      $0.contains("· max 50 · typos") && !$0.contains("typos auto")
    }
    #expect(toggled.contains("Picked “Paris, France”"))  // still in the footer
    try await tmux.keys("Escape")
    #expect(try await tmux.result().stdout == "Paris, France\n")
  }

  @Test("F12 turns Latin readings and wrong-layout queries on and off on screen 1, shown in the header")
  func latinSwitch() async throws {
    let tmux = try await TmuxSession("$BIN --screen 1 --no-history", columns: 160)
    try await tmux.waitFor(PickerEndToEndTests.demoReady)
    try await tmux.waitFor("latin off")
    try await tmux.keys("F12")
    try await tmux.waitFor("latin on")
    try await tmux.type("vjcrdf")  // "москва" typed on a US layout
    // A debug build spends about a second a key here on a quiet machine (typos, readings and the
    // wrong-layout query over every city), three or more under CI's load.
    try await tmux.waitFor("› Moscow", timeout: .seconds(120))
    try await tmux.keys("F12")
    try await tmux.waitFor("latin off")
    try await tmux.keys("C-c")
    _ = try await tmux.result()
  }

  @Test("Enter on the composer shows the stored message; Esc on screen 5 prints the tag just added")
  func composerEnterAndLastResult() async throws {
    let tmux = try await TmuxSession("$BIN --screen 3 --no-history", columns: 120)
    try await tmux.waitFor("3 · Message composer")
    try await tmux.type("hello there")
    try await tmux.keys("Enter")
    try await tmux.waitFor("Enter stored it: hello there · Esc prints it")
    try await tmux.waitFor("Stored “hello there”")
    try await tmux.keys("F5")
    try await tmux.waitFor("5 · Extra action row")
    try await tmux.type("zebra")
    try await tmux.waitFor("+ Add “zebra”")
    try await tmux.keys("Enter")
    try await tmux.waitFor("Added “zebra” · 13 tags")
    try await tmux.keys("Escape")  // closes the list
    try await tmux.waitForScreen("the list closed") { !$0.contains("› zebra") }
    try await tmux.keys("Escape")  // quits
    let result = try await tmux.result()
    #expect(result.stdout == "zebra\n")
  }
}
