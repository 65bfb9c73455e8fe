/// The Revised Romanization of Hangul syllables, computed from their jamo: a syllable U+AC00 +
/// (initial × 21 + vowel) × 28 + final is read as its initial's, vowel's and final's letters.
///
/// The final consonant is read as it sounds at a syllable's end (ㄱ "k", ㅅ "t"), except before
/// ㅇ, where it carries over into the next syllable as written; ㄹ before ㄹ reads "ll" (울릉 →
/// "ulleung"). Other sound changes across syllables (신라 "silla", 종로 "jongno") are not made: a
/// typo-tolerant query forgives most of them.
enum HangulReading {
  static let initials = [
    "g", "kk", "n", "d", "tt", "r", "m", "b", "pp", "s", "ss", "", "j", "jj", "ch", "k", "t", "p", "h",
  ]
  static let vowels = [
    "a", "ae", "ya", "yae", "eo", "e", "yeo", "ye", "o", "wa", "wae", "oe", "yo", "u", "wo", "we", "wi", "yu",
    "eu", "ui", "i",
  ]
  /// Finals at a syllable's end.
  static let finals = [
    "", "k", "k", "k", "n", "n", "n", "t", "l", "k", "m", "l", "l", "l", "p", "l", "m", "p", "p", "t", "t",
    "ng", "t", "t", "k", "t", "p", "t",
  ]
  /// Finals before a syllable starting with ㅇ (silent): carried over as written.
  static let carriedFinals = [
    "", "g", "kk", "ks", "n", "nj", "nh", "d", "r", "lg", "lm", "lb", "ls", "lt", "lp", "lh", "m", "b", "bs",
    "s", "ss", "ng", "j", "ch", "k", "t", "p", "h",
  ]

  static let first: UInt32 = 0xAC00
  static let last: UInt32 = 0xD7A3

  /// Whether `value` is a precomposed Hangul syllable.
  static func isSyllable(_ value: UInt32) -> Bool { value >= first && value <= last }

  /// The reading of syllable `value`, given the syllable after it (or `nil`).
  static func reading(of value: UInt32, before next: UInt32?) -> String {
    let index = Int(value - first)
    let (initial, vowel, final) = (index / (21 * 28), (index / 28) % 21, index % 28)
    var text = initials[initial] + vowels[vowel]
    guard final != 0 else { return text }
    if let next, isSyllable(next) {
      let nextInitial = Int(next - first) / (21 * 28)
      if nextInitial == 11 { return text + carriedFinals[final] }  // ㅇ: silent
      if nextInitial == 5 && final == 8 { return text + "l" }  // ㄹㄹ: the next one reads "l" too
    }
    text += finals[final]
    return text
  }

  /// Whether the syllable after a syllable ending in ㄹ reads its ㄹ initial as "l".
  static func readsInitialAsL(_ value: UInt32, after previous: UInt32?) -> Bool {
    guard let previous, isSyllable(previous), isSyllable(value) else { return false }
    return Int(value - first) / (21 * 28) == 5 && Int(previous - first) % 28 == 8
  }
}
