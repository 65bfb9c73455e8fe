import AutocompleteCore
import TestSupport
import Testing

@testable import autocomplete

/// fzf's field expressions and delimiters (the cases of fzf's own tokenizer tests), and `--tac` /
/// `--no-sort` ordering.
@Suite("fields and order, as fzf")
struct LineFieldsTests {
  @Test(.offThePool) func ranges() {
    #expect(FieldRange("..")?.indices(among: 4) == FieldRange("1..")?.indices(among: 4))
    #expect(FieldRange("3..")?.start == 3 && FieldRange("3..")?.end == nil)
    #expect(FieldRange("-3..-5").map { ($0.start, $0.end) }! == (-3, -5))
    #expect(FieldRange("3")?.indices(among: 5) == 2..<3)
    #expect(FieldRange("-1")?.indices(among: 5) == 4..<5)
    #expect(FieldRange("..2")?.indices(among: 5) == 0..<2)
    #expect(FieldRange("7")?.indices(among: 5) == 0..<0)
    for invalid in ["1..3..5", "-3..3", "0", "x", ""] { #expect(FieldRange(invalid) == nil, "\(invalid)") }
    #expect(FieldRange.list("1,-1") == [FieldRange("1")!, FieldRange("-1")!])
    #expect(FieldRange.list("1,,2") == nil)
  }

  @Test(.offThePool) func tokenizes() {
    let input: Substring = "  abc: \n\t def:  ghi  "
    #expect(FieldDelimiter.awk.fields(of: input) == ["abc: \n\t ", "def:  ", "ghi  "])
    #expect(FieldDelimiter(":").fields(of: input) == ["  abc:", " \n\t def:", "  ghi  "])
    #expect(FieldDelimiter(#"\s+"#).fields(of: input) == ["  ", "abc: \n\t ", "def:  ", "ghi  "])
    #expect(FieldDelimiter(#"\t"#).fields(of: "a\tb") == ["a\t", "b"])
  }

  @Test(.offThePool) func transforms() {
    let line = "  abc:  def:  ghi:  jkl"
    var fields = LineFields(shown: FieldRange.list("1,2,3"))
    #expect(fields.displayText(of: line) == "abc:  def:  ghi:")  // blanks at the end trimmed
    fields.shown = FieldRange.list("1..2,3,2..,1")
    #expect(fields.displayText(of: line) == "abc:  def:  ghi:  def:  ghi:  jklabc:")
    fields.delimiter = FieldDelimiter(":")
    #expect(fields.displayText(of: line) == "  abc:  def:  ghi:  def:  ghi:  jkl  abc:")
    // --nth searches the fields of what is shown, the delimiter after the last one left out.
    let nth = LineFields(delimiter: FieldDelimiter(":"), searched: FieldRange.list("2"))
    #expect(nth.searchText(of: "a:b:c") == "b")
    #expect(nth.displayText(of: "a:b:c") == "a:b:c")
    let both = LineFields(
      delimiter: FieldDelimiter(":"), shown: FieldRange.list("2.."), searched: FieldRange.list("-1"))
    #expect(both.displayText(of: "a:b:c") == "b:c" && both.searchText(of: "a:b:c") == "c")
  }

  @Test(.offThePool) func orders() {
    let lines = [
      RankedLine(line: 0, kind: .fuzzy, score: 10, length: 5),
      RankedLine(line: 1, kind: .fuzzy, score: 20, length: 5),
      RankedLine(line: 2, kind: .fuzzy, score: 10, length: 5),
    ]
    #expect(LineOrder().ordered(lines, limit: nil).map(\.line) == [1, 0, 2])
    #expect(LineOrder(isReversed: true).ordered(lines, limit: nil).map(\.line) == [1, 2, 0])
    #expect(LineOrder(isSorted: false).ordered(lines, limit: 2).map(\.line) == [0, 1])
    #expect(LineOrder(isReversed: true, isSorted: false).ordered(lines, limit: nil).map(\.line) == [2, 1, 0])
    #expect(LineOrder(isReversed: true).everyLine(count: 4, limit: 2) == [3, 2])
    #expect(LineOrder().everyLine(count: 4, limit: nil) == [0, 1, 2, 3])
  }
}

/// Several `--nth` ranges searched apart, and highlights put back on the row and the line.
@Suite("fields searched apart")
struct LineFieldsApartTests {
  let fields = LineFields(delimiter: FieldDelimiter(":"), searched: FieldRange.list("3,1"))

  @Test(.offThePool) func searchTextJoinsRangesWithTheSeparator() {
    // The last range's delimiter is dropped, the others' kept (as fzf).
    #expect(fields.searchText(of: "ab:x:cd:e") == "cd:\u{1F}ab")
    let inOrder = LineFields(delimiter: FieldDelimiter(":"), searched: FieldRange.list("1,3"))
    #expect(inOrder.searchText(of: "ab:x:cd:e") == "ab:\u{1F}cd")
    // A regular-expression delimiter too.
    let expression = LineFields(delimiter: FieldDelimiter("[:;]+"), searched: FieldRange.list("1,3"))
    #expect(expression.searchText(of: "ab;:x:cd::e") == "ab;:\u{1F}cd")
    // A unit separator in the line is searched as a space.
    #expect(fields.searchText(of: "a\u{1F}b:x:c") == "c\u{1F}a b")
    // One range: no separator.
    #expect(
      LineFields(delimiter: FieldDelimiter(":"), searched: FieldRange.list("1..2")).searchText(of: "a:b:c")
        == "a:b")
  }

  @Test(.offThePool) func highlightsGoBackToTheRowAndTheLine() {
    let options = fields.searchOptions(SearchOptions(mode: .fuzzy, usesExtendedSyntax: true))
    // Field 3 ("cd:") has no "a"; field 1 has; field 4's "ab" is not searched.
    let row = "xa:x:cd:ab"
    let ranges = fields.highlights(of: SearchQuery("a", options: options), inShown: row)
    #expect(ranges.map { String(row[$0]) } == ["a"])
    #expect(ranges.first?.lowerBound == row.utf8.index(row.startIndex, offsetBy: 1))
    let query = SearchQuery("^a", options: options)
    // --with-nth 2..: the row is "xa:x:ab"; "^a" matches field 3 of it, at the line's byte 7.
    let shownToo = LineFields(
      delimiter: FieldDelimiter(":"), shown: FieldRange.list("2.."), searched: FieldRange.list("3,1"))
    let line = "q:xa:x:ab"
    #expect(shownToo.displayText(of: line) == "xa:x:ab")
    #expect(shownToo.highlightRanges(of: query, inLine: line) == [7..<8])
  }

  @Test(.offThePool) func pickHighlightsRowsWhereTheFieldsMatched() {
    let options = fields.searchOptions(SearchOptions(mode: .fuzzy, usesExtendedSyntax: true))
    let row = "xa:x:cd:ab"
    // pick's highlighter: field 1's "a", not field 4's (unsearched) nor a plain match of the row's.
    let ranges = PickerData.highlights(of: SearchQuery("a", options: options), in: row, fields: fields)
    #expect(
      ranges == [row.utf8.index(row.startIndex, offsetBy: 1)..<row.utf8.index(row.startIndex, offsetBy: 2)])
    #expect(PickerData.highlights(of: SearchQuery("ac", options: options), in: row, fields: fields).isEmpty)
  }

  @Test(.offThePool) func piecesMapRangesBack() {
    var text = PiecedText()
    let source = "hello world"
    text.append(source.dropFirst(6), of: source)
    text.append(separator: "\u{1F}")
    text.append(source.prefix(5), of: source)
    #expect(text.text == "world\u{1F}hello")
    #expect(text.sourceRanges(of: [0..<2, 4..<8]) == [6..<8, 10..<11, 0..<2])
  }
}
