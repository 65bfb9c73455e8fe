import Foundation
import Testing

/// `filter` and `pick` without a terminal on hostile input (issue 21): numbers past any count,
/// queries that fold to nothing, arguments that look like options, input refused as it is read.
@Suite("autocomplete on hostile input")
struct HostileInputTests {
  static let hundred = Data((1...100).map { "\($0)\n" }.joined().utf8)

  func lines(_ outcome: CommandRunner.Outcome) -> [String] {
    outcome.stdout.split(separator: "\n").map(String.init)
  }

  @Test(
    "a --limit past any count means all, never a trap",
    arguments: [
      "4611686018427387904", "9223372036854775807", "99999999999999999999",
      "+1" + String(repeating: "0", count: 40),
    ])
  func hugeLimit(limit: String) async throws {
    let expected = ["1", "10", "11", "12", "13", "14", "15", "16", "17", "18", "19", "100"]
    for extra in [[], ["--highlight"], ["--mode", "contains"]] {
      let outcome = try await CommandRunner.run(
        ["filter", "--limit", limit] + extra + ["1"], stdin: Self.hundred)
      #expect(outcome.status == 0, "\(extra) \(outcome.stderr)")
      let printed = lines(outcome).map { $0.replacingOccurrences(of: "\u{1B}[1m", with: "") }
        .map { $0.replacingOccurrences(of: "\u{1B}[22m", with: "") }
      // Lines are fuzzy by default: "1" is found where the contains mode finds it, prefixes first.
      #expect(printed.count == 20, "\(extra)")
      if extra != ["--mode", "contains"] { #expect(Array(printed.prefix(12)) == expected, "\(extra)") }
    }
    let cities = try await CommandRunner.run(["filter", "--cities", "--limit", limit, "sao"])
    #expect(cities.status == 0 && !cities.stdout.isEmpty)
  }

  @Test(
    "a --limit that is not a whole number is an error naming it; one below the smallest integer means all")
  func limitThatIsNotANumber() async throws {
    for limit in ["ten", "1e3", "--5", "12a", ""] {
      let outcome = try await CommandRunner.run(["filter", "--limit", limit, "1"], stdin: Self.hundred)
      #expect(outcome.status == 2, "\(limit): \(outcome.status)")
      #expect(outcome.stderr.contains("'\(limit)' is not a whole number"), "\(limit): \(outcome.stderr)")
    }
    let negative = try await CommandRunner.run(
      ["filter", "--limit", "-99999999999999999999", "1"], stdin: Self.hundred)
    #expect(negative.status == 0 && lines(negative).count == 20, "\(negative.stderr)")
  }

  @Test("a query that folds to nothing is an error for filter; the line's own whitespace finds it")
  func queryThatFoldsToNothing() async throws {
    let list = Data("abc\n  lille \nsoft\u{AD}\n".utf8)
    for query in ["\u{200B}", "\u{301}", "\u{AD}"] {
      for mode in ["prefix", "exact", "fuzzy", "contains"] {
        let outcome = try await CommandRunner.run(["filter", "--mode", mode, query], stdin: list)
        #expect(outcome.status == 2 && outcome.stdout.isEmpty, "\(mode)")
        #expect(outcome.stderr.contains("folds to nothing"), "\(mode)")
      }
    }
    let exact = try await CommandRunner.run(["filter", "--mode", "exact", "  lille "], stdin: list)
    #expect(exact.status == 0 && exact.stdout == "  lille \n")
  }

  @Test("a query starting with '-' gets a hint to put it after '--'")
  func dashQuery() async throws {
    let outcome = try await CommandRunner.run(["filter", "-a"], stdin: Data("a\n-a\n".utf8))
    #expect(outcome.status == 2 && outcome.stdout.isEmpty)
    #expect(
      outcome.stderr.contains("A query that starts with '-' goes after '--': autocomplete filter -- -a"))
    let after = try await CommandRunner.run(["filter", "--", "-a"], stdin: Data("a\n-a\n".utf8))
    #expect(after.status == 0 && after.stdout == "-a\n")
  }

  @Test("a read error on standard input names it \"standard input\", not \"-\"")
  func standardInputReadError() async throws {
    let outcome = try await CommandRunner.shell("$BIN filter --data - a < /")
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("standard input: cannot be read"))
  }

  @Test("pick --limit 0 is refused with a reason (it showed \"No results\" over matching rows)")
  func pickLimitZero() async throws {
    let outcome = try await CommandRunner.shell("seq 10 | setsid $BIN pick --limit 0")
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("--limit 0 keeps no row to pick"))
  }

  @Test("pick -1 and -0 decide without a terminal when they can; otherwise the terminal error")
  func selectOneAndExitZeroWithoutATerminal() async throws {
    let one = try await CommandRunner.shell("printf 'foo\\nbar\\n' | setsid $BIN pick -1 --query fo")
    #expect(one.status == 0 && one.stdout == "foo\n", "\(one.stderr)")
    let none = try await CommandRunner.shell("printf 'foo\\nbar\\n' | setsid $BIN pick -0 --query zzz")
    #expect(none.status == 1 && none.stdout.isEmpty, "\(none.stderr)")
    let undecided = try await CommandRunner.shell("printf 'foo\\nbar\\n' | setsid $BIN pick -1")
    #expect(undecided.status == 2 && undecided.stderr.contains("needs a terminal"))
  }

  @Test(
    "input that will be refused is not read first: a 3 GiB file of NUL bytes fails on its first chunk, in 1 GB of address space",
    .disabled(if: CommandRunner.isSanitized, "a sanitized binary needs more address space than the limit"))
  func refusedInputIsNotBuffered() async throws {
    let path = NSTemporaryDirectory() + "nul-\(UUID().uuidString).txt"
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(FileManager.default.createFile(atPath: path, contents: Data()))
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.truncate(atOffset: 3 << 30)  // sparse: no disk space
    try handle.close()
    let outcome = try await CommandRunner.shell("ulimit -v 1000000; $BIN filter --data '\(path)' a")
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("line 1 contains a NUL byte"), "\(outcome.stderr.prefix(300))")
  }

  @Test("--highlight streams: each line is highlighted as it is written, ASCII or not")
  func highlightStreams() async throws {
    let list = Data("São Paulo\nsao\nSantos\nxsaoy\n".utf8)
    let outcome = try await CommandRunner.run(
      ["filter", "--highlight", "--mode", "contains", "sao"], stdin: list)
    #expect(outcome.status == 0)
    let bold = { (text: String) in "\u{1B}[1m\(text)\u{1B}[22m" }
    #expect(
      outcome.stdout == [bold("sao"), bold("São") + " Paulo", "x" + bold("sao") + "y"].joined(separator: "\n")
        + "\n")
  }
}
