import TestSupport
import Testing

@testable import AutocompleteCore

/// The Latin readings of keys in other scripts (issue 37), from the generated tables.
@Suite("LatinReader")
struct LatinReaderTests {
  func texts(_ key: String) -> [String] { LatinReader.readings(of: key).map(\.text) }

  @Test("Han: pinyin with and without spaces, and the initials", .offThePool)
  func han() {
    #expect(texts("北京") == ["bei jing", "beijing", "bj"])
    #expect(texts("上海市") == ["shang hai shi", "shanghaishi", "shs"])
    // One reading per character, the most common: 重 is "zhong" (Chongqing is a typo away).
    #expect(texts("重庆") == ["zhong qing", "zhongqing", "zq"])
    // Japanese kanji read as Mandarin: out of reach without a dictionary.
    #expect(texts("東京") == ["dong jing", "dongjing", "dj"])
  }

  @Test("Cyrillic: BGN/PCGN, ye at a word's start, soft signs silent, Ukrainian words", .offThePool)
  func cyrillic() {
    #expect(texts("Москва") == ["moskva"])
    // A word with no letter only Russian or only Ukrainian has is also read the Ukrainian way
    // (и as y, г as h), after the Russian readings; where both agree there is one reading.
    #expect(texts("Екатеринбург") == ["yekaterinburg", "ekaterinburg", "yekaterynburh"])
    #expect(texts("Ярославль") == ["yaroslavl"])
    #expect(texts("Щёлково") == ["shchelkovo", "shchyolkovo"])
    #expect(texts("Санкт-Петербург") == ["sankt-peterburg", "sankt-peterburh"])
    #expect(texts("Київ") == ["kyyiv", "kyiv"])
    #expect(texts("Харків") == ["kharkiv"])
  }

  @Test("Greek: UNGEGN letters and digraphs", .offThePool)
  func greek() {
    #expect(texts("Αθήνα") == ["athina"])
    #expect(texts("Θεσσαλονίκη") == ["thessaloniki"])
    #expect(texts("Πειραιάς") == ["peiraias"])
    #expect(texts("Ευβοια") == ["evvoia"])
  }

  @Test("Hangul: Revised Romanization from the jamo, syllables spaced or not", .offThePool)
  func hangul() {
    #expect(texts("서울") == ["seo ul", "seoul", "soul"])
    #expect(texts("부산") == ["bu san", "busan", "pusan"])
    #expect(texts("인천") == ["in cheon", "incheon", "inchon"])
    #expect(texts("광주") == ["gwang ju", "gwangju", "kwangju"])
    #expect(texts("울릉") == ["ul leung", "ulleung", "ullung"])
  }

  @Test("Kana: Hepburn, digraphs, small tsu, long vowels kept and shortened", .offThePool)
  func kana() {
    #expect(texts("とうきょう") == ["toukyou", "tokyo"])
    #expect(texts("ほっかいどう") == ["hokkaidou", "hokkaido"])
    #expect(texts("おおさか") == ["oosaka", "osaka"])
    #expect(texts("ラーメン") == ["raamen", "ramen"])
    #expect(texts("しんじゅく") == ["shinjuku"])
  }

  @Test("Latin and unread scripts have no readings; mixed keys keep their other characters", .offThePool)
  func others() {
    #expect(texts("Zürich").isEmpty)
    #expect(texts("Paris 75").isEmpty)
    #expect(texts("القاهرة").isEmpty)
    #expect(texts("").isEmpty)
    #expect(texts("北京 Airport 1") == ["bei jing Airport 1", "beijing Airport 1", "bj Airport 1"])
  }

  @Test("The Han table covers U+3400 through U+9FFF, one syllable each", .offThePool)
  func hanTable() {
    #expect(LatinReader.hanIndexes.count == 0x9FFF - 0x3400 + 1)
    #expect(LatinReader.hanIndexes.allSatisfy { Int($0) < ReadingTables.hanSyllables.count })
    let read = LatinReader.hanIndexes[(0x4E00 - 0x3400)...].filter { $0 != 0 }.count
    #expect(read > 20_000)  // nearly every Unified Ideograph has a reading
  }

  @Test("Highlights map back to the characters read, whole clusters", .offThePool)
  func highlights() throws {
    func mapped(_ key: String, reading index: Int, _ lower: Int, _ upper: Int) -> [String] {
      let reading = LatinReader.readings(of: key)[index]
      let text = reading.text
      let range =
        text.utf8.index(text.startIndex, offsetBy: lower)..<text.utf8.index(text.startIndex, offsetBy: upper)
      return reading.sourceRanges(of: [range], in: key).map { String(key[$0]) }
    }
    #expect(mapped("北京", reading: 0, 0, 3) == ["北"])  // "bei"
    #expect(mapped("北京", reading: 1, 0, 4) == ["北京"])  // "beij"
    #expect(mapped("北京", reading: 2, 1, 2) == ["京"])  // "j" of "bj"
    #expect(mapped("Москва", reading: 0, 0, 3) == ["Мос"])
    #expect(mapped("Ярославль", reading: 0, 0, 9) == ["Ярославль"])  // the soft sign at the end
    #expect(mapped("Ярославль", reading: 0, 0, 8) == ["Ярослав"])
    #expect(mapped("서울", reading: 1, 0, 3) == ["서"])  // "seo"
    #expect(mapped("서울", reading: 1, 0, 4) == ["서울"])  // "seo" and the "u" of "ul"
    #expect(mapped("とうきょう", reading: 1, 0, 4) == ["とうきょ"])  // "toky"
    // A cluster of a letter and a combining mark is highlighted whole.
    #expect(mapped("Ёлка", reading: 0, 0, 2) == ["Ё"])
    #expect(mapped("Е\u{0308}лка", reading: 0, 0, 2) == ["Е\u{0308}"])
  }
}
