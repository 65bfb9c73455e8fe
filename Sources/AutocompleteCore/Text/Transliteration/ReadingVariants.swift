/// The second common spelling of a character a ``LatinReader`` reads, where people write a script
/// in Latin letters two ways: an index adds the key read in it as one more reading (issue 37).
///
/// - Hangul: McCune–Reischauer as South Korea used it from 1984 to 2000, without its breves and
///   apostrophes ("pusan", "taegu", "chongju", "kwangju" for the Revised "busan", "daegu",
///   "cheongju", "gwangju"), the older system many maps and names still use. From the jamo, as
///   ``HangulReading``: ㄱ ㄷ ㅂ ㅈ read k t p ch at a word's start and after a stop, g d b j between
///   voiced sounds; ㅓ and ㅡ read "o" and "u"; ㅅ before ㅣ or ㅟ reads "sh"; ㄴ before ㄹ and ㄹ
///   after ㄴ read "l" (신라 "shilla"); ㄹ after ㅁ or ㅇ reads "n" (종로 "chongno").
/// - Ukrainian: the national system (2010) that most Ukrainian names in Latin letters use: я, ю,
///   є, ї, й inside a word read "ia", "iu", "ie", "i", "i" ("Dobropillia", "Novoukrainka", "Yenakiieve") where
///   BGN/PCGN writes "ya", "yu", "ye", "yi", "y".
/// - Russian: the common English spelling: е always "e" ("Elista"), ё "yo" ("Beryozovsky"), and
///   ий, ый at a word's end "y" ("Yaroslavsky", "Yuzhny").
/// - Belarusian ў: "u" (the national system) where BGN/PCGN writes "w".
/// - Greek: the older English spelling: φ "ph", χ "kh", δ "dh" ("Paphos", "Moskhaton", "Dhafni").
/// - Kana: long vowels shortened (``LatinReader``), and Hepburn's ぢ "ji", づ "zu" ("ozu" for おおづ).
///
/// Cost: a lookup per character, and one more key only for keys that hold such a character.
enum ReadingVariants {
  // MARK: Hangul

  /// McCune–Reischauer vowels, without breves.
  static let hangulVowels = [
    "a", "ae", "ya", "yae", "o", "e", "yo", "ye", "o", "wa", "wae", "oe", "yo", "u", "wo", "we", "wi", "yu",
    "u", "ui", "i",
  ]

  /// Finals after which ㄱ ㄷ ㅂ ㅈ stay voiced: none, ㄴ, ㄵ, ㄶ, ㄹ, ㅁ, ㅇ.
  private static let voicedFinals: Set<Int> = [0, 4, 5, 6, 8, 16, 21]

  /// The McCune–Reischauer reading of Hangul syllable `value` between `previous` and `next` (the
  /// scalars around it, or `nil`).
  static func hangul(_ value: UInt32, after previous: UInt32?, before next: UInt32?) -> String {
    let index = Int(value - HangulReading.first)
    let (initial, vowel, final) = (index / (21 * 28), (index / 28) % 21, index % 28)
    let previousFinal = previous.flatMap {
      HangulReading.isSyllable($0) ? Int($0 - HangulReading.first) % 28 : nil
    }
    let voiced = previousFinal.map { voicedFinals.contains($0) } ?? false
    var text: String
    switch initial {
    case 0: text = voiced ? "g" : "k"
    case 3: text = voiced ? "d" : "t"
    case 7: text = voiced ? "b" : "p"
    case 12: text = voiced ? "j" : "ch"
    case 5:  // ㄹ
      switch previousFinal {
      case 4?, 8?: text = "l"
      case 16?, 21?: text = "n"
      default: text = "r"
      }
    case 9 where vowel == 20 || vowel == 16: text = "sh"
    case 13: text = "tch"
    default: text = HangulReading.initials[initial]
    }
    text += hangulVowels[vowel]
    guard final != 0 else { return text }
    if let next, HangulReading.isSyllable(next) {
      let nextInitial = Int(next - HangulReading.first) / (21 * 28)
      if nextInitial == 11 { return text + HangulReading.carriedFinals[final] }  // ㅇ: silent
      if nextInitial == 5 && (final == 4 || final == 8) { return text + "l" }  // ㄴㄹ, ㄹㄹ: "ll"
    }
    return text + HangulReading.finals[final]
  }

  // MARK: Cyrillic

  /// The Ukrainian national reading of lower-case `letter` inside a word, where it differs from
  /// BGN/PCGN's.
  static func ukrainian(_ letter: UInt32, atWordStart: Bool) -> String? {
    guard !atWordStart else { return nil }
    switch letter {
    case 0x44F: return "ia"  // я
    case 0x44E: return "iu"  // ю
    case 0x454: return "ie"  // є
    case 0x457: return "i"  // ї
    case 0x439: return "i"  // й
    default: return nil
    }
  }

  /// The common English reading of the lower-case Russian letter at `index` of `letters` (the key's
  /// scalars, lower-cased Cyrillic), where it differs from BGN/PCGN's.
  static func russian(_ letters: [UInt32], at index: Int) -> String? {
    func endsWord(_ position: Int) -> Bool {
      position + 1 >= letters.count || !(0x430...0x45F).contains(letters[position + 1])
    }
    let next = index + 1 < letters.count ? letters[index + 1] : nil
    switch letters[index] {
    case 0x435: return "e"  // е
    case 0x451: return "yo"  // ё
    case 0x438, 0x44B: return next == 0x439 && endsWord(index + 1) ? "y" : nil  // и, ы before a last й
    case 0x439:  // й ending ий, ый
      return index > 0 && (letters[index - 1] == 0x438 || letters[index - 1] == 0x44B) && endsWord(index)
        ? "" : nil
    default: return nil
    }
  }

  /// Readings of Cyrillic letters of other languages that BGN/PCGN's Russian and Ukrainian tables
  /// leave empty: Belarusian ў (and its variant "u"), Serbian and Macedonian letters (their Latin
  /// alphabets without diacritics).
  static func otherCyrillic(_ letter: UInt32) -> (reading: String, variant: String?)? {
    switch letter {
    case 0x45E: return ("w", "u")  // ў
    case 0x458: return ("j", nil)  // ј
    case 0x459: return ("lj", nil)  // љ
    case 0x45A: return ("nj", nil)  // њ
    case 0x45B: return ("c", nil)  // ћ
    case 0x452: return ("dj", nil)  // ђ
    case 0x45F: return ("dz", nil)  // џ
    case 0x455: return ("dz", nil)  // ѕ
    case 0x453: return ("gj", nil)  // ѓ
    case 0x45C: return ("kj", nil)  // ќ
    default: return nil
    }
  }

  // MARK: Kana

  /// The Hepburn reading of ぢ and づ (either kana), "ji" and "zu", where ICU's `Any-Latin` writes
  /// "dji" and "dzu".
  static func kana(_ value: UInt32) -> String? {
    switch value {
    case 0x3062, 0x30C2: return "ji"
    case 0x3065, 0x30C5: return "zu"
    default: return nil
    }
  }

  // MARK: Greek

  /// The older English reading of a lower-case Greek base letter, where it differs from UNGEGN's.
  static func greek(_ base: UInt32) -> String? {
    switch base {
    case 0x3C6: return "ph"  // φ
    case 0x3C7: return "kh"  // χ
    case 0x3B4: return "dh"  // δ
    default: return nil
    }
  }
}
