import TestSupport
import Testing

@testable import AutocompleteCore

/// ``SearchOptions/fieldSeparator``: each term matches inside one field, the first it matches in,
/// as fzf's `--nth` with several ranges (`iter` in fzf's `src/pattern.go`).
@Suite("Matching field by field")
struct FieldSeparatorTests {
  func options(_ mode: MatchMode, extended: Bool = true, separator: Unicode.Scalar? = "\u{1F}")
    -> SearchOptions
  {
    var options = SearchOptions(mode: mode, usesExtendedSyntax: extended)
    options.fieldSeparator = separator
    return options
  }

  func highlighted(_ query: String, _ text: String, _ options: SearchOptions) -> [String]? {
    SearchQuery(query, options: options).match(text).map { match in match.ranges.map { String(text[$0]) } }
  }

  @Test(.offThePool) func noMatchAcrossFields() {
    #expect(highlighted("abcd", "ab\u{1F}cd", options(.fuzzy)) == nil)
    #expect(highlighted("abcd", "ab\u{1F}cd", options(.fuzzy, separator: nil)) == ["ab", "cd"])
    #expect(highlighted("b\u{1F}c", "ab\u{1F}cd", options(.contains, extended: false)) == nil)
    #expect(highlighted("abcd", "x\u{1F}abcd", options(.fuzzy)) == ["abcd"])
  }

  @Test(.offThePool) func anchorsAtEveryField() {
    #expect(highlighted("^cd", "ab\u{1F}cd", options(.fuzzy)) == ["cd"])
    #expect(highlighted("ab$", "ab\u{1F}cd", options(.fuzzy)) == ["ab"])
    #expect(highlighted("^ab$", "xab\u{1F}ab", options(.fuzzy)) == ["ab"])
    // A plain query of an anchored mode keeps its kind, field by field.
    let prefix = SearchQuery("cd", options: options(.prefix, extended: false)).match("ab\u{1F}cd")
    #expect(prefix?.kind == .exact && prefix?.ranges.count == 1)
    #expect(SearchQuery("c", options: options(.prefix, extended: false)).match("ab\u{1F}cd")?.kind == .prefix)
    #expect(SearchQuery("b", options: options(.suffix, extended: false)).match("ab\u{1F}cd") != nil)
    #expect(SearchQuery("b", options: options(.prefix, extended: false)).match("ab\u{1F}cd") == nil)
  }

  @Test(.offThePool) func firstMatchingFieldGivesScoreAndRanges() {
    // The term matches field 1 scattered and field 2 whole: fzf takes the first field.
    let text = "a_x_b\u{1F}ab"
    #expect(highlighted("ab", text, options(.fuzzy)) == ["a", "b"])
    let inField = SearchQuery("ab", options: options(.fuzzy)).match(text)?.score
    let alone = SearchQuery("ab", options: options(.fuzzy, separator: nil)).match("a_x_b")?.score
    #expect(inField == alone)
    // Each term finds its own field.
    #expect(highlighted("^x 'b", "ab\u{1F}xy", options(.fuzzy)) == ["b", "x"])
  }

  @Test(.offThePool) func negationsLookInEveryField() {
    #expect(highlighted("!cd", "ab\u{1F}cd", options(.fuzzy)) == nil)
    #expect(highlighted("!^b", "ab\u{1F}cd", options(.fuzzy)) == [])
    #expect(highlighted("!^c", "ab\u{1F}cd", options(.fuzzy)) == nil)
    #expect(highlighted("!b$", "ab\u{1F}cd", options(.fuzzy)) == nil)
  }

  @Test(.offThePool) func unusableSeparatorsKeepOneField() {
    #expect(SearchOptions().fieldSeparatorByte == nil)
    #expect(options(.fuzzy, separator: "a").fieldSeparatorByte == nil)
    #expect(options(.fuzzy, separator: "7").fieldSeparatorByte == nil)
    #expect(options(.fuzzy, separator: "é").fieldSeparatorByte == nil)
    #expect(options(.words, separator: ",").fieldSeparatorByte == nil)
    #expect(options(.fuzzy, separator: ",").fieldSeparatorByte == 0x2C)
  }

  @Test(.offThePool) func typosAreTriedAfterEveryFieldFailsWithout() {
    var options = options(.contains, extended: false)
    options.typoTolerance = .fixed(1)
    // "pari" is in field 2 whole; field 1's "pzri" would need a typo.
    #expect(highlighted("pari", "pzri\u{1F}paris", options) == ["pari"])
    #expect(SearchQuery("pari", options: options).match("pzri\u{1F}x")?.typos == 1)
  }
}
