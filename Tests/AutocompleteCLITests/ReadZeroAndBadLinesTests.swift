import Foundation
import Testing

/// `--read0` (items ended by NUL, fzf's habit for `find -print0`) and bad lines in `pick` (issue 22),
/// through the commands that decide without a terminal.
@Suite("--read0 and bad lines")
struct ReadZeroAndBadLinesTests {
  /// Three items, the first holding a line break, the last a Latin-1 byte.
  static let items = Data(Array("one\ntwo\u{0}three\u{0}".utf8) + [0x63, 0x61, 0x66, 0xE9, 0x00])

  @Test("filter --read0 splits at NUL bytes and prints an item with its line break, byte for byte")
  func filterReadZero() async throws {
    let outcome = try await CommandRunner.run(
      ["filter", "--read0", "--mode", "contains", "tw"], stdin: Self.items)
    #expect(outcome.status == 0)
    #expect(outcome.stdout == "one\ntwo\n")
    let all = try await CommandRunner.run(["filter", "--read0", "--print0", ""], stdin: Self.items)
    #expect(all.stdoutData == Self.items)
    // The Latin-1 item is searched with U+FFFD and printed as read, with one warning naming it.
    let latin = try await CommandRunner.run(["filter", "--read0", "--print0", "caf"], stdin: Self.items)
    #expect(latin.stdoutData == Data([0x63, 0x61, 0x66, 0xE9, 0x00]))
    #expect(latin.stderr.contains("warning: standard input: line 3 is not valid UTF-8"))
    // Without --read0 the NUL bytes are bad bytes of newline-separated lines, as before.
    let lines = try await CommandRunner.run(["filter", "--mode", "contains", "tw"], stdin: Self.items)
    #expect(lines.stdoutData == Data("two\u{0}three\u{0}".utf8 + [0x63, 0x61, 0x66, 0xE9, 0x00, 0x0A]))
  }

  @Test("--read0 with --strict-utf8 refuses only invalid UTF-8 (NUL ends items), naming the item")
  func strictReadZero() async throws {
    let outcome = try await CommandRunner.run(["filter", "--read0", "--strict-utf8", "x"], stdin: Self.items)
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("line 3 is not valid UTF-8"))
    let valid = try await CommandRunner.run(
      ["filter", "--read0", "--strict-utf8", "three"], stdin: Data("one\ntwo\u{0}three\u{0}".utf8))
    #expect(valid.status == 0 && valid.stdout == "three\n")
  }

  @Test("pick --read0 -1 prints the one match with its line break")
  func pickReadZero() async throws {
    let outcome = try await CommandRunner.run(["pick", "--read0", "-1", "-q", "two"], stdin: Self.items)
    #expect(outcome.status == 0)
    #expect(outcome.stdout == "one\ntwo\n")
    let zero = try await CommandRunner.run(
      ["pick", "--read0", "--print0", "-1", "-q", "two"], stdin: Self.items)
    #expect(zero.stdout == "one\ntwo\u{0}")
  }

  @Test("pick -1 picks a Latin-1 line and prints it as read, with one warning; --strict-utf8 refuses it")
  func pickBadLine() async throws {
    let input = Data([0x63, 0x61, 0x66, 0xE9, 0x0A] + Array("other\n".utf8))
    let outcome = try await CommandRunner.run(["pick", "-1", "-q", "caf"], stdin: input)
    #expect(outcome.status == 0)
    #expect(outcome.stdoutData == Data([0x63, 0x61, 0x66, 0xE9, 0x0A]))
    #expect(outcome.stderr.split(separator: "\n").count == 1)
    #expect(outcome.stderr.contains("warning: standard input: line 1 is not valid UTF-8 or holds a NUL byte"))
    // The bad byte is U+FFFD to the search.
    let replacement = try await CommandRunner.run(["pick", "-1", "-q", "caf\u{FFFD}"], stdin: input)
    #expect(replacement.stdoutData == Data([0x63, 0x61, 0x66, 0xE9, 0x0A]))
    let strict = try await CommandRunner.run(["pick", "--strict-utf8", "-1", "-q", "caf"], stdin: input)
    #expect(strict.status == 2)
    #expect(strict.stdout.isEmpty)
    #expect(strict.stderr.contains("line 1 is not valid UTF-8; reading stopped there"))
  }

  @Test("pick refuses binary input at once: a NUL byte and no line break in 16 MiB")
  func pickBinaryInput() async throws {
    let outcome = try await CommandRunner.shell(
      "head -c 40000000 /dev/zero | timeout 20 \"$BIN\" pick -1 -q x")
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("line 1 contains a NUL byte and no line break in its first 16 MiB"))
  }
}
