import AutocompleteTerminal
import TestSupport
import Testing

@Suite("DisplayWidth")
struct DisplayWidthTests {
  @Test(
    "string widths",
    .offThePool,
    arguments: [
      ("", 0), ("Paris", 5), ("é", 1), ("e\u{301}", 1), ("東京", 4), ("ｱ", 1), ("Ａ", 2), ("한국", 4),
      ("👍", 2), ("👍🏽", 2), ("👨‍👩‍👧", 2), ("🇫🇷", 2), ("❤️", 2), ("❤", 1), ("1️⃣", 2), ("☺", 1),
      ("שלום", 4), ("مرحبا", 5), ("a\u{200B}b", 2), ("\u{0301}", 0), ("\t", 0), ("\u{1B}", 0),
      ("Zürich", 6), ("São Paulo", 9), ("München 東京 👍", 15), ("ﷺ", 1),
    ])
  func widths(text: String, expected: Int) {
    #expect(text.displayWidth == expected, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
  }

  @Test("every character of a string has width 0, 1 or 2, and the string is their sum", .offThePool)
  func characterSum() {
    let text = "Kraków 東京 👨‍👩‍👧 🇯🇵 e\u{301} ا"
    let sum = text.reduce(0) { total, character in
      #expect((0...2).contains(character.displayWidth))
      return total + character.displayWidth
    }
    #expect(sum == text.displayWidth)
    #expect(sum == 6 + 1 + 4 + 1 + 2 + 1 + 2 + 1 + 1 + 1 + 1)
  }

  @Test("truncation keeps clusters whole and fits the columns", .offThePool)
  func truncation() {
    #expect("Paris".truncated(toColumns: 10) == "Paris")
    #expect("Paris".truncated(toColumns: 5) == "Paris")
    #expect("Paris".truncated(toColumns: 4) == "Par…")
    #expect("東京都".truncated(toColumns: 4) == "東…")
    #expect("東京都".truncated(toColumns: 5) == "東京…")
    #expect("👨‍👩‍👧👨‍👩‍👧".truncated(toColumns: 3) == "👨‍👩‍👧…")
    #expect("e\u{301}e\u{301}e\u{301}".truncated(toColumns: 2) == "e\u{301}…")
    #expect("Paris".truncated(toColumns: 0) == "")
    #expect("Paris".truncated(toColumns: 1) == "…")
    #expect("東京".truncated(toColumns: 1) == "…")
    #expect("Paris".truncated(toColumns: 4, ellipsis: "...") == "P...")
    #expect("Paris".truncated(toColumns: 2, ellipsis: "...") == "Pa")
    for columns in 0...12 {
      let cut = "München 東京 👍".truncated(toColumns: columns)
      #expect(cut.displayWidth <= columns)
    }
  }

  @Test("prefix fitting columns", .offThePool)
  func prefix() {
    #expect("東京".prefix(fittingColumns: 3) == "東")
    #expect("abc".prefix(fittingColumns: 0) == "")
    #expect("abc".prefix(fittingColumns: -1) == "")
  }
}
