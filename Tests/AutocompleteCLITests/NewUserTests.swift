import Foundation
import Testing

/// What a new user trips on at the command line (issue 22): a mistyped subcommand, an empty pipe.
@Suite("A new user's first commands")
struct NewUserTests {
  @Test("a word that is no subcommand prints the top-level usage with the subcommands")
  func unknownSubcommand() async throws {
    let outcome = try await CommandRunner.run(["bogus"])
    #expect(outcome.status == 2)
    #expect(outcome.stderr.hasPrefix("autocomplete: unknown command 'bogus'"))
    #expect(outcome.stderr.contains("SUBCOMMANDS:"))
    for name in ["demo", "pick", "filter", "mentions"] { #expect(outcome.stderr.contains("  \(name)")) }
    #expect(!outcome.stderr.contains("Usage: autocomplete demo"))
    // Subcommands and options still reach their commands.
    #expect(
      try await CommandRunner.run(["filter", "--cities", "zur", "--limit", "1"]).stdout
        == "Zürich, Switzerland\n")
    #expect(try await CommandRunner.run(["help", "filter"]).status == 0)
  }

  @Test("filter with an empty standard input says no lines were read, and names --cities")
  func emptyInput() async throws {
    let outcome = try await CommandRunner.run(["filter", "zu"], stdin: Data())
    #expect(outcome.status == 1)
    #expect(outcome.stdout.isEmpty)
    #expect(outcome.stderr.contains("no lines were read from standard input"))
    #expect(outcome.stderr.contains("--cities"))
    // A non-empty input that matches nothing stays quiet.
    let quiet = try await CommandRunner.run(["filter", "zu"], stdin: Data("paris\n".utf8))
    #expect(quiet.status == 1)
    #expect(quiet.stderr.isEmpty)
  }
}
