import Foundation
import Testing

/// `autocomplete filter --transliterate` (issue 37): lines in other scripts found from a Latin
/// keyboard, the wrong keyboard layout, off by default, and Latin-only input answered as without it.
@Suite("autocomplete filter --transliterate")
struct FilterTransliterateTests {
  func lines(_ arguments: [String], stdin: String) async throws -> (lines: [String], status: Int32) {
    let outcome = try await CommandRunner.run(arguments, stdin: Data(stdin.utf8))
    let lines = outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
      String.init)
    return (lines, outcome.status)
  }

  let list = "北京\n上海\nМосква\nΑθήνα\n서울\nBeirut\nとうきょう\nПривет\n"

  @Test func readingsInEveryModeAndOffByDefault() async throws {
    let prefix = [
      "filter", "--data", "-", "--transliterate", "--mode", "prefix", "--typos", "auto", "--limit", "5",
    ]
    #expect(try await lines(prefix + ["bei"], stdin: list).lines == ["Beirut", "北京"])
    #expect(try await lines(prefix + ["bj"], stdin: list).lines == ["北京"])
    #expect(try await lines(prefix + ["moskwa"], stdin: list).lines == ["Москва"])
    #expect(try await lines(prefix + ["seoul"], stdin: list).lines == ["서울"])
    #expect(try await lines(prefix + ["tokyo"], stdin: list).lines == ["とうきょう"])
    #expect(try await lines(prefix + ["athin"], stdin: list).lines == ["Αθήνα"])
    // fzf's default mode (fuzzy) and contains.
    #expect(
      try await lines(["filter", "--data", "-", "--transliterate", "shhai"], stdin: list).lines == ["上海"])
    let contains = ["filter", "--data", "-", "--transliterate", "--mode", "contains", "jing"]
    #expect(try await lines(contains, stdin: list).lines == ["北京"])
    // Off by default, as fzf.
    let off = try await lines(["filter", "--data", "-", "--mode", "prefix", "bei"], stdin: list)
    #expect(off.lines == ["Beirut"])
    let none = try await lines(["filter", "--data", "-", "bj"], stdin: list)
    #expect(none.lines.isEmpty && none.status == 1)
  }

  @Test func wrongLayoutAndHighlights() async throws {
    let base = ["filter", "--data", "-", "--transliterate", "--mode", "prefix"]
    #expect(try await lines(base + ["ghbdtn"], stdin: list).lines == ["Привет"])
    #expect(try await lines(base + ["vjcr"], stdin: list).lines == ["Москва"])
    #expect(
      try await lines(base + ["--highlight", "bei"], stdin: list).lines == [
        "\u{1B}[1mBei\u{1B}[22mrut", "\u{1B}[1m北\u{1B}[22m京",
      ])
  }

  @Test func latinOnlyInputAnswersAsWithout() async throws {
    var generator = SplitMix64(seed: 37)
    let letters = Array("abcdefg hAB-é")
    let input =
      (0..<300).map { _ in
        String(
          (0..<Int.random(in: 0...10, using: &generator)).map { _ in letters.randomElement(using: &generator)!
          })
      }.joined(separator: "\n") + "\n"
    for mode in ["prefix", "contains", "fuzzy", "words", "exact", "suffix"] {
      for _ in 0..<3 {
        let query = String(
          (0..<Int.random(in: 1...3, using: &generator)).map { _ in letters.randomElement(using: &generator)!
          })
        guard !query.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
        let arguments = ["filter", "--data", "-", "--mode", mode, "--typos", "auto", query]
        let plain = try await lines(arguments, stdin: input)
        let read = try await lines(arguments + ["--transliterate"], stdin: input)
        #expect(read.lines == plain.lines, "\(mode) \(query)")
        #expect(read.status == plain.status)
      }
    }
  }

  /// Where the items have no readings (a Typesense collection, lines cut into fields, pick's TSV
  /// rows), `--transliterate` is refused by name, never ignored. (An index has readings when built
  /// with them: see IndexTransliterateTests.)
  @Test func refusedWhereItemsHaveNoReadings() async throws {
    let cases: [([String], String)] = [
      (
        [
          "filter", "--typesense", "http://127.0.0.1:9", "--collection", "c", "--query-by", "name",
          "--api-key", "k", "--transliterate", "bei",
        ], "--typesense"
      ),
      (["filter", "--data", "-", "--nth", "1", "--transliterate", "bei"], "--nth"),
    ]
    for (arguments, option) in cases {
      let outcome = try await CommandRunner.run(arguments, stdin: Data(list.utf8))
      #expect(outcome.status != 0 && outcome.status != 1, "\(arguments)")
      #expect(outcome.stderr.contains("--transliterate does not combine with \(option)"), "\(outcome.stderr)")
    }
  }

  /// A line with invalid UTF-8 or a NUL byte is searched repaired but printed byte for byte as read,
  /// as plain `filter` prints it, whether readings are read (a lead byte of another script) or the
  /// plain filter answers (Latin-only input), with one warning naming it.
  @Test func badLinesArePrintedAsRead() async throws {
    let cases: [[UInt8]] = [
      Array("caf".utf8) + [0xE9] + Array(" bei\nplain\n".utf8),  // 0xE9: a Han lead byte, read
      Array("caf".utf8) + [0xFF] + Array(" bei\nplain\n".utf8),  // Latin only: the plain filter
      Array("北京".utf8) + [0x00] + Array("x\nplain\n".utf8),  // a NUL byte
    ]
    let expected: [[UInt8]] = [
      Array("caf".utf8) + [0xE9] + Array(" bei\n".utf8),
      Array("caf".utf8) + [0xFF] + Array(" bei\n".utf8),
      Array("北京".utf8) + [0x00] + Array("x\n".utf8),
    ]
    for (input, output) in zip(cases, expected) {
      let outcome = try await CommandRunner.run(
        ["filter", "--data", "-", "--transliterate", "bei"], stdin: Data(input))
      #expect(outcome.status == 0)
      #expect(Array(outcome.stdoutData) == output, "\(input)")
      #expect(outcome.stderr.contains("line 1 is not valid UTF-8 or holds a NUL byte"))
    }
  }
}
