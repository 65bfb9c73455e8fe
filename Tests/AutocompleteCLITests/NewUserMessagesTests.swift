import Foundation
import Testing

/// What a new user is told when the command line does not do what they meant (issue 22).
@Suite("messages for a new user")
struct NewUserMessagesTests {
  @Test("filter with an empty standard input says no lines were read and mentions --cities")
  func emptyStandardInput() async throws {
    let outcome = try await CommandRunner.run(["filter", "paris"], stdin: Data())
    #expect(outcome.status == 1)
    #expect(outcome.stdout.isEmpty)
    #expect(outcome.stderr.contains("no lines were read from standard input"))
    #expect(outcome.stderr.contains("--cities"))
  }

  @Test("an empty --data file is not blamed on standard input")
  func emptyDataFile() async throws {
    let path = NSTemporaryDirectory() + "empty-\(UUID().uuidString).txt"
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(FileManager.default.createFile(atPath: path, contents: Data()))
    let outcome = try await CommandRunner.run(["filter", "--data", path, "paris"])
    #expect(outcome.status == 1)
    #expect(outcome.stderr.isEmpty)
  }
}

/// `filter` keeps lines that are not valid UTF-8 or hold a NUL byte (issue 22), like fzf.
@Suite("filter with bad lines")
struct FilterBadLinesTests {
  @Test("a Latin-1 line is searched and printed byte for byte, with one warning naming it")
  func latin1LineIsKept() async throws {
    let input = Data([0x63, 0x61, 0x66, 0xE9, 0x0A] + Array("cafeteria\nnul\u{0}cafe\nother\n".utf8))
    let outcome = try await CommandRunner.run(["filter", "--mode", "contains", "caf"], stdin: input)
    #expect(outcome.status == 0)
    #expect(
      Set(outcome.stdoutData.split(separator: 0x0A).map { Array($0) }) == [
        [0x63, 0x61, 0x66, 0xE9], Array("cafeteria".utf8), Array("nul\u{0}cafe".utf8),
      ])
    let warnings = outcome.stderr.split(separator: "\n")
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("warning: standard input: line 1 ") == true)
    #expect(outcome.stderr.contains("--strict-utf8"))
  }

  @Test("the bad bytes match U+FFFD")
  func replacementCharacterMatches() async throws {
    let outcome = try await CommandRunner.run(
      ["filter", "caf\u{FFFD}"], stdin: Data([0x63, 0x61, 0x66, 0xE9, 0x0A]))
    #expect(outcome.status == 0)
    #expect(outcome.stdoutData == Data([0x63, 0x61, 0x66, 0xE9, 0x0A]))
  }

  @Test("--strict-utf8 refuses, naming the line")
  func strictRefuses() async throws {
    let outcome = try await CommandRunner.run(
      ["filter", "--strict-utf8", "caf"], stdin: Data([0x61, 0x0A, 0x63, 0x61, 0x66, 0xE9, 0x0A]))
    #expect(outcome.status == 2)
    #expect(outcome.stdout.isEmpty)
    #expect(outcome.stderr.contains("line 2 is not valid UTF-8"))
  }
}

/// `filter --mode exact` with a whole line as the query finds that line (issue 22), whatever
/// whitespace, marks or symbols it has at its ends.
@Suite("filter --mode exact on whole lines")
struct ExactWholeLineTests {
  @Test func everyLineFindsItself() async throws {
    let lines = [
      "  a b  ", "\ta\t", "a ", " a", "São Paulo", "e\u{301} ", " 東京 ", "🇧🇷 Brasil", "x  y", "-", " - ",
      "\u{05E9}\u{05DC}\u{05D5}\u{05DD} ",
    ]
    let input = Data(lines.joined(separator: "\n").utf8 + [0x0A])
    for line in lines {
      let outcome = try await CommandRunner.run(["filter", "--mode", "exact", "--", line], stdin: input)
      #expect(outcome.status == 0, "\(line.debugDescription)")
      #expect(outcome.stdout.split(separator: "\n").contains { $0 == line }, "\(line.debugDescription)")
    }
  }
}
