import Foundation
import TestSupport
import Testing

@testable import AutocompleteCore

/// Wherever Foundation's case- and diacritic-insensitive folding calls two texts equal, ours must
/// too (ours folds more, never less).
@Suite("Folding versus Foundation")
struct FoldingDifferentialTests {
  /// Place and person names from many languages and scripts.
  static let corpus: [String] = [
    // Vietnamese
    "Thủ Đức", "Hà Nội", "Đà Nẵng", "Nguyễn Thị Minh Khai", "Huế", "Cần Thơ", "Phú Quốc",
    // Polish
    "Łódź", "Kraków", "Gdańsk", "Wrocław", "Źdźbło", "Świętokrzyskie", "Żółć",
    // Czech, Slovak
    "Brno", "Ústí nad Labem", "Černošice", "Říčany", "Dvořák", "Žilina", "Ďumbier",
    // German
    "München", "Straße", "Düsseldorf", "Görlitz", "Weißenburg", "ÄÖÜ äöü",
    // French
    "Besançon", "Orléans", "Île-de-France", "Cœur d'Alène", "Noël", "Aÿ-Champagne",
    // Turkish, Azerbaijani
    "İstanbul", "Diyarbakır", "Şanlıurfa", "Iğdır", "Çanakkale", "Gəncə",
    // Icelandic, Faroese
    "Þingvellir", "Sauðárkrókur", "Reykjavík", "Ísafjörður", "Tórshavn",
    // Danish, Norwegian, Swedish, Finnish
    "Ærøskøbing", "Øresund", "Tromsø", "Ålesund", "Göteborg", "Jyväskylä",
    // Greek
    "Αθήνα", "Θεσσαλονίκη", "ΣΊΣΥΦΟΣ", "σίσυφος", "Ηράκλειο", "Πειραιάς", "Ϊ ϋ ΐ",
    // Russian, Ukrainian, Belarusian, Serbian, Kazakh
    "Москва", "Ёлка", "Санкт-Петербург", "Київ", "Львів", "Запоріжжя", "Ґанок", "Мінск",
    "Београд", "Ниш", "Ђурђевдан", "Џеп", "Алматы", "Қарағанды", "Өскемен",
    // Spanish, Catalan, Basque
    "Cádiz", "Logroño", "A Coruña", "Lleida", "Sant Adrià", "Col·legi", "Donostia",
    // Portuguese
    "São Paulo", "Maceió", "Brasília", "Conceição", "Guimarães",
    // Romanian
    "Iași", "Brașov", "Timișoara", "Constanța", "Târgu Mureș", "Bacău",
    // Hungarian
    "Győr", "Székesfehérvár", "Hódmezővásárhely", "Pécs",
    // Croatian, Slovenian, Bosnian
    "Đakovo", "Čakovec", "Šibenik", "Ljubljana", "Bihać",
    // Lithuanian, Latvian, Estonian
    "Šiauliai", "Klaipėda", "Panevėžys", "Jūrmala", "Liepāja", "Daugavpils", "Ķekava", "Pärnu",
    // Maltese
    "Ħal Qormi", "Ħamrun", "Għajnsielem", "Iż-Żebbuġ", "Ċirkewwa",
    // Welsh
    "Llanfair­pwllgwyngyll", "Ŵyddgrug", "Ynys Môn", "Llŷn",
    // Esperanto
    "Ĉeĥio", "Ĝenevo", "Ĥaŭo", "Ĵurnalo", "Ŝanhajo", "Eŭropo",
    // Irish, Scottish Gaelic, Breton
    "Dún Laoghaire", "Gaillimh", "Ceann Loch Gilb", "Kemper",
    // Albanian, Romansh, Sami, Guarani
    "Shkodër", "Durrës", "Mustér", "Ohcejohka", "Kárášjohka", "Čáhcesuolu", "Asunción", "Ñeembucú",
    // Japanese
    "東京", "大阪", "ぎふ", "ガンダム", "ｶﾞﾝﾀﾞﾑ", "パリ", "ﾊﾟﾘ", "きょうと",
    // Chinese
    "北京", "上海", "廣州", "臺北", "香港",
    // Korean
    "서울", "부산", "한국어", "제주",
    // Arabic, Persian
    "القاهرة", "مُحَمَّد", "أحمد", "إسماعيلية", "تهران", "مـحـمـد",
    // Hebrew, Yiddish
    "ירושלים", "תֵּל אָבִיב", "שָׁלוֹם", "חיפה",
    // Hindi, Bengali, Tamil, Thai
    "हिन्दी", "दिल्ली", "क़िला", "বাংলা", "தமிழ்நாடு", "กรุงเทพมหานคร", "เชียงใหม่",
    // Armenian, Georgian, Amharic
    "Երևան", "თბილისი", "አዲስ አበባ",
    // Compatibility forms and odds
    "ﬁle ﬂow", "ＡＢＣ ｄｅｆ", "x² ½", "Ǆemal", "ǅemal", "ĲSSELMEER", "Ĳsselmeer",
    "I ❤️ NY 🇺🇸", "👨‍👩‍👧 family", "a\0b", "",
  ]

  /// The texts, each also uppercased, lowercased, stripped of accents by Foundation, and in NFD.
  static let variants: [String] = corpus.flatMap { name in
    [
      name, name.uppercased(), name.lowercased(), name.folding(options: .diacriticInsensitive, locale: nil),
      name.decomposedStringWithCanonicalMapping, name.precomposedStringWithCanonicalMapping,
    ]
  }

  static func foundationFold(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
  }

  func ours(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = []
    TextFolder().appendFolded(text, to: &bytes)
    return bytes
  }

  @Test(.offThePool) func corpusCoversManyLanguages() {
    #expect(Self.corpus.count >= 150)
  }

  @Test(.offThePool) func whereFoundationSaysEqualWeSayEqual() {
    // String's == and hashing follow canonical equivalence, as Foundation's comparisons do.
    var groups: [String: Set<[UInt8]>] = [:]
    var examples: [String: [String]] = [:]
    for text in Self.variants {
      let key = Self.foundationFold(text)
      groups[key, default: []].insert(ours(text))
      examples[key, default: []].append(text)
    }
    for (key, folds) in groups where folds.count > 1 {
      let shown = folds.map { String(decoding: $0, as: UTF8.self) }
      Issue.record("Foundation folds \(examples[key] ?? []) to \(key); ours gives \(shown)")
    }
  }

  /// Scalars we fold further than Foundation on purpose, each with its reason (Guides/Folding.md).
  static let deliberateExceptions: [UInt32: String] = [
    0x0149: "ŉ folds to n (the letter without its apostrophe, as ŀ loses its dot); Foundation keeps ʼn"
  ]

  @Test(.offThePool) func everyLatinGreekCyrillicScalarAgreesWithFoundation() throws {
    let blocks: [ClosedRange<UInt32>] = [
      0x00C0...0x024F, 0x0250...0x02AF, 0x0370...0x03FF, 0x0400...0x052F, 0x1C80...0x1C8F, 0x1D00...0x1DBF,
      0x1E00...0x1EFF, 0x1F00...0x1FFF, 0x2C60...0x2C7F, 0x2DE0...0x2DFF, 0xA640...0xA69F,
      0xA720...0xA7FF, 0xAB30...0xAB6F, 0xFB00...0xFB06,
    ]
    let version = FoldingTable.unicodeVersion.split(separator: ".").compactMap { Int($0) }
    var checked = 0
    for value in blocks.joined() where Self.deliberateExceptions[value] == nil {
      let scalar = try #require(Unicode.Scalar(value))
      // Scalars newer than our table's Unicode data are outside the contract.
      guard let age = scalar.properties.age, (age.major, age.minor) <= (version[0], version[1]) else {
        continue
      }
      let text = String(scalar)
      let foundation = Self.foundationFold(text)
      checked += 1
      #expect(
        ours(text) == ours(foundation),
        "U+\(String(value, radix: 16, uppercase: true)) \(text): Foundation \(foundation), ours \(TextFolder().fold(text))"
      )
    }
    #expect(checked > 2000)
  }

  @Test(.offThePool) func sensitiveFoldIsFoundationsNFC() {
    let folder = TextFolder(isCaseSensitive: true)
    for text in Self.variants {
      var bytes: [UInt8] = []
      folder.appendFolded(text, to: &bytes)
      #expect(bytes == Array(text.precomposedStringWithCanonicalMapping.utf8), "\(text)")
      #expect(folder.foldedWithMap(text).utf8 == bytes, "\(text)")
    }
  }
}
