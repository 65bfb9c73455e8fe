import TestSupport
import Testing

@testable import AutocompleteCore

/// fzf's extended search syntax: the parse (fzf's own `pattern_test.go` cases) and the matches.
@Suite("Extended search syntax")
struct ExtendedPatternTests {
  typealias Kind = ExtendedPattern.TermKind

  func shape(_ query: String, fuzzy: Bool = true) -> [[String]] {
    ExtendedPattern.parse(query, fuzzy: fuzzy).map { set in
      set.map { ($0.isInverse ? "!" : "") + "\($0.kind):\($0.text)" }
    }
  }

  // fzf's TestParseTermsExtended, as fzf 0.74.5 parses it (its test is older: there a bar is never
  // a term; in 0.74.5 a bar that opens the query or follows another bar is a fuzzy term "|", as
  // `fzf --filter '| a'` matching nothing on lines without a bar shows).
  @Test(.offThePool) func parsesTermsAsFzfDoes() {
    #expect(
      shape("| aaa 'bbb ^ccc ddd$ !eee !'fff !^ggg !hhh$ | ^iii$ ^xxx | 'yyy | | zzz$ | !ZZZ |") == [
        ["fuzzy:|"], ["fuzzy:aaa"], ["contains:bbb"], ["prefix:ccc"], ["suffix:ddd"], ["!contains:eee"],
        ["!fuzzy:fff"], ["!prefix:ggg"], ["!suffix:hhh", "equal:iii"],
        ["prefix:xxx", "contains:yyy", "fuzzy:|"],
        ["suffix:zzz", "!contains:ZZZ"],
      ])
    #expect(shape("a | | b") == [["fuzzy:a", "fuzzy:|"], ["fuzzy:b"]])
  }

  // fzf's TestParseTermsExtendedExact.
  @Test(.offThePool) func parsesTermsInExactMode() {
    let sets = ExtendedPattern.parse("aaa 'bbb ^ccc ddd$ !eee !'fff !^ggg !hhh$", fuzzy: false)
    #expect(
      sets.map { $0[0].kind } == [.contains, .fuzzy, .prefix, .suffix, .contains, .fuzzy, .prefix, .suffix])
    #expect(sets.map { $0[0].isInverse } == [false, false, false, false, true, true, true, true])
    #expect(sets.allSatisfy { $0.count == 1 && $0[0].text.count == 3 })
  }

  // fzf's TestParseTermsEmpty.
  @Test(.offThePool) func marksAloneAreNoTerms() {
    #expect(ExtendedPattern.parse("' ^ !' !^", fuzzy: true).isEmpty)
  }

  @Test(.offThePool) func escapedSpacesAndEnds() {
    #expect(shape("  foo\\ bar  baz  ") == [["fuzzy:foo bar"], ["fuzzy:baz"]])
    // A trailing escaped space stays.
    #expect(shape("foo\\ ") == [["fuzzy:foo "]])
    #expect(shape("$") == [["fuzzy:$"]])
    #expect(shape("^abc$") == [["equal:abc"]])
    #expect(ExtendedPattern.isExtended("abc", fuzzy: true) == false)
    #expect(ExtendedPattern.isExtended("abc def", fuzzy: true))
    #expect(ExtendedPattern.isExtended("'abc", fuzzy: true))
    #expect(ExtendedPattern.isExtended("abc ", fuzzy: true))
  }

  func matches(_ query: String, _ lines: [String], mode: MatchMode = .fuzzy, extended: Bool = true)
    -> [String]
  {
    let prepared = SearchQuery(query, options: SearchOptions(mode: mode, usesExtendedSyntax: extended))
    return lines.filter { prepared.match($0) != nil }
  }

  let paths = [
    "/usr/lib/x.h", "/usr/share/zoneinfo/UTC", "/usr/lib/python3/py.py", "/opt/share/Makefile",
    "/usr/src/test/Makefile", "/usr/lib/libc.so", "/opt/bin/tool",
  ]

  @Test(.offThePool) func termsAreAndedOredAndNegated() {
    #expect(matches("usr share", paths) == ["/usr/share/zoneinfo/UTC"])
    #expect(matches("^/usr/lib .h$", paths) == ["/usr/lib/x.h"])
    #expect(
      matches("!py usr", paths) == [
        "/usr/lib/x.h", "/usr/share/zoneinfo/UTC", "/usr/src/test/Makefile", "/usr/lib/libc.so",
      ])
    #expect(matches("'zoneinfo", paths) == ["/usr/share/zoneinfo/UTC"])
    #expect(
      matches("lib | share", paths) == [
        "/usr/lib/x.h", "/usr/share/zoneinfo/UTC", "/usr/lib/python3/py.py", "/opt/share/Makefile",
        "/usr/lib/libc.so",
      ])
    #expect(matches("Makefile !test", paths) == ["/opt/share/Makefile"])
    #expect(matches("!^/usr !$tool", paths).isEmpty == false)
    #expect(matches("!^/usr", paths) == ["/opt/share/Makefile", "/opt/bin/tool"])
    #expect(matches("!tool$ ^/opt", paths) == ["/opt/share/Makefile"])
    #expect(matches("^/opt/bin/tool$", paths) == ["/opt/bin/tool"])
    // Fuzzy terms: "ulh" is a subsequence, "'ulh" is not a substring.
    #expect(matches("ulh x", paths) == ["/usr/lib/x.h"])
    #expect(matches("'ulh", paths).isEmpty)
    // Off: the whole query is one fuzzy term, its space included.
    #expect(matches("usr share", paths, extended: false).isEmpty)
    // A query of marks alone matches everything.
    #expect(matches("' ^", paths) == paths)
  }

  @Test(.offThePool) func exactModeFlipsQuotes() {
    #expect(matches("ulh", paths, mode: .contains).isEmpty)
    #expect(matches("'ulh", paths, mode: .contains) == ["/usr/lib/x.h", "/usr/lib/python3/py.py"])
    #expect(matches("share make", paths, mode: .contains) == ["/opt/share/Makefile"])
  }

  @Test(.offThePool) func highlightsEveryPositiveTerm() throws {
    let text = "/usr/share/zoneinfo/UTC"
    let match = try #require(
      SearchQuery("zone ^/usr !xyz", options: SearchOptions(mode: .fuzzy, usesExtendedSyntax: true)).match(
        text))
    #expect(match.ranges.map { String(text[$0]) } == ["/usr", "zone"])
  }

  @Test(.offThePool) func smartCase() {
    let options = SearchOptions(mode: .fuzzy, usesExtendedSyntax: true, usesSmartCase: true)
    #expect(SearchQuery("ZoneInfo", options: options).match("/usr/share/zoneinfo") == nil)
    #expect(SearchQuery("zoneinfo", options: options).match("/usr/share/ZoneInfo") != nil)
    #expect(SearchQuery("ZoneInfo", options: options).match("/usr/share/ZoneInfo") != nil)
    // The library's default ignores case.
    #expect(SearchQuery("ZoneInfo", options: SearchOptions(mode: .fuzzy)).match("/x/zoneinfo") != nil)
  }

  @Test(.offThePool) func lineFiltersSearchTheSameSets() throws {
    let text = paths.joined(separator: "\n")
    let filter = try LineFilter(utf8: Array(text.utf8))
    let options = SearchOptions(mode: .fuzzy, maximumCount: nil, usesExtendedSyntax: true)
    for query in ["usr share", "^/usr/lib .h$", "!py usr", "lib | share", "Makefile !test", "!^/usr"] {
      let wanted = Set(matches(query, paths))
      #expect(Set(try filter.matches(for: query, options: options).map(\.text)) == wanted, "\(query)")
      let streamed = try Array(text.utf8).withUnsafeBufferPointer { buffer in
        try StreamingLineFilter(query, options: options).matches(in: buffer).map {
          String(decoding: buffer[$0], as: UTF8.self)
        }
      }
      #expect(Set(streamed) == wanted, "\(query)")
    }
  }

  @Test(.offThePool) func termsHaveTheTyposTheirModeAllows() throws {
    let options = SearchOptions(mode: .contains, typoTolerance: .fixed(1), usesExtendedSyntax: true)
    let match = try #require(SearchQuery("helo wrld", options: options).match("hello world"))
    #expect(match.typos == 2)  // one for each term
    #expect(SearchQuery("helo !wrld", options: options).match("hello world") != nil)  // negations: exact
    #expect(SearchQuery("helo !world", options: options).match("hello world") == nil)
    #expect(SearchQuery("helo ^wrld", options: options).match("hello world") == nil)  // ^ anchors
    #expect(SearchQuery("^hwllo wor", options: options).match("hello world")?.typos == 1)
    #expect(SearchQuery("helo wrld$", options: options).match("hello world") == nil)  // suffix: no typos
    var off = options
    off.typoTolerance = .off
    #expect(SearchQuery("helo wrld", options: off).match("hello world") == nil)
    var fuzzy = options
    fuzzy.mode = .fuzzy  // fuzzy ignores typos, in its 'exact terms too
    #expect(SearchQuery("'hwllo wrld", options: fuzzy).match("hello world") == nil)
    // An exact match ranks before one with typos, in an index too.
    let index = SearchIndex(["hello world", "helo wrld"].map { AutocompleteItem($0) })
    #expect(
      try index.search("helo wrld", options: options).map(\.item.displayText) == ["helo wrld", "hello world"])
  }
}
