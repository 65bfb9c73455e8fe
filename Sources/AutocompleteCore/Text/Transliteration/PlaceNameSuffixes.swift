/// The query without the romanized administrative suffix of a place name ("goyang" for
/// "goyang-si", "ogawa" for "ogawamachi"), tried for ``Transliteration/latin`` against the Latin
/// readings only (issue 37).
///
/// Names in Korean, Japanese and Chinese are often written in Latin letters with the word for
/// "city", "county" or "ward" attached — "Goyang-si" (고양시), "Cheongsong-gun" (청송군),
/// "Kashima-shi" (鹿島市), "Yulinshi" (榆林市), "Jeju City" — while a list keeps the name alone
/// (고양, 鹿島); a query with the suffix then reaches no reading, since it is longer than every one.
/// The suffixes, each a separate word (after a space or hyphen):
/// - Korean (Revised and McCune–Reischauer): si, shi, gun, gu, eup, myeon, dong, do;
/// - Japanese (Hepburn): shi, ku, machi, cho, mura, gun, ken;
/// - Chinese (pinyin): shi, xian, qu, zhen, sheng;
/// - English: city.
/// The longer ones (three letters or more) are also taken off a word they end ("yulinshi",
/// "ogawamachi") when at least four letters are left. Only a query of ASCII letters, spaces and
/// hyphens is stripped, once, and only when at least two letters are left.
///
/// A match of the stripped query counts only through a Latin reading and ranks as a retyped query
/// does, below the query as typed (``RetypedQueries``): a list in Latin letters answers as without
/// the rule.
enum PlaceNameSuffixes {
  /// The suffixes taken off after a space or hyphen.
  static let separate: Set<Substring> = [
    "si", "shi", "gun", "gu", "eup", "myeon", "dong", "do", "ku", "machi", "cho", "mura", "ken", "xian", "qu",
    "zhen", "sheng", "city",
  ]

  /// The suffixes also taken off the end of a word.
  static let attached: [String] = ["shi", "gun", "eup", "myeon", "machi", "mura", "xian", "zhen", "sheng"]

  /// `query` without its place-name suffix, lower-cased, or `nil` when it has none.
  static func stripped(_ query: String) -> String? {
    guard query.utf8.allSatisfy({ $0 < 0x80 && (($0 | 0x20) &- 0x61 < 26 || $0 == 0x20 || $0 == 0x2D) })
    else {
      return nil
    }
    let lowered = query.lowercased()
    let trimmed = lowered.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()
    let text = String(trimmed)
    func letterCount<S: Sequence>(_ text: S) -> Int where S.Element == Character {
      text.reduce(0) { $0 + ($1.isLetter ? 1 : 0) }
    }
    if let cut = text.lastIndex(where: { $0 == " " || $0 == "-" }) {
      let suffix = text[text.index(after: cut)...]
      var stem = text[..<cut]
      while let last = stem.last, last == " " || last == "-" { stem.removeLast() }
      if separate.contains(suffix), letterCount(stem) >= 2 { return String(stem) }
    }
    let lastWord = text.split(whereSeparator: { $0 == " " || $0 == "-" }).last ?? ""
    for suffix in attached where lastWord.hasSuffix(suffix) && letterCount(lastWord) >= suffix.count + 4 {
      return String(text.dropLast(suffix.count))
    }
    return nil
  }
}
