import Foundation
import Testing

/// `pick --index PATH`: the picker searching an index on disk instead of reading lines — the same
/// rows, counts and picks as `pick --data` over the lines it was built from.
@Suite(
  "pick --index", .serialized,
  .enabled(
    if: TmuxSession.isAvailable || TmuxSession.isRequired,
    "tmux is not installed: end-to-end tests skipped (set CI=1 to make this a failure)"))
struct PickIndexEndToEndTests {
  /// Builds an index of `lines` in a new directory; returns the directory (holding `idx`).
  static func makeIndex(_ lines: [String]) async throws -> String {
    let directory = NSTemporaryDirectory() + "ac-pick-index-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let built = try await CommandRunner.run(
      ["index", "build", "-o", directory + "/idx"], stdin: Data((lines.joined(separator: "\n") + "\n").utf8))
    try #require(built.status == 0, "\(built.stderr)")
    return directory
  }

  @Test("typing searches the index; the empty query lists the lines in order; Enter prints the line")
  func typeMovePick() async throws {
    let directory = try await Self.makeIndex(["alpha", "beta", "gamma", "Gammaray", "straße 9"])
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let tmux = try await TmuxSession("$BIN pick --index '\(directory)/idx' --mode contains")
    var screen = try await tmux.waitFor("5/5")  // every line
    let names = ["› alpha", "beta", "gamma", "Gammaray", "straße 9"]
    let places = names.map { screen.range(of: $0)?.lowerBound }
    #expect(places.allSatisfy { $0 != nil } && places == places.sorted { $0! < $1! }, "\(screen)")
    try await tmux.type("amm")
    screen = try await tmux.waitFor("2/5")  // matches/items, as over lines
    #expect(screen.contains("gamma") && screen.contains("Gammaray") && !screen.contains("alpha"))
    let second = try #require(PickerEndToEndTests.rows(screen).dropFirst().first)
    try await tmux.keys("Down", "Enter")
    let result = try await tmux.result()
    #expect(result.status == 0)
    #expect(result.stdout == String(second.dropFirst(2)).trimmingCharacters(in: .whitespaces) + "\n")
  }

  @Test("folding as over lines: strasse finds straße")
  func foldingFinds() async throws {
    let directory = try await Self.makeIndex(["alpha", "straße 9", "strand"])
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let tmux = try await TmuxSession("$BIN pick --index '\(directory)/idx'")
    try await tmux.waitFor(PickerEndToEndTests.pickReady)
    try await tmux.type("strasse")
    try await tmux.waitFor("› straße 9")
    try await tmux.keys("Enter")
    let result = try await tmux.result()
    #expect(result.status == 0)
    #expect(result.stdout == "straße 9\n")
  }

  @Test("--select-1 decides without a terminal; a missing index is an error saying so")
  func selectOneAndMissingIndex() async throws {
    let directory = try await Self.makeIndex(["alpha", "beta", "gamma"])
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let picked = try await CommandRunner.run(["pick", "--index", directory + "/idx", "-1", "-q", "bet"])
    #expect(picked.status == 0, "\(picked.stderr)")
    #expect(picked.stdout == "beta\n")
    let none = try await CommandRunner.run(["pick", "--index", directory + "/idx", "-0", "-q", "zzz"])
    #expect(none.status == 1)
    let missing = try await CommandRunner.run(["pick", "--index", directory + "/nothing", "-1"])
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("cannot open the index"), "\(missing.stderr)")
    let both = try await CommandRunner.run(["pick", "--index", directory + "/idx", "--data", "-", "-1"])
    #expect(both.status == 2 && both.stderr.contains("--index and --data"), "\(both.stderr)")
  }
}
