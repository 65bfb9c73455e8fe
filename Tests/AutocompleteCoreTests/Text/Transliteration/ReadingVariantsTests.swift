import TestSupport
import Testing

@testable import AutocompleteCore

/// The second common spelling of each script an index adds as one more reading (issue 37): the
/// last reading of a key, when it differs from the others.
@Suite("ReadingVariants")
struct ReadingVariantsTests {
  func texts(_ key: String) -> [String] { LatinReader.readings(of: key).map(\.text) }
  func variant(_ key: String) -> String? { texts(key).last }

  @Test("Hangul: McCune–Reischauer, voicing between voiced sounds, ㅓ ㅡ as o u, sound changes", .offThePool)
  func hangul() {
    #expect(variant("대구") == "taegu")
    #expect(variant("대전") == "taejon")
    #expect(variant("청주") == "chongju")
    #expect(variant("경주") == "kyongju")
    #expect(variant("김해") == "kimhae")
    #expect(variant("진주") == "chinju")
    #expect(variant("시흥") == "shihung")
    #expect(variant("신라") == "shilla")
    #expect(variant("종로") == "chongno")
    #expect(variant("철원") == "chorwon")
    // The same in both systems: no extra reading.
    #expect(texts("수원") == ["su won", "suwon"])
  }

  @Test("Ukrainian: the national system's ia, iu, ie, i inside a word, BGN's at its start", .offThePool)
  func ukrainian() {
    #expect(texts("Добропілля") == ["dobropillya", "dobropillia"])
    #expect(texts("Новоукраїнка") == ["novoukrayinka", "novoukrainka"])
    #expect(texts("Єнакієве") == ["yenakiyeve", "yenakiieve"])
    #expect(texts("Лівобережний") == ["livoberezhnyy", "livoberezhnyi"])
    #expect(texts("Ірпінь") == ["irpin"])
  }

  @Test("Russian: е always e, ё yo, ий and ый at a word's end y", .offThePool)
  func russian() {
    #expect(texts("Елиста") == ["yelista", "elista", "yelysta"])  // and as Ukrainian
    #expect(texts("Берёзовский") == ["berezovskiy", "beryozovsky"])
    #expect(texts("Южный") == ["yuzhnyy", "yuzhny"])
    #expect(texts("Ленинск-Кузнецкий") == ["leninsk-kuznetskiy", "leninsk-kuznetsky", "lenynsk-kuznetskyy"])
    // й not at a word's end, and words without such letters, have no second spelling.
    #expect(texts("Йошкар-Ола") == ["yoshkar-ola"])
    #expect(texts("Москва") == ["moskva"])
  }

  @Test(
    "Belarusian ў reads w (u in the second spelling) and г h; Serbian and Macedonian letters", .offThePool)
  func otherCyrillic() {
    #expect(texts("Браслаў") == ["braslaw", "braslau"])
    #expect(texts("Гродна") == ["grodna", "hrodna"])  // no ў or і: read as Russian, and as Ukrainian
    #expect(texts("Магілёў") == ["mahilew", "mahileu"])  // ё, which Ukrainian lacks, as in Russian
    #expect(texts("Љубљана") == ["ljubljana"])
    #expect(texts("Ђорђе") == ["djordje"])
    #expect(texts("Охрид") == ["okhrid", "okhryd"])
    #expect(texts("Ќерка") == ["kjerka"])
  }

  @Test(
    "A Cyrillic word with no letter that tells Ukrainian from Russian is also read as Ukrainian", .offThePool)
  func unmarkedUkrainian() {
    #expect(texts("Вишгород") == ["vishgorod", "vyshhorod"])
    #expect(texts("Луганськ") == ["lugansk", "luhansk"])
    #expect(texts("Житомир") == ["zhitomir", "zhytomyr"])
    #expect(texts("Суми") == ["sumi", "sumy"])
    // A Russian letter Ukrainian lacks (ы, э, ъ, ё) or a Ukrainian one: no Ukrainian reading added.
    #expect(texts("Сыктывкар") == ["syktyvkar"])
    #expect(texts("Объячево").count == 1)
    #expect(texts("Київ") == ["kyyiv", "kyiv"])
    // The Ukrainian reading maps back to the characters read.
    let reading = LatinReader.readings(of: "Суми").last
    let text = reading?.text ?? ""
    #expect(
      reading?.sourceRanges(of: [text.startIndex..<text.index(text.startIndex, offsetBy: 2)], in: "Суми")
        .map { String("Суми"[$0]) } == ["Су"])
  }

  @Test("Greek: the older English ph, kh, dh for φ, χ, δ", .offThePool)
  func greek() {
    #expect(texts("Πάφος") == ["pafos", "paphos"])
    #expect(texts("Χανιά") == ["chania", "khania"])
    #expect(texts("Δάφνη") == ["dafni", "dhaphni"])
    #expect(texts("Αθήνα") == ["athina"])
  }

  @Test("Kana: Hepburn's ji and zu for ぢ and づ, with long vowels shortened", .offThePool)
  func kana() {
    #expect(texts("おおづ") == ["oodzu", "ozu"])
    #expect(texts("ちぢみ") == ["chidjimi", "chijimi"])
  }

  @Test("Highlights of a second spelling map back to the characters read", .offThePool)
  func highlights() {
    let reading = LatinReader.readings(of: "부산")[2]
    #expect(reading.text == "pusan")
    let range = reading.text.startIndex..<reading.text.utf8.index(reading.text.startIndex, offsetBy: 3)
    #expect(reading.sourceRanges(of: [range], in: "부산").map { String("부산"[$0]) } == ["부산"])
  }
}
