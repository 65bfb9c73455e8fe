import Foundation
import Testing

/// `filter` with fzf's `--nth`, `--with-nth`, `--delimiter`, `--tac` and `--no-sort` (issue 38):
/// what is searched, what is printed (the whole line), and the order; the same lines in the same
/// order as fzf where fzf is installed.
@Suite("filter: fields and order, as fzf")
struct FilterFieldsTests {
  let lines = Data(
    """
    src/main.c:12:int main
    docs/readme.md:3:main usage
    src/util.c:40:static int helper
    main/notes.txt:1:todo
    tests/test_main.c:7:void test

    """.utf8)

  func filter(_ arguments: [String]) async throws -> [String] {
    let outcome = try await CommandRunner.run(["filter", "--data", "-"] + arguments, stdin: lines)
    return outcome.stdout.split(separator: "\n").map(String.init)
  }

  @Test func nthSearchesOnlyItsFields() async throws {
    // "main" in the file name (field 1) only: not in "docs/readme.md:3:main usage".
    #expect(
      Set(try await filter(["-d", ":", "--nth", "1", "'main"]))
        == ["src/main.c:12:int main", "main/notes.txt:1:todo", "tests/test_main.c:7:void test"])
    #expect(try await filter(["-d", ":", "-n", "-1", "'todo"]) == ["main/notes.txt:1:todo"])
    #expect(try await filter(["-d", ":", "-n", "2", "^4"]) == ["src/util.c:40:static int helper"])
  }

  @Test func withNthShowsAndSearchesFieldsButPrintsLines() async throws {
    #expect(
      try await filter(["-d", ":", "--with-nth", "3", "'helper"]) == ["src/util.c:40:static int helper"])
    #expect(try await filter(["-d", ":", "--with-nth", "3", "'util"]).isEmpty)
  }

  @Test func tacAndNoSort() async throws {
    let all = try await filter([""])
    #expect(try await filter(["--tac", ""]) == all.reversed())
    #expect(try await filter(["--no-sort", "'main"]) == all.filter { $0.contains("main") })
    // As fzf's filter mode, --tac sorts even with --no-sort (pick does not).
    #expect(try await filter(["+s", "--tac", "'main"]) == (try await filter(["--tac", "'main"])))
    #expect(try await filter(["--no-sort", "--limit", "1", "'main"]) == ["src/main.c:12:int main"])
  }

  @Test func citiesAreRefused() async throws {
    let outcome = try await CommandRunner.run(["filter", "--cities", "--tac", "par"], stdin: lines)
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("apply to lines"))
  }

  @Test func badRangesAreRefused() async throws {
    let outcome = try await CommandRunner.run(["filter", "--data", "-", "--nth", "0", "x"], stdin: lines)
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("--nth: '0' is not a list of field ranges"))
  }

  @Test(
    "the same lines in the same order as fzf", .enabled(if: FzfBinary.path != nil, "fzf is not installed"))
  func sameAsFzf() async throws {
    var generator = SplitMix64(seed: 38)
    let words = ["main", "src", "lib", "test", "util", "core", "view", "io", "net", "doc"]
    var text = ""
    for _ in 0..<400 {
      let fields = (0..<4).map { _ in
        (0..<2).map { _ in words[Int(generator.next() % UInt64(words.count))] }.joined(separator: "_")
      }
      text += fields.joined(separator: ":") + "\n"
    }
    let input = Data(text.utf8)
    // The same lines with blank-separated (AWK-style) fields.
    let blanks = Data(text.replacingOccurrences(of: ":", with: "  ").utf8)
    let cases: [[String]] = [
      ["-d", ":", "--nth", "2", "'main"], ["-d", ":", "--nth", "1,3", "'io !net"], ["--tac", "'test"],
      ["--no-sort", "'util"], ["--tac", "--no-sort", "'core"], ["-d", ":", "--with-nth", "2..", "'src"],
      ["-d", ":", "--nth", "-1", "^doc"], ["-d", ":", "--nth", "2..3", "mai co"],
      // Several ranges: each term matches inside one range, the first it matches in.
      ["-d", ":", "--nth", "1,3", "mainsrc"], ["-d", ":", "--nth", "1,3", "ioma"],
      ["-d", ":", "--nth", "2,4", "^lib"],
      ["-d", ":", "--nth", "1,3", "core$"], ["-d", ":", "--nth", "1,3", "main$"],
      ["-d", ":", "--nth", "1,-1", "!^io co"],
      ["-d", ":", "--nth", "1,3", "!net$ ^v"], ["-d", ":", "--nth", "3,1", "'c_m"],
      ["-d", ":", "--nth", "1,3..", "^test | ^doc"],
      ["-d", ":", "--nth", "2,4", "-e", "b_m"], ["-d", ":", "--nth", "1,3", "^main_src$"],
      ["-d", ":", "--nth", "2,1", "nt"],
    ]
    let blankCases: [[String]] = [
      ["--nth", "1,3", "mainsrc"], ["--nth", "1,3", "^lib"], ["--nth", "2,4", "core$"],
      ["--nth", "1,3", "!io_ ^m"],
      ["--with-nth", "2..", "--nth", "1,3", "nt"], ["--nth", "4,2", "'t_c"],
    ]
    for (data, list) in [(input, cases), (blanks, blankCases)] {
      for arguments in list {
        let query = arguments.last!
        let options = Array(arguments.dropLast())
        let ours = try await CommandRunner.run(["filter", "--data", "-"] + options + [query], stdin: data)
        let theirs = try await FzfBinary.filter(query, options, input: data)
        #expect(ours.stdout.split(separator: "\n").map(String.init) == theirs, "\(arguments)")
      }
    }
  }

  @Test func severalRangesAreSearchedApart() async throws {
    let input = Data("ab:x:cd\nx:abcd:x\nxa:x:bx\n".utf8)
    func filter(_ arguments: [String]) async throws -> Set<String> {
      let outcome = try await CommandRunner.run(
        ["filter", "--data", "-", "-d", ":"] + arguments, stdin: input)
      return Set(outcome.stdout.split(separator: "\n").map(String.init))
    }
    // A fuzzy term does not match across two ranges ("ab" + "cd" in ranges 1 and 3).
    #expect(try await filter(["--nth", "1,3", "abcd"]).isEmpty)
    #expect(try await filter(["--nth", "1,2", "abcd"]) == ["x:abcd:x"])
    // ^ and $ anchor at every range, not only at the first and last.
    #expect(try await filter(["--nth", "1,3", "^cd"]) == ["ab:x:cd"])
    #expect(try await filter(["--nth", "3,1", "cd$"]) == ["ab:x:cd"])
    // As in fzf, a range keeps the delimiter after it unless it is the last range.
    #expect(try await filter(["--nth", "1,3", "ab$"]).isEmpty)
    #expect(try await filter(["--nth", "3,1", "ab$"]) == ["ab:x:cd"])
    // Exact terms and negations look in each range.
    #expect(try await filter(["--nth", "3,1", "'xa"]) == ["xa:x:bx"])
    #expect(try await filter(["--nth", "1,3", "!^x"]) == ["ab:x:cd"])
    #expect(try await filter(["--nth", "1,3", "!b"]) == ["x:abcd:x"])
  }

  @Test func highlightsAreWhereTheTermMatched() async throws {
    // "b" matches in range 3 ("bx"), the first range it matches in: its highlight is there, not
    // on field 1's "b" (which --nth does not search) nor across ranges.
    let input = Data("b:x:bx:a\n".utf8)
    let outcome = try await CommandRunner.run(
      ["filter", "--data", "-", "-d", ":", "--nth", "2,3", "--highlight", "^b"], stdin: input)
    #expect(outcome.stdout == "b:x:\u{1B}[1mb\u{1B}[22mx:a\n")
  }
}
