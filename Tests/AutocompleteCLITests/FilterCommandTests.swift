import Foundation
import Testing

@Suite("autocomplete filter")
struct FilterCommandTests {
  let list = Data("Standard\nstand\nSão Paulo\nGrandstand\nThủ Đức\nAustin\nst-andrews\n".utf8)

  func lines(_ outcome: CommandRunner.Outcome) -> [String] {
    outcome.stdout.split(separator: "\n").map(String.init)
  }

  @Test func searchesTheEmbeddedCitiesByDefault() async throws {
    let outcome = try await CommandRunner.run(["filter", "--cities", "sao paulo"])
    #expect(outcome.status == 0)
    #expect(lines(outcome).first == "São Paulo, Brazil")
  }

  @Test func readsStandardInputBestFirst() async throws {
    let outcome = try await CommandRunner.run(["filter", "--data", "-", "--all", "stand"], stdin: list)
    #expect(outcome.status == 0)
    // Fuzzy on lines, ranked as fzf ranks them (its order on this input).
    #expect(lines(outcome) == ["stand", "Standard", "st-andrews", "Grandstand"])
  }

  @Test func modes() async throws {
    let contains = try await CommandRunner.run(
      ["filter", "--data", "-", "--mode", "contains", "--all", "stand"], stdin: list)
    #expect(lines(contains) == ["stand", "Standard", "Grandstand"])
    let suffix = try await CommandRunner.run(
      ["filter", "--data", "-", "--mode", "suffix", "--all", "tin"], stdin: list)
    #expect(lines(suffix) == ["Austin"])
    let words = try await CommandRunner.run(
      ["filter", "--data", "-", "--mode", "words", "--all", "duc thu"], stdin: list)
    #expect(lines(words) == ["Thủ Đức"])
    let fuzzy = try await CommandRunner.run(
      ["filter", "--data", "-", "--mode", "fuzzy", "--all", "sws"], stdin: list)
    #expect(lines(fuzzy) == ["st-andrews"])
    let exact = try await CommandRunner.run(
      ["filter", "--data", "-", "--mode", "exact", "-i", "--all", "STAND"], stdin: list)
    #expect(lines(exact) == ["stand"])
  }

  @Test func typosAreForgivenWhenAsked() async throws {
    // Off by default, as in fzf.
    #expect(try await CommandRunner.run(["filter", "--cities", "zurcih"]).status == 1)
    let auto = try await CommandRunner.run(["filter", "--cities", "--typos", "auto", "zurcih"])
    #expect(auto.status == 0)
    #expect(lines(auto).first == "Zürich, Switzerland")
    let highlighted = try await CommandRunner.run([
      "filter", "--cities", "--typos", "auto", "--highlight", "zurcih",
    ])
    #expect(lines(highlighted).first == "\u{1B}[1mZürich\u{1B}[22m, Switzerland")
    let piped = try await CommandRunner.run(
      ["filter", "--data", "-", "--typos", "1", "--mode", "contains", "--all", "stnad"], stdin: list)
    #expect(lines(piped) == ["stand", "Standard", "Grandstand"])
    let bad = try await CommandRunner.run(["filter", "--cities", "--typos", "3", "x"])
    #expect(bad.status == 64 || bad.status == 2)
    #expect(bad.stderr.contains("'off', 'auto', '0', '1' or '2'"))
  }

  @Test func caseSensitiveAndLimit() async throws {
    let sensitive = try await CommandRunner.run(
      ["filter", "--data", "-", "--case-sensitive", "--all", "Stand"], stdin: list)
    #expect(lines(sensitive) == ["Standard"])
    let limited = try await CommandRunner.run(
      ["filter", "--data", "-", "--mode", "contains", "--limit", "1", "stand"], stdin: list)
    #expect(lines(limited) == ["stand"])
  }

  @Test func highlightMarksMatchedCharacters() async throws {
    let outcome = try await CommandRunner.run(
      ["filter", "--data", "-", "--highlight", "--mode", "contains", "paulo"], stdin: list)
    #expect(outcome.stdout == "São \u{1B}[1mPaulo\u{1B}[22m\n")
  }

  @Test func nothingMatchedExitsOne() async throws {
    let outcome = try await CommandRunner.run(["filter", "--data", "-", "zzz"], stdin: list)
    #expect(outcome.status == 1)
    #expect(outcome.stdout.isEmpty)
  }

  @Test func badInputWithStrictUTF8IsAOneLineErrorWithNothingOnStandardOutput() async throws {
    let cases: [(Data, String)] = [
      (Data([0x61, 0x0A, 0x62, 0xFF, 0x0A]), "line 2 is not valid UTF-8"),
      (Data([0x61, 0x00, 0x62, 0x0A]), "line 1 contains a NUL byte"),
    ]
    for (input, message) in cases {
      let outcome = try await CommandRunner.run(
        ["filter", "--strict-utf8", "--data", "-", "a"], stdin: input)
      #expect(outcome.status == 2)
      #expect(outcome.stdout.isEmpty)
      #expect(outcome.stderr.contains(message))
      #expect(outcome.stderr.split(separator: "\n").count == 1)
    }
    let directory = try await CommandRunner.run(["filter", "--data", NSTemporaryDirectory(), "a"])
    #expect(directory.status == 2 && directory.stdout.isEmpty && directory.stderr.contains("is a directory"))
    let missing = try await CommandRunner.run(["filter", "--data", "/nonexistent/list.txt", "a"])
    #expect(missing.status == 2 && missing.stdout.isEmpty && missing.stderr.contains("no such file"))
    let usage = try await CommandRunner.run(["filter", "--mode", "sideways", "a"])
    #expect(usage.status == 2)
  }

  @Test func emptyInputAndCRLF() async throws {
    #expect(try await CommandRunner.run(["filter", "--data", "-", "a"], stdin: Data()).status == 1)
    let crlf = try await CommandRunner.run(
      ["filter", "--data", "-", "--all", "b"], stdin: Data("a\r\nb\r\n".utf8))
    #expect(crlf.stdout == "b\n")
  }

  @Test func readsPipedStandardInputWithoutData() async throws {
    let outcome = try await CommandRunner.run(["filter", "stand"], stdin: list)
    #expect(lines(outcome) == ["stand", "Standard", "st-andrews", "Grandstand"])
  }

  @Test func printsEveryMatchByDefaultAndLimitCaps() async throws {
    let many = Data((0..<250).map { "item \($0)" }.joined(separator: "\n").utf8)
    #expect(lines(try await CommandRunner.run(["filter", "item"], stdin: many)).count == 250)
    #expect(lines(try await CommandRunner.run(["filter", "--limit", "7", "item"], stdin: many)).count == 7)
    #expect(
      lines(try await CommandRunner.run(["filter", "--limit", "-1", "item"], stdin: many)).count == 250)
    let zero = try await CommandRunner.run(["filter", "--limit", "0", "item"], stdin: many)
    #expect(zero.status == 0 && zero.stdout.isEmpty)
    #expect(try await CommandRunner.run(["filter", "--limit", "0", "zzz"], stdin: many).status == 1)
  }

  @Test func anEmptyQueryPrintsEveryLineInInputOrder() async throws {
    let outcome = try await CommandRunner.run(["filter", ""], stdin: list)
    #expect(outcome.status == 0)
    #expect(outcome.stdout == String(decoding: list, as: UTF8.self))
  }

  @Test func endlessBadInputStopsAtTheFirstBadLine() async throws {
    // /dev/zero never ends: the reader must stop at the first chunk, not at end of input.
    let outcome = try await CommandRunner.shell("timeout 20 \"$BIN\" filter --strict-utf8 --data /dev/zero a")
    #expect(outcome.status == 2)
    #expect(outcome.stderr == "autocomplete: /dev/zero: line 1 contains a NUL byte\n")
    let invalid = try await CommandRunner.shell(
      "(printf 'a\\n\\377\\n'; yes) | timeout 20 \"$BIN\" filter --strict-utf8 a")
    #expect(invalid.status == 2)
    #expect(invalid.stderr == "autocomplete: standard input: line 2 is not valid UTF-8\n")
  }

  @Test func inputsOver4GiBAreRefusedBeforeReading() async throws {
    // Nothing is read: past its first line the file is NUL bytes, which would be another error.
    let file = NSTemporaryDirectory() + "ac-4gib-\(getpid()).txt"
    defer { try? FileManager.default.removeItem(atPath: file) }
    try CommandRunner.makeSparse4GiBFile(file)
    let message = "autocomplete: \(file): more than 4293918719 bytes; inputs over 4 GiB are not supported\n"
    for arguments in [["filter", "a", "--data", file], ["filter", "", "--data", file]] {
      let outcome = try await CommandRunner.run(arguments)
      #expect(outcome.status == 2, "\(arguments)")
      #expect(outcome.stderr == message, "\(arguments)")
    }
  }

  @Test func writeErrorsAreAMessageAndADefinedStatus() async throws {
    let full = try await CommandRunner.shell("printf 'abc\\n' | \"$BIN\" filter a > /dev/full")
    #expect(full.status == 2)
    #expect(full.stderr == "autocomplete: cannot write to standard output: No space left on device\n")
    let closed = try await CommandRunner.shell("printf 'abc\\n' | \"$BIN\" filter a >&-")
    #expect(closed.status == 2)
    #expect(closed.stderr.hasPrefix("autocomplete: cannot write to standard output"))
    // SIGPIPE ignored and the reader gone: a quiet 141.
    let broken = try await CommandRunner.shell(
      "trap '' PIPE; yes abc | head -n 100000 | \"$BIN\" filter a | head -n 1 >/dev/null; echo ${PIPESTATUS[2]} >&2"
    )
    #expect(broken.stderr.hasSuffix("141\n"))
    #expect(!broken.stderr.contains("autocomplete:"))
    let noStderr = try await CommandRunner.shell(
      "printf 'abc\\n' | \"$BIN\" filter a > /dev/full 2>&-; echo $? >&2")
    #expect(noStderr.stderr == "2\n")
  }

  @Test func pickRefusesWithoutATerminalBeforeReadingItsInput() async throws {
    // Endless input: reading it first would never end.
    let outcome = try await CommandRunner.shell("yes | timeout 20 setsid \"$BIN\" pick")
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("needs a terminal"))
  }

  @Test func versionIsPrinted() async throws {
    let outcome = try await CommandRunner.run(["--version"])
    #expect(outcome.status == 0)
    #expect(!outcome.stdout.isEmpty)
  }

  @Test func emptyLinesAreSkippedButCountInMessages() async throws {
    let outcome = try await CommandRunner.run(
      ["filter", "--mode", "contains", "b"], stdin: Data("\n\r\nb\n\n\nab\n".utf8))
    #expect(lines(outcome) == ["b", "ab"])
    let file = NSTemporaryDirectory() + "ac-filter-\(UUID().uuidString).txt"
    defer { try? FileManager.default.removeItem(atPath: file) }
    try Data([0x0A, 0x0A, 0x62, 0xFF, 0x0A]).write(to: URL(fileURLWithPath: file))
    let bad = try await CommandRunner.run(["filter", "--strict-utf8", "--data", file, "b"])
    #expect(bad.status == 2)
    #expect(bad.stderr.contains("line 3 is not valid UTF-8"))
    let words = try await CommandRunner.run(["filter", "--mode", "words", " "], stdin: Data("a\n\nb\n".utf8))
    #expect(words.stdout == "a\n\nb\n" || words.stdout == "\na\nb\n")
  }
}
