import AutocompleteCore
import TestSupport
import Testing

@Suite("TextFolder")
struct TextFolderTests {
  let folder = TextFolder()
  let sensitive = TextFolder(isCaseSensitive: true)

  func bytes(_ text: String, _ folder: TextFolder = TextFolder()) -> [UInt8] {
    var buffer: [UInt8] = []
    folder.appendFolded(text, to: &buffer)
    return buffer
  }

  @Test(
    "Letters Foundation leaves alone fold to their base letters",
    .offThePool,
    arguments: [
      ("Đ", "đ", "d"), ("Ø", "ø", "o"), ("Ł", "ł", "l"), ("Æ", "æ", "ae"), ("Œ", "œ", "oe"),
      ("ẞ", "ß", "ss"), ("Þ", "þ", "th"), ("Ð", "ð", "d"), ("Ŋ", "ŋ", "n"), ("İ", "ı", "i"),
      ("Ħ", "ħ", "h"), ("Ŧ", "ŧ", "t"), ("Ƀ", "ƀ", "b"), ("Ɨ", "ɨ", "i"), ("Ɵ", "ɵ", "o"),
      ("Ǥ", "ǥ", "g"), ("Ɍ", "ɍ", "r"), ("Ƶ", "ƶ", "z"), ("Ғ", "ғ", "г"), ("Қ", "қ", "к"),
      ("Ё", "ё", "е"), ("Ї", "ї", "і"), ("Й", "й", "и"), ("Ά", "ά", "α"), ("Σ", "ς", "σ"),
      ("Ａ", "ａ", "a"), ("Ǆ", "ǆ", "dz"), ("Ĳ", "ĳ", "ij"),
    ])
  func letter(upper: String, lower: String, expected: String) {
    #expect(folder.fold(upper) == expected)
    #expect(folder.fold(lower) == expected)
  }

  @Test(
    "Letters without an upper-case form", .offThePool,
    arguments: [("ĸ", "q"), ("ſ", "s"), ("ﬁ", "fi"), ("ﬀ", "ff")])
  func lowerOnly(letter: String, expected: String) {
    #expect(folder.fold(letter) == expected)
  }

  @Test(.offThePool) func vietnameseDistrictIsFoundByPlainLetters() {
    #expect(folder.fold("Thủ Đức") == "thu duc")
    #expect(folder.fold("Thủ Đức").contains(folder.fold("duc")))
  }

  @Test(.offThePool) func examplesFromTheIssue() {
    #expect(folder.fold("Łódź") == "lodz")
    #expect(folder.fold("Øresund") == "oresund")
    #expect(bytes("straße") == bytes("STRASSE"))
    #expect(folder.fold("ﬁle") == "file")
    #expect(folder.fold("ＡＢＣ") == "abc")
    #expect(folder.fold("İstanbul") == "istanbul")
    #expect(folder.fold("ıstanbul") == "istanbul")
    #expect(bytes("ΣΊΣΥΦΟΣ") == bytes("σίσυφος"))
    #expect(folder.fold("σίσυφος") == "σισυφοσ")
    #expect(bytes("Ёлка") == bytes("елка"))
    #expect(folder.fold("Þingvellir") == "thingvellir")
    #expect(folder.fold("Sauðárkrókur") == "saudarkrokur")
    #expect(folder.fold("Cœur") == "coeur")
    #expect(folder.fold("Ærøskøbing") == "aeroskobing")
  }

  @Test(.offThePool) func decomposedInputFoldsLikePrecomposed() {
    #expect(bytes("Cafe\u{301}") == bytes("Café"))
    #expect(folder.fold("a\u{301}\u{323}") == "a")
    #expect(bytes("Tho\u{31B}\u{300}") == bytes("Thờ"))
    #expect(bytes("\u{1112}\u{1161}\u{11AB}\u{1100}\u{116E}\u{11A8}") == bytes("한국"))
    #expect(bytes("か\u{3099}") == bytes("が"))
    #expect(bytes("ｶﾞ") == bytes("ガ"))
  }

  @Test(.offThePool) func scriptsWhoseMarksAreLettersKeepThem() {
    #expect(folder.fold("हिन्दी") == "हिन्दी")
    #expect(folder.fold("ไทย") == "ไทย")
    #expect(bytes("が") != bytes("か"))
    #expect(folder.fold("한국어") == "한국어")
  }

  @Test(.offThePool) func hebrewAndArabicPointsAreDropped() {
    #expect(folder.fold("שָׁלוֹם") == "שלום")
    #expect(folder.fold("مُحَمَّد") == "محمد")
    #expect(folder.fold("مـحـمـد") == "محمد")
    #expect(folder.fold("أحمد") == "احمد")
  }

  @Test(.offThePool) func invisibleFormattingIsDropped() {
    #expect(folder.fold("Ab\u{AD}c") == "abc")
    #expect(folder.fold("\u{FEFF}x\u{200B}y") == "xy")
    #expect(bytes("❤️") == bytes("❤"))
  }

  @Test(.offThePool) func asciiIsLoweredAndOtherwiseKept() {
    let ascii = String(decoding: (0..<128).map { UInt8($0) }, as: UTF8.self)
    #expect(folder.fold(ascii) == ascii.lowercased())
    #expect(folder.fold("a\0b") == "a\0b")
    #expect(folder.fold("") == "")
  }

  @Test(.offThePool) func appendFoldedAppends() {
    var buffer: [UInt8] = Array("x|".utf8)
    folder.appendFolded("Đức", to: &buffer)
    folder.appendFolded("ß", to: &buffer)
    #expect(buffer == Array("x|ducss".utf8))
    #expect(folder.foldedWithMap("Đức ß").utf8 == Array("duc ss".utf8))
  }

  @Test(.offThePool) func sensitiveModeKeepsCaseAndMarks() {
    #expect(sensitive.fold("Thủ Đức") == "Thủ Đức")
    #expect(sensitive.fold("STRASSE") != sensitive.fold("straße"))
    #expect(bytes("Łódź", sensitive) == Array("Łódź".utf8))
    #expect(bytes("Ab", sensitive) == Array("Ab".utf8))
  }

  @Test(.offThePool) func sensitiveModeComposesCanonically() {
    let precomposed = "Caf\u{E9} \u{1EC7} \u{D55C}"
    let decomposed = "Cafe\u{301} e\u{323}\u{302} \u{1112}\u{1161}\u{11AB}"
    #expect(Array(precomposed.utf8) != Array(decomposed.utf8))
    #expect(bytes(decomposed, sensitive) == Array(precomposed.utf8))
    #expect(sensitive.foldedWithMap(decomposed).utf8 == Array(precomposed.utf8))
    #expect(sensitive.foldedWithMap(precomposed).utf8 == Array(precomposed.utf8))
  }

  @Test(.offThePool) func foldsAreIdempotentAndValid() {
    let samples = [
      "Thủ Đức", "ﷺ", "½ ™ ①", "ǅ", "ΐ", "ᾼ", "Ꭰꭰ", "İı", "ŉ", "ẞ", "﬌", "ｶﾞ", "㈎", "ﾡ", "゛", "\u{1100}",
    ]
    for sample in samples {
      let once = bytes(sample)
      #expect(bytes(String(decoding: once, as: UTF8.self)) == once, "\(sample)")
      #expect(String(validating: once, as: UTF8.self) != nil)
      #expect(!once.contains(0xFF))
    }
  }
}
