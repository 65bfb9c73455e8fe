import AutocompleteCore
import TestSupport
import Testing

/// The snippet of Guides/Folding.md, as written, and what its comments promise.
@Suite("Guides/Folding.md snippet")
struct FoldingGuideTests {
  @Test("folding, the map back to the original and case-sensitive folding", .offThePool)
  func snippet() {
    let folder = TextFolder()  // case- and diacritic-insensitive
    #expect(folder.fold("Thủ Đức") == "thu duc")
    #expect(folder.fold("ΣΊΣΥΦΟΣ") == folder.fold("σίσυφος"))
    #expect(folder.fold("σίσυφος") == "σισυφοσ")

    let folded = folder.foldedWithMap("Thủ Đức")  // folded bytes + a map back to the original
    #expect(folded.originalRanges(forFoldedRanges: [4..<7]).map { folded.original[$0] } == ["Đức"])

    #expect(TextFolder(isCaseSensitive: true).fold("Cafe\u{301}") == "Café")
    #expect(TextFolder(isCaseSensitive: true).fold("Cafe\u{301}").unicodeScalars.count == 4)  // NFC
  }
}
