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
    arguments: ["4611686018427387904", "9223372036854775807"])
  func hugeLimit(limit: String) throws {
    let expected = ["1", "10", "11", "12", "13", "14", "15", "16", "17", "18", "19", "100"]
    for extra in [[], ["--highlight"], ["--mode", "contains"]] {
      let outcome = try CommandRunner.run(["filter", "--limit", limit] + extra + ["1"], stdin: Self.hundred)
      #expect(outcome.status == 0, "\(extra) \(outcome.stderr)")
      let printed = lines(outcome).map { $0.replacingOccurrences(of: "\u{1B}[1m", with: "") }
        .map { $0.replacingOccurrences(of: "\u{1B}[22m", with: "") }
      if extra == ["--mode", "contains"] {
        #expect(printed.count == 20, "\(extra)")
      } else {
        #expect(printed == expected, "\(extra)")
      }
    }
    let cities = try CommandRunner.run(["filter", "--cities", "--limit", limit, "sao"])
    #expect(cities.status == 0 && !cities.stdout.isEmpty)
  }

  @Test("a query that folds to nothing is an error for filter; the line's own whitespace finds it")
  func queryThatFoldsToNothing() throws {
    let list = Data("abc\n  lille \nsoft\u{AD}\n".utf8)
    for query in ["\u{200B}", "\u{301}", "\u{AD}"] {
      for mode in ["prefix", "exact", "fuzzy", "contains"] {
        let outcome = try CommandRunner.run(["filter", "--mode", mode, query], stdin: list)
        #expect(outcome.status == 2 && outcome.stdout.isEmpty, "\(mode)")
        #expect(outcome.stderr.contains("folds to nothing"), "\(mode)")
      }
    }
    let exact = try CommandRunner.run(["filter", "--mode", "exact", "  lille "], stdin: list)
    #expect(exact.status == 0 && exact.stdout == "  lille \n")
  }
}
