import AutocompleteCore
import Foundation
import TestSupport
import Testing

@testable import autocomplete

/// What `pick` remembers without a terminal: `--frecency` with `--select-1` (recorded by separate
/// processes at once, none lost), a corrupt or unusable file, `--history` that cannot be used, and
/// the remembered lines made into rows past the first page.
@Suite("pick --frecency and --history without a terminal")
struct PickMemoryTests {
  static func directory() throws -> String {
    let path = NSTemporaryDirectory() + "ac-memory-\(UUID().uuidString.prefix(8))"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  static func entries(_ file: String) throws -> [RecentEntry] {
    try JSONFileRecentsStore(url: URL(fileURLWithPath: file), capacity: 1000).entries(for: PickMemory.field)
  }

  @Test("two processes picking at once, twenty times each, into one file: no pick is lost")
  func concurrentProcesses() async throws {
    let dir = try Self.directory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let lines = (0..<2).flatMap { writer in (0..<20).map { "w\(writer)-\($0)" } }
    try (lines.joined(separator: "\n") + "\n").write(
      toFile: dir + "/lines", atomically: true, encoding: .utf8)
    // Each run is its own process: `pick -1` picks the one line the exact query matches and
    // records it, reading and rewriting the file.
    let outcome = try await CommandRunner.shell(
      """
      cd '\(dir)'
      for w in 0 1; do
        (for i in $(seq 0 19); do "$BIN" pick -1 --mode exact -q "w$w-$i" --frecency picks.json < lines \
          > /dev/null || echo "failed w$w-$i"; done) &
      done
      wait
      """)
    #expect(outcome.stdout.isEmpty && outcome.stderr.isEmpty)
    let kept = Set(try Self.entries(dir + "/picks.json").map(\.id))
    #expect(Set(lines).subtracting(kept).sorted() == [], "picks lost")
    #expect(kept.count == lines.count)
  }

  @Test("--select-1 remembers the line; the next --select-1 on the same line counts it again")
  func selectOneRemembers() async throws {
    let dir = try Self.directory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let input = Data("alpha\nbeta\n".utf8)
    for _ in 0..<2 {
      let outcome = try await CommandRunner.run(
        ["pick", "-1", "-q", "bet", "--frecency", dir + "/picks.json"], stdin: input)
      #expect(outcome.status == 0 && outcome.stdout == "beta\n")
    }
    let entries = try Self.entries(dir + "/picks.json")
    #expect(entries.map(\.id) == ["beta"])
    #expect(entries.first?.useCount == 2)
  }

  @Test("a corrupt --frecency file: a warning, the pick made, the file set aside and the pick kept")
  func corruptFrecencyFile() async throws {
    let dir = try Self.directory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let file = dir + "/picks.json"
    try "not json".write(toFile: file, atomically: true, encoding: .utf8)
    let outcome = try await CommandRunner.run(
      ["pick", "-1", "-q", "bet", "--frecency", file], stdin: Data("alpha\nbeta\n".utf8))
    #expect(outcome.status == 0 && outcome.stdout == "beta\n")
    #expect(
      outcome.stderr.hasPrefix("autocomplete: warning: the recents file \(file) is not readable as recents")
        && outcome.stderr.contains("it is set aside as \(file).corrupt at the next pick"))
    #expect(try Self.entries(file).map(\.id) == ["beta"])
    #expect(FileManager.default.fileExists(atPath: file + ".corrupt"))
  }

  @Test("an unusable --frecency file (a directory): warnings, and the pick is still printed")
  func unusableFrecencyFile() async throws {
    let dir = try Self.directory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let file = dir + "/picks.json"
    try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: true)
    let outcome = try await CommandRunner.run(
      ["pick", "-1", "-q", "bet", "--frecency", file], stdin: Data("alpha\nbeta\n".utf8))
    #expect(outcome.status == 0 && outcome.stdout == "beta\n")
    #expect(
      outcome.stderr.contains(
        "autocomplete: warning: the recents file \(file) cannot be used (Is a directory); picks are not remembered"
      ))
  }

  @Test(
    "--history that cannot be used stops pick before it starts (exit 2), as fzf does; --history-size 0 is refused"
  )
  func unusableHistory() async throws {
    let dir = try Self.directory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    var outcome = try await CommandRunner.run(
      ["pick", "-1", "-q", "a", "--history", dir], stdin: Data("a\n".utf8))
    #expect(outcome.status == 2)
    #expect(outcome.stderr == "autocomplete: the history file \(dir) cannot be used (Is a directory)\n")
    outcome = try await CommandRunner.run(["pick", "--history-size", "0"], stdin: Data("a\n".utf8))
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("--history-size must be 1 or more"))
  }

  @Test(
    "remembered lines get rows wherever they are: past the first page, for the empty query and a query",
    .offThePool)
  func pinnedLines() throws {
    let dir = try Self.directory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let path = dir + "/lines"
    try (1...3000).map { "line \($0)" }.joined(separator: "\n").write(
      toFile: path, atomically: true, encoding: .utf8)
    var data = try PickerData.lines(path)
    try data.loadCompletely()
    let empty = SuggestionQuery("", options: SearchOptions(mode: .fuzzy, maximumCount: -1))
    let query = SuggestionQuery("line 2", options: SearchOptions(mode: .fuzzy, maximumCount: -1))
    #expect(!data.suggestions(for: empty).contains { $0.displayText == "line 2999" })  // past the page
    #expect(!data.suggestions(for: query).contains { $0.displayText == "line 2999" })
    data.pinnedTexts = { ["line 2999", "no such line"] }
    let rows = data.suggestions(for: empty)
    #expect(rows.count == PickerData.RowWindow.page + 1)
    #expect(rows.last?.displayText == "line 2999" && rows.last?.id == "2998")
    let matching = data.suggestions(for: query)
    #expect(matching.filter { $0.displayText == "line 2999" }.count == 1)
    #expect(matching.last?.highlights.isEmpty == false)
    // A query the line does not match gives it no row.
    let other = SuggestionQuery("line 1", options: SearchOptions(mode: .prefix, maximumCount: -1))
    #expect(!data.suggestions(for: other).contains { $0.displayText == "line 2999" })
  }
}
