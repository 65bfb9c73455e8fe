/// Reads a Hebrew word in Latin letters (for ``AlphabetReading``): each letter with its marks is one
/// piece, its text the letter's reading and its variant the letter's consonant class in the skeleton
/// (``HebrewSkeleton``).
///
/// With vowel points (niqqud), the points are read (patah, qamats "a"; segol, tsere "e"; hiriq "i";
/// holam "o"; qubuts, shuruk "u"; a sheva "e" only on a word's first letter), ב כ פ are "b k p" with a
/// dagesh and "v kh f" without, and ו, י that only carry a vowel are silent: זִכְרוֹן → "zikhron".
/// Without them — how Hebrew is written — the vowels are not in the text: ו is "o" and י "i" inside
/// a word ("v" and "y" at its start, doubled וו and יי "v" and "y"), א and ע are "a" at a word's
/// start and silent inside, ה at its end "a", ב כ פ "b k p" at its start and "v kh f" inside:
/// חולון → "holon", אשדוד → "ashdod", but נתניה → "ntnia" (Netanya), which only the skeleton finds.
enum HebrewReading {
  static let first: UInt32 = 0x5D0
  static let initialTable = AlphabetReading.flat(
    AlphabetReadingTables.hebrewInitial, from: first, through: 0x5EA)
  static let medialTable = AlphabetReading.flat(AlphabetReadingTables.hebrew, from: first, through: 0x5EA)
  static let skeletonTable = AlphabetReading.flat(
    AlphabetReadingTables.hebrewSkeleton, from: first, through: 0x5EA)

  /// Whether `value` is a Hebrew point or accent (U+0591–U+05C7, not a punctuation mark).
  @inline(__always)
  static func isMark(_ value: UInt32) -> Bool {
    (0x591...0x5C7).contains(value) && value != 0x5BE && value != 0x5C0 && value != 0x5C3 && value != 0x5C6
  }

  /// The vowel a point reads, or `nil` for another mark.
  static func vowel(_ mark: UInt32) -> String? {
    switch mark {
    case 0x5B0: ""  // sheva: read at a word's start only (below)
    case 0x5B1, 0x5B5, 0x5B6: "e"
    case 0x5B2, 0x5B7, 0x5B8: "a"
    case 0x5B3, 0x5B9, 0x5BA, 0x5C7: "o"
    case 0x5B4: "i"
    case 0x5BB: "u"
    default: nil
    }
  }

  private struct Letter {
    var value: UInt32
    var marks: [UInt32]
    var length: Int
    var geresh = false
    var vowel: String? { marks.lazy.compactMap { HebrewReading.vowel($0) }.first }
    var hasDagesh: Bool { marks.contains(0x5BC) }
  }

  /// The pieces of the Hebrew word at `start` of `scalars`: its letters, each with the points after
  /// it and a geresh (׳ or ').
  static func word(_ scalars: [Unicode.Scalar], from start: Int) -> [WordPiece] {
    var letters: [Letter] = []
    var index = start
    while index < scalars.count, (0x5D0...0x5EA).contains(scalars[index].value) {
      var letter = Letter(value: scalars[index].value, marks: [], length: 1)
      index += 1
      while index < scalars.count, isMark(scalars[index].value) {
        letter.marks.append(scalars[index].value)
        letter.length += 1
        index += 1
      }
      if index < scalars.count, scalars[index] == "\u{5F3}" || scalars[index] == "'" {
        letter.geresh = true
        letter.length += 1
        index += 1
      }
      letters.append(letter)
    }
    let isVoweled = letters.contains { $0.vowel != nil || $0.marks.contains(0x5BC) }
    var pieces: [WordPiece] = []
    var position = 0
    while position < letters.count {
      let letter = letters[position]
      let next = position + 1 < letters.count ? letters[position + 1] : nil
      let isDoubled =
        !isVoweled && next?.value == letter.value && (letter.value == 0x5D5 || letter.value == 0x5D9)
      var (text, skeleton) = read(
        letter, at: position, in: letters, isVoweled: isVoweled, isDoubled: isDoubled)
      var length = letter.length
      if isDoubled, let next {
        length += next.length
        if letter.value == 0x5D5 { (text, skeleton) = ("v", "b") } else { (text, skeleton) = ("y", "") }
      }
      pieces.append(WordPiece(text: text, variant: skeleton, length: length))
      position += isDoubled ? 2 : 1
    }
    return pieces
  }

  /// The reading of `letter` (the `position`-th of `letters`) and its skeleton class.
  private static func read(
    _ letter: Letter, at position: Int, in letters: [Letter], isVoweled: Bool, isDoubled: Bool
  ) -> (String, String) {
    let value = letter.value
    let isFirst = position == 0
    let isLast = position == letters.count - 1
    var skeleton = AlphabetReading.lookup(value, in: skeletonTable, from: first) ?? ""
    if letter.geresh {
      switch value {
      case 0x5D2: return ("j", "g")  // ג׳
      case 0x5D6: return ("zh", "s")  // ז׳
      case 0x5E6, 0x5E5: return ("ch", "s")  // צ׳
      default: break
      }
    }
    guard isVoweled else {
      if value == 0x5D5, isFirst { skeleton = "b" }  // ו at a word's start: "v"
      var text: String
      switch value {
      case 0x5D0, 0x5E2:  // א, ע: "a" at a word's start unless ו or י carries the vowel
        let next = position + 1 < letters.count ? letters[position + 1].value : 0
        text = isFirst && next != 0x5D5 && next != 0x5D9 ? "a" : ""
      case 0x5D4: text = isLast && !isFirst ? "a" : "h"  // ה
      default:
        let table = isFirst ? initialTable : medialTable
        text = AlphabetReading.lookup(value, in: table, from: first) ?? ""
      }
      return (text, skeleton)
    }
    let vowel = letter.vowel
    let previousVowel = position > 0 ? letters[position - 1].vowel : nil
    var consonant: String
    switch value {
    case 0x5D1: consonant = letter.hasDagesh ? "b" : "v"
    case 0x5DB: consonant = letter.hasDagesh ? "k" : "kh"
    case 0x5E4: consonant = letter.hasDagesh ? "p" : "f"
    case 0x5D0, 0x5E2: consonant = ""
    case 0x5E9: consonant = letter.marks.contains(0x5C2) ? "s" : "sh"
    case 0x5D5:
      if letter.marks.contains(0x5B9) || letter.marks.contains(0x5BA) {
        return (position > 0 && letters[position - 1].vowel == nil ? "o" : "vo", skeleton)
      }
      if letter.hasDagesh, vowel == nil { return ("u", skeleton) }
      consonant = "v"
      if isFirst { skeleton = "b" }
    case 0x5D9:
      // A yod after i or e that carries nothing is a vowel letter: silent.
      if vowel == nil, !isFirst, previousVowel == "i" || previousVowel == "e" { return ("", skeleton) }
      consonant = "y"
    case 0x5D4 where isLast && vowel == nil: consonant = ""
    default: consonant = AlphabetReading.lookup(value, in: medialTable, from: first) ?? ""
    }
    var read = vowel ?? ""
    if letter.marks.contains(0x5B0), isFirst { read = "e" }
    return (consonant + read, skeleton)
  }
}

/// The consonant skeleton of a Latin query, to find unvoweled Hebrew through its skeleton reading
/// (``HebrewReading``): a query is reduced as a Hebrew word's letters are, to the consonant classes
/// b g d s t k l m n p r — vowels, y, w and h left out (Hebrew writes them with א ה ח ו י ע or not
/// at all), "sh", "ts", "tz", "z" → s, "kh", "ch", "q", "c" → k, "f", "ph" → p, "v" → b, "th" → t,
/// "j" → g, a doubled letter once: "netanya" → "ntn", "petah tikva" → "pt tkb", "kfar saba" →
/// "kpr sb". Both start with the marker א ("אntn"), so that a skeleton query matches only skeleton
/// readings and no other key or reading matches it: a query reaches a Hebrew name when its skeleton
/// is a prefix of the name's (and, as ``RetypedQueries`` tries it, only through a reading).
enum HebrewSkeleton {
  /// The letter a skeleton reading and a skeleton query start with.
  static let marker = "\u{5D0}"

  /// The skeleton of `query` after the marker, or `nil` when it is not worth a search: not only ASCII
  /// letters, spaces, hyphens and apostrophes, fewer than two letters, or no consonant class at all.
  static func query(_ query: String) -> String? {
    var letters: [UInt8] = []
    for byte in query.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): letters.append(byte | 0x20)
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: " "): letters.append(byte)
      case UInt8(ascii: "-"): letters.append(UInt8(ascii: " "))
      case UInt8(ascii: "'"), UInt8(ascii: "`"): continue
      default: return nil
      }
    }
    guard letters.lazy.filter({ $0 != UInt8(ascii: " ") }).count >= 2 else { return nil }
    var out: [UInt8] = []
    var index = 0
    var lastLetter: UInt8 = 0
    while index < letters.count {
      let byte = letters[index]
      let next = index + 1 < letters.count ? letters[index + 1] : 0
      index += 1
      if byte == lastLetter { continue }  // a doubled letter: "makkabbim"
      lastLetter = byte
      var consumesNext = false
      let mapped: UInt8?
      switch (byte, next) {
      case (UInt8(ascii: "s"), UInt8(ascii: "h")), (UInt8(ascii: "t"), UInt8(ascii: "s")),
        (UInt8(ascii: "t"), UInt8(ascii: "z")):
        (mapped, consumesNext) = (UInt8(ascii: "s"), true)
      case (UInt8(ascii: "k"), UInt8(ascii: "h")), (UInt8(ascii: "c"), UInt8(ascii: "h")):
        (mapped, consumesNext) = (UInt8(ascii: "k"), true)
      case (UInt8(ascii: "p"), UInt8(ascii: "h")): (mapped, consumesNext) = (UInt8(ascii: "p"), true)
      case (UInt8(ascii: "t"), UInt8(ascii: "h")), (UInt8(ascii: "z"), UInt8(ascii: "h")):
        (mapped, consumesNext) = (byte == UInt8(ascii: "t") ? UInt8(ascii: "t") : UInt8(ascii: "s"), true)
      default: mapped = single(byte)
      }
      if consumesNext {
        index += 1
        lastLetter = next
      }
      if let mapped, mapped != UInt8(ascii: " ") || (out.last.map { $0 != mapped } ?? false) {
        out.append(mapped)
      }
    }
    while out.last == UInt8(ascii: " ") { out.removeLast() }
    guard out.contains(where: { $0 != UInt8(ascii: " ") }) else { return nil }
    return marker + String(decoding: out, as: UTF8.self)
  }

  /// The class of one lower-case letter or a space, `nil` for a letter left out.
  private static func single(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "a"), UInt8(ascii: "e"), UInt8(ascii: "i"), UInt8(ascii: "o"), UInt8(ascii: "u"),
      UInt8(ascii: "y"), UInt8(ascii: "w"), UInt8(ascii: "h"):
      nil
    case UInt8(ascii: "z"), UInt8(ascii: "x"): UInt8(ascii: "s")
    case UInt8(ascii: "q"), UInt8(ascii: "c"): UInt8(ascii: "k")
    case UInt8(ascii: "f"): UInt8(ascii: "p")
    case UInt8(ascii: "v"): UInt8(ascii: "b")
    case UInt8(ascii: "j"): UInt8(ascii: "g")
    default: byte
    }
  }
}
