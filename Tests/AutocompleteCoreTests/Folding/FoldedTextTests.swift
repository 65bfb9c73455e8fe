import AutocompleteCore
import TestSupport
import Testing

@Suite("FoldedText highlight mapping")
struct FoldedTextTests {
  let folder = TextFolder()

  /// The original text of every range that the folded occurrences of `needle` map to.
  func highlights(of needle: String, in text: String, folder: TextFolder = TextFolder()) -> [String] {
    let folded = folder.foldedWithMap(text)
    let query = folder.fold(needle).utf8
    var ranges: [Range<Int>] = []
    var start = 0
    while start + query.count <= folded.utf8.count, !query.isEmpty {
      if folded.utf8[start..<start + query.count].elementsEqual(query) {
        ranges.append(start..<start + query.count)
        start += query.count
      } else {
        start += 1
      }
    }
    return folded.originalRanges(forFoldedRanges: ranges).map { String(folded.original[$0]) }
  }

  @Test(.offThePool) func accentedLettersMapToTheirOriginals() {
    #expect(highlights(of: "duc", in: "Thủ Đức") == ["Đức"])
    #expect(highlights(of: "lodz", in: "w Łomży i Łódź") == ["Łódź"])
    #expect(highlights(of: "aeroskobing", in: "Ærøskøbing!") == ["Ærøskøbing"])
  }

  @Test(.offThePool) func decomposedLettersAreHighlightedWhole() {
    let text = "Cafe\u{301} Cre\u{300}me"
    #expect(highlights(of: "e", in: text) == ["e\u{301}", "e\u{300}", "e"])
    let folded = folder.foldedWithMap(text)
    #expect(folded.originalRanges(forFoldedRanges: [3..<4]).map { String(text[$0]) } == ["e\u{301}"])
  }

  @Test(.offThePool) func oneScalarFoldingToTwoBytesMapsWhole() {
    let folded = folder.foldedWithMap("Straße")
    #expect(folded.utf8 == Array("strasse".utf8))
    #expect(folded.originalRanges(forFoldedRanges: [4..<5]).map { String(folded.original[$0]) } == ["ß"])
    #expect(folded.originalRanges(forFoldedRanges: [5..<6]).map { String(folded.original[$0]) } == ["ß"])
    #expect(folded.originalRanges(forFoldedRanges: [0..<5]).map { String(folded.original[$0]) } == ["Straß"])
    #expect(highlights(of: "file", in: "a ﬁle") == ["ﬁle"])
  }

  @Test(.offThePool) func emojiFlagsAndFamiliesAreNeverSplit() {
    let text = "I ❤️ NY 🇺🇸🇫🇷 👨‍👩‍👧!"
    let folded = folder.foldedWithMap(text)
    let pieces = { (ranges: [Range<Int>]) in
      folded.originalRanges(forFoldedRanges: ranges).map { String(text[$0]) }
    }
    let heart = folded.utf8.firstIndex(of: 0xE2)!
    #expect(pieces([heart..<heart + 1]) == ["❤️"])
    let flags = folded.utf8.firstIndex(of: 0xF0)!
    #expect(pieces([flags..<flags + 4]) == ["🇺🇸"])
    #expect(pieces([flags + 8..<flags + 12]) == ["🇫🇷"])
    #expect(pieces([flags + 4..<flags + 9]) == ["🇺🇸🇫🇷"])
    #expect(pieces([flags + 17..<flags + 18]) == ["👨‍👩‍👧"])
  }

  @Test(.offThePool) func cjkAndRightToLeftTexts() {
    #expect(highlights(of: "京", in: "東京都") == ["京"])
    #expect(highlights(of: "서울", in: "서울특별시") == ["서울"])
    #expect(highlights(of: "محمد", in: "شارع مُحَمَّد الخامس") == ["مُحَمَّد"])
    #expect(highlights(of: "שלום", in: "עִיר שָׁלוֹם") == ["שָׁלוֹם"])
    #expect(highlights(of: "ガ", in: "ｶﾞﾝﾀﾞﾑ") == ["ｶﾞ"])
  }

  @Test(.offThePool) func nulBytesAndEmptyStrings() {
    #expect(highlights(of: "\0", in: "a\0b") == ["\0"])
    let empty = folder.foldedWithMap("")
    #expect(empty.utf8.isEmpty)
    #expect(empty.originalRanges(forFoldedRanges: [0..<1, 0..<0]).isEmpty)
  }

  @Test(.offThePool) func badRangesAreIgnoredAndGoodOnesMerged() {
    let text = "Hà Nội"
    let folded = folder.foldedWithMap(text)
    #expect(folded.utf8 == Array("ha noi".utf8))
    let ranges = folded.originalRanges(forFoldedRanges: [
      -3..<1, 4..<99, 2..<2, 5..<6, 4..<5, 3..<4, 0..<1, 1..<2,
    ])
    #expect(ranges.map { String(text[$0]) } == ["Hà", "Nội"])
    #expect(folded.originalRanges(forFoldedRanges: [0..<2, 1..<3]).map { String(text[$0]) } == ["Hà "])
  }

  @Test(.offThePool) func sensitiveModeMapsComposedClusters() {
    let sensitive = TextFolder(isCaseSensitive: true)
    let text = "Cafe\u{301}s"
    let folded = sensitive.foldedWithMap(text)
    #expect(folded.utf8 == Array("Cafés".utf8))
    #expect(folded.originalRanges(forFoldedRanges: [3..<5]).map { String(text[$0]) } == ["e\u{301}"])
    #expect(folded.originalRanges(forFoldedRanges: [5..<6]).map { String(text[$0]) } == ["s"])
  }

  @Test(.offThePool) func aMegabyteStringFoldsAndMaps() {
    let piece = "Thủ Đức 🇻🇳 Straße e\u{301} 東京 "
    let text = String(repeating: piece, count: 1_048_576 / piece.utf8.count + 1)
    let folded = folder.foldedWithMap(text)
    #expect(text.utf8.count > 1_048_576)
    #expect(folded.utf8.count > 800_000)
    let count = folded.utf8.count
    let ranges = folded.originalRanges(forFoldedRanges: [0..<3, count / 2..<count / 2 + 5, count - 4..<count])
    #expect(ranges.count == 3)
    #expect(ranges.last?.upperBound == text.endIndex)
    var buffer: [UInt8] = []
    folder.appendFolded(text, to: &buffer)
    #expect(buffer == folded.utf8)
  }

  @Test(.offThePool) func randomizedTextsMapToClusterBoundariesAndFoldIdempotently() {
    let pool = [
      "a", "Z", " ", "É", "e\u{301}", "\u{301}", "ß", "ẞ", "ﬁ", "🇺🇸", "🇫", "👨‍👩‍👧", "❤️", "東", "한",
      "\u{1100}\u{1161}", "\u{11A8}", "ı", "İ", "Ꭰ", "ς", "Σ", "\0", "שָׁ", "مُ", "हि", "が", "か\u{3099}",
      "ｶﾞ", "Œ", "ǅ", "\r\n", "ﷺ", "½", "Ｗ", "\u{AD}", "Đ", "ΐ", "ᾼ", "\u{FE0F}", "\u{200D}",
    ]
    var random = SplitMix64(seed: 0x5EED_F01D)
    for folder in [TextFolder(), TextFolder(isCaseSensitive: true)] {
      for _ in 0..<400 {
        let text = (0..<Int.random(in: 0...12, using: &random)).map { _ in pool.randomElement(using: &random)!
        }
        .joined()
        let folded = folder.foldedWithMap(text)
        var appended: [UInt8] = []
        folder.appendFolded(text, to: &appended)
        #expect(appended == folded.utf8, "\(text.unicodeScalars.map(\.value))")
        #expect(!folded.utf8.contains(0xFF))
        #expect(String(validating: folded.utf8, as: UTF8.self) != nil)
        let once = folder.fold(text)
        #expect(folder.fold(once) == once)
        #expect(Array(folder.fold(once).utf8) == folded.utf8)

        let boundaries = Set(text.indices + [text.endIndex])
        let count = folded.utf8.count
        var ranges: [Range<Int>] = []
        for _ in 0..<3 where count > 0 {
          let lower = Int.random(in: 0..<count, using: &random)
          ranges.append(lower..<Int.random(in: lower + 1...count, using: &random))
        }
        let mapped = folded.originalRanges(forFoldedRanges: ranges)
        #expect(ranges.isEmpty == mapped.isEmpty)
        for range in mapped {
          #expect(boundaries.contains(range.lowerBound) && boundaries.contains(range.upperBound))
          #expect(!range.isEmpty)
          #expect(String(text[range]).count == text[range].count)
        }
        for (first, second) in zip(mapped, mapped.dropFirst()) {
          #expect(first.upperBound < second.lowerBound)
        }
      }
    }
  }
}
