import Foundation
import Testing

/// What a new user is told when the command line does not do what they meant (issue 22).
@Suite("messages for a new user")
struct NewUserMessagesTests {
  @Test("filter with an empty standard input says no lines were read and mentions --cities")
  func emptyStandardInput() throws {
    let outcome = try CommandRunner.run(["filter", "paris"], stdin: Data())
    #expect(outcome.status == 1)
    #expect(outcome.stdout.isEmpty)
    #expect(outcome.stderr.contains("no lines were read from standard input"))
    #expect(outcome.stderr.contains("--cities"))
  }

  @Test("an empty --data file is not blamed on standard input")
  func emptyDataFile() throws {
    let path = NSTemporaryDirectory() + "empty-\(UUID().uuidString).txt"
    defer { try? FileManager.default.removeItem(atPath: path) }
    FileManager.default.createFile(atPath: path, contents: Data())
    let outcome = try CommandRunner.run(["filter", "--data", path, "paris"])
    #expect(outcome.status == 1)
    #expect(outcome.stderr.isEmpty)
  }

  @Test("an unknown subcommand prints the top-level usage and the subcommands")
  func unknownSubcommand() throws {
    let outcome = try CommandRunner.run(["bogus"])
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("no subcommand 'bogus'"))
    #expect(outcome.stderr.contains("USAGE: autocomplete <subcommand>"))
    for name in ["demo", "pick", "filter", "mentions"] { #expect(outcome.stderr.contains("  \(name)")) }
    #expect(!outcome.stderr.contains("Usage: autocomplete demo"))
  }
}
