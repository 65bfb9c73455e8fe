/// One piece of a word that ``AlphabetReading`` or ``ThaiReading`` reads: its reading, its second
/// reading when it has one (the Hebrew consonant skeleton), and how many scalars of the key it reads.
struct WordPiece {
  var text: String
  var variant: String?
  var length: Int
  /// Whether the piece is a syllable (Thai): a spaced reading puts a space between two syllables.
  var isSyllable = false
}

/// Reads Georgian, Armenian, Thai and Hebrew words in Latin letters, from the tables in
/// ``AlphabetReadingTables`` (scripts/generate-alphabet-reading-tables.py), for ``LatinReader``:
/// - Georgian: letter by letter, the national system (თბილისი → "tbilisi"); Mtavruli capitals and
///   Asomtavruli read as their Mkhedruli letters.
/// - Armenian: BGN/PCGN, ե "ye" and ո "vo" at a word's start (ե also after a vowel), ու "u",
///   և "ev" ("yev" at a word's start): Երևան → "yerevan".
/// - Thai: RTGS, by syllables (``ThaiReading``).
/// - Hebrew: the letters, with the vowel points when the word has them (זִכְרוֹן → "zikhron"); an
///   unvoweled word has no vowels written, so it is read with ו and י as "o" and "i" (חולון →
///   "holon") and, as a second reading, as its consonant skeleton (``HebrewSkeleton``: נתניה → "ntn"),
///   which a query reaches through its own skeleton ("netanya" → "ntn").
enum AlphabetReading {
  /// Whether scalar `value` is a letter of a script this type reads.
  @inline(__always)
  static func isRead(_ value: UInt32) -> Bool {
    (0x531...0x587).contains(value) || (0x5D0...0x5EA).contains(value) || (0xE01...0xE2E).contains(value)
      || (0xE40...0xE44).contains(value) || (0x10A0...0x10FF).contains(value)
      || (0x1C90...0x1CBF).contains(value)
  }

  /// The pieces of the word of one script that starts at `start` of `scalars` (its letters and
  /// their marks), or `nil` when the scalar there is not read.
  static func word(_ scalars: [Unicode.Scalar], from start: Int) -> [WordPiece]? {
    let value = scalars[start].value
    switch value {
    case 0x10A0...0x10FF, 0x1C90...0x1CBF: return georgian(scalars, from: start)
    case 0x531...0x587: return armenian(scalars, from: start)
    case 0x5D0...0x5EA: return HebrewReading.word(scalars, from: start)
    case 0xE01...0xE2E, 0xE40...0xE44: return ThaiReading.word(scalars, from: start)
    default: return nil
    }
  }

  // MARK: Georgian

  static let georgianFirst: UInt32 = 0x10D0
  static let georgianTable = flat(AlphabetReadingTables.georgian, from: georgianFirst, through: 0x10FF)

  /// The Mkhedruli letter of a Georgian letter (Mtavruli and Asomtavruli capitals map to it).
  private static func mkhedruli(_ value: UInt32) -> UInt32 {
    switch value {
    case 0x1C90...0x1CBA: value - 0x1C90 + 0x10D0
    case 0x10A0...0x10C5: value - 0x10A0 + 0x10D0
    default: value
    }
  }

  private static func georgian(_ scalars: [Unicode.Scalar], from start: Int) -> [WordPiece] {
    var pieces: [WordPiece] = []
    var index = start
    while index < scalars.count, case let value = scalars[index].value,
      (0x10A0...0x10FF).contains(value) || (0x1C90...0x1CBF).contains(value)
    {
      let text = lookup(mkhedruli(value), in: georgianTable, from: georgianFirst) ?? String(scalars[index])
      pieces.append(WordPiece(text: text, length: 1))
      index += 1
    }
    return pieces
  }

  // MARK: Armenian

  static let armenianFirst: UInt32 = 0x561
  static let armenianTable = flat(AlphabetReadingTables.armenian, from: armenianFirst, through: 0x587)
  static let armenianInitialTable = flat(
    AlphabetReadingTables.armenianInitial, from: armenianFirst, through: 0x587)
  private static let armenianVowels: Set<UInt32> = [0x561, 0x565, 0x567, 0x568, 0x56B, 0x578, 0x585]

  /// The lower-case form of an Armenian capital (or the letter itself).
  private static func lowerArmenian(_ value: UInt32) -> UInt32 {
    (0x531...0x556).contains(value) ? value + 0x30 : value
  }

  private static func armenian(_ scalars: [Unicode.Scalar], from start: Int) -> [WordPiece] {
    var pieces: [WordPiece] = []
    var index = start
    var previous: UInt32?
    while index < scalars.count, (0x531...0x587).contains(scalars[index].value) {
      let letter = lowerArmenian(scalars[index].value)
      let next = index + 1 < scalars.count ? lowerArmenian(scalars[index + 1].value) : nil
      if letter == 0x578, next == 0x582 {  // ու
        pieces.append(WordPiece(text: "u", length: 2))
        previous = 0x582
        index += 2
        continue
      }
      let atStart = previous == nil
      let afterVowel = previous.map { armenianVowels.contains($0) || $0 == 0x582 } ?? false
      var text = lookup(letter, in: armenianTable, from: armenianFirst) ?? String(scalars[index])
      if atStart || (letter == 0x565 && afterVowel),
        let initial = lookup(letter, in: armenianInitialTable, from: armenianFirst)
      {
        text = initial
      }
      pieces.append(WordPiece(text: text, length: 1))
      previous = letter
      index += 1
    }
    return pieces
  }

  // MARK: Tables

  /// The reading of `value` in `table` (a flat table starting at `first`).
  @inline(__always)
  static func lookup(_ value: UInt32, in table: [String?], from first: UInt32) -> String? {
    let index = Int(value &- first)
    return index >= 0 && index < table.count ? table[index] : nil
  }

  /// `table` as an array indexed by code point from `first` through `last`.
  static func flat(_ table: [UInt32: String], from first: UInt32, through last: UInt32) -> [String?] {
    var flat = [String?](repeating: nil, count: Int(last - first) + 1)
    for (value, text) in table where value >= first && value <= last { flat[Int(value - first)] = text }
    return flat
  }
}
