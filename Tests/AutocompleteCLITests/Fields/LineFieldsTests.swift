import AutocompleteCore
import Testing

@testable import autocomplete

/// fzf's field expressions and delimiters (the cases of fzf's own tokenizer tests), and `--tac` /
/// `--no-sort` ordering.
@Suite("fields and order, as fzf")
struct LineFieldsTests {
  @Test func ranges() {
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

  @Test func tokenizes() {
    let input: Substring = "  abc: \n\t def:  ghi  "
    #expect(FieldDelimiter.awk.fields(of: input) == ["abc: \n\t ", "def:  ", "ghi  "])
    #expect(FieldDelimiter(":").fields(of: input) == ["  abc:", " \n\t def:", "  ghi  "])
    #expect(FieldDelimiter(#"\s+"#).fields(of: input) == ["  ", "abc: \n\t ", "def:  ", "ghi  "])
    #expect(FieldDelimiter(#"\t"#).fields(of: "a\tb") == ["a\t", "b"])
  }

  @Test func transforms() {
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

  @Test func orders() {
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
