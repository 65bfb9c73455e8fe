/// Reads a key written in Han, Cyrillic, Greek, Hangul, kana, Georgian, Armenian, Thai or Hebrew in
/// Latin letters, from the tables in ``ReadingTables`` (generated from ICU), ``HangulReading`` and
/// ``AlphabetReading``: the extra keys an index with ``Transliteration/latin`` adds.
///
/// A key is cut into pieces, each one character (or a digraph: ου, きょ) and its reading: a Han
/// character its toneless pinyin syllable, a Hangul syllable its Revised Romanization, a Cyrillic
/// letter its BGN/PCGN letters (Ukrainian ones in words with і, ї, є or ґ), a Greek letter its
/// UNGEGN letters, a kana its Hepburn syllable (っ doubling the next consonant, ー lengthening the
/// vowel before it), a Georgian, Armenian or Hebrew letter and a Thai syllable as ``AlphabetReading``
/// reads them. Other characters (Latin, digits, spaces, scripts without a table) are kept.
/// The readings of a key, without repeats:
/// - the pieces with a space between two syllables (Han, Hangul, Thai): "bei jing";
/// - the pieces joined: "beijing";
/// - in the script's second common spelling (``ReadingVariants``), when it differs: kana with long
///   vowels shortened as most spellings do ("tokyo" for とうきょう, "toukyou"), Hangul in
///   McCune–Reischauer ("pusan" for 부산), Ukrainian in its national system, Russian in the common
///   English spelling, Greek in the older English one, Hebrew as its consonant skeleton;
/// - a Cyrillic key with none of the letters that tell Ukrainian from Russian (і, ї, є, ґ; ы, э, ъ,
///   ё) also read as Ukrainian: "vyshhorod" for Вишгород, "luhansk" for Луганськ;
/// - with Han, the pinyin initials: "bj".
///
/// Cost: one array lookup per character (``ReadingLookup``); a key of ASCII only is skipped after one
/// scan of its bytes.
enum LatinReader {
  /// What a piece is, for where spaces go and for initials.
  enum Kind {
    case han, hangul, letter, other
    /// A Thai syllable.
    case syllable

    /// Whether a spaced reading puts a space between two pieces of this kind.
    var isSpaced: Bool { self == .han || self == .hangul || self == .syllable }
  }

  struct Piece {
    var text: String
    /// The reading in the second common spelling, when it differs (see ``ReadingVariants``).
    var variant: String?
    var source: Range<Int>
    var kind: Kind
    /// The first scalar the piece reads.
    var value: UInt32 = 0
  }

  /// The syllable index of each Han character from ``ReadingTables/hanFirst``.
  static let hanIndexes: [UInt16] = ReadingTables.hanCodes.unicodeScalars.map { UInt16($0.value - 0x4E00) }

  /// The Latin readings of `key`, or none when it holds nothing to read; without `mapsParts` their
  /// ``LatinReading/parts`` are left empty (an index's build needs only the texts).
  static func readings(of key: String, mapsParts: Bool = true) -> [LatinReading] {
    guard key.utf8.contains(where: { $0 >= 0xC0 }), key.unicodeScalars.contains(where: { isRead($0.value) }),
      let pieces = pieces(of: key)
    else { return [] }
    var readings: [LatinReading] = []
    func add(_ reading: LatinReading) {
      if !reading.text.isEmpty, !readings.contains(where: { $0.text == reading.text }) {
        readings.append(reading)
      }
    }
    // Spaces go only between two Han, Hangul or Thai syllables: without two such pieces in a row the
    // spaced reading is the joined one, so it is not made twice (most keys: Cyrillic, Greek, kana).
    let hasSyllablePair = zip(pieces, pieces.dropFirst()).contains { $0.kind.isSpaced && $1.kind.isSpaced }
    if hasSyllablePair { add(joined(pieces, spaced: true, mapsParts: mapsParts, form: { $0.text })) }
    add(joined(pieces, spaced: false, mapsParts: mapsParts, form: { $0.text }))
    if pieces.contains(where: { $0.variant != nil }) {
      add(joined(pieces, spaced: false, mapsParts: mapsParts, form: { $0.variant ?? $0.text }))
    }
    if let ukrainian = ukrainianPieces(of: key) {
      add(joined(ukrainian, spaced: false, mapsParts: mapsParts, form: { $0.text }))
    }
    if pieces.contains(where: { $0.kind == .han }) {
      add(
        joined(
          pieces, spaced: false, mapsParts: mapsParts,
          form: { $0.kind == .han ? String($0.text.prefix(1)) : $0.text }))
    }
    return readings
  }

  /// The pieces joined, with a space between two syllables when `spaced`.
  private static func joined(_ pieces: [Piece], spaced: Bool, mapsParts: Bool, form: (Piece) -> String)
    -> LatinReading
  {
    var text = ""
    text.reserveCapacity(pieces.count * 4)
    var parts: [LatinReading.Part] = []
    if mapsParts { parts.reserveCapacity(pieces.count) }
    var previous: Kind?
    for piece in pieces {
      if spaced, piece.kind.isSpaced, previous?.isSpaced == true {
        text += " "
      }
      let start = text.utf8.count
      text += form(piece)
      if mapsParts { parts.append(LatinReading.Part(reading: start..<text.utf8.count, source: piece.source)) }
      previous = piece.kind
    }
    return LatinReading(text: text, parts: parts)
  }

  /// Whether scalar `value` is in a script with a reading (a cheap test before cutting a key up).
  static func isRead(_ value: UInt32) -> Bool {
    (0x370...0x4FF).contains(value) || (0x3041...0x30FC).contains(value)
      || (ReadingTables.hanFirst...0x9FFF).contains(value) || HangulReading.isSyllable(value)
      || AlphabetReading.isRead(value)
  }

  /// The pieces of a Cyrillic `key` read as Ukrainian although it has none of і, ї, є, ґ (nor ў):
  /// `nil` when it has one of them (it is read so already), one of the Russian letters Ukrainian
  /// lacks (ы, э, ъ, ё), or no Cyrillic.
  private static func ukrainianPieces(of key: String) -> [Piece]? {
    var hasCyrillic = false
    for scalar in key.unicodeScalars where (0x400...0x4FF).contains(scalar.value) {
      switch lowerCyrillic(scalar.value) {
      case 0x44B, 0x44D, 0x44A, 0x451: return nil  // ы, э, ъ, ё
      case let value where isUkrainianLetter(value): return nil
      default: hasCyrillic = true
      }
    }
    return hasCyrillic ? pieces(of: key, readsAsUkrainian: true) : nil
  }

  /// The pieces of `key`, or `nil` when none of them is read; a Cyrillic word is read as Ukrainian
  /// when it has і, ї, є, ґ or ў, or when `readsAsUkrainian`.
  static func pieces(of key: String, readsAsUkrainian: Bool = false) -> [Piece]? {
    let scalars = Array(key.unicodeScalars)
    var offsets: [Int] = []
    offsets.reserveCapacity(scalars.count + 1)
    var offset = 0
    for scalar in scalars {
      offsets.append(offset)
      offset += UTF8.width(scalar)
    }
    offsets.append(offset)
    let isUkrainian = readsAsUkrainian || scalars.contains { isUkrainianLetter($0.value) }
    let lowered =
      scalars.contains { (0x400...0x4FF).contains($0.value) } ? scalars.map { lowerCyrillic($0.value) } : []
    var pieces: [Piece] = []
    pieces.reserveCapacity(scalars.count)
    var readsAny = false
    var marksSkeleton = false
    var index = 0
    while index < scalars.count {
      let value = scalars[index].value
      if AlphabetReading.isRead(value), let word = AlphabetReading.word(scalars, from: index) {
        // Georgian, Armenian, Thai, Hebrew: a whole word at once.
        for var part in word {
          if (0x5D0...0x5EA).contains(value), !marksSkeleton {
            // The skeleton reading starts with א, as a skeleton query does (``HebrewSkeleton``).
            part.variant = HebrewSkeleton.marker + (part.variant ?? "")
            marksSkeleton = true
          }
          let kind: Kind = part.isSyllable ? .syllable : .letter
          let source = offsets[index]..<offsets[index + part.length]
          pieces.append(
            Piece(text: part.text, variant: part.variant, source: source, kind: kind, value: value))
          index += part.length
        }
        readsAny = true
        continue
      }
      let next: UInt32? = index + 1 < scalars.count ? scalars[index + 1].value : nil
      var length = 1
      var piece = Piece(text: "", source: 0..<0, kind: .letter)
      if value >= ReadingTables.hanFirst && value <= 0x9FFF,
        case let syllable = ReadingTables.hanSyllables[Int(hanIndexes[Int(value - ReadingTables.hanFirst)])],
        !syllable.isEmpty
      {
        (piece.text, piece.kind) = (syllable, .han)
      } else if HangulReading.isSyllable(value) {
        let previous = index > 0 ? scalars[index - 1].value : nil
        var text = HangulReading.reading(of: value, before: next)
        if HangulReading.readsInitialAsL(value, after: previous) {
          text = "l" + text.dropFirst()
        }
        (piece.text, piece.kind) = (text, .hangul)
        let variant = ReadingVariants.hangul(value, after: previous, before: next)
        if variant != text { piece.variant = variant }
      } else if value >= 0x400 && value <= 0x4FF,
        let (text, variant) = cyrillic(scalars, lowered: lowered, at: index, ukrainian: isUkrainian)
      {
        (piece.text, piece.variant) = (text, variant)
      } else if value >= 0x370 && value <= 0x3FF, let (text, count) = greek(scalars, at: index) {
        (piece.text, length) = (text, count)
        if count == 1, let base = greekBase(value) { piece.variant = ReadingVariants.greek(base) }
      } else if value >= 0x3041 && value <= 0x30FC, let (text, count) = kana(scalars, at: index) {
        (piece.text, length) = (text, count)
        piece.variant =
          shortKana(value, after: pieces.last) ?? (count == 1 ? ReadingVariants.kana(value) : nil)
      } else {
        piece.kind = .other
        piece.text = String(scalars[index])
      }
      if piece.kind != .other { readsAny = true }
      piece.source = offsets[index]..<offsets[index + length]
      piece.value = value
      pieces.append(piece)
      index += length
    }
    guard readsAny else { return nil }
    fillSmallTsuAndLongVowels(&pieces)
    return pieces
  }

  // MARK: Cyrillic

  /// Whether `value` is і, ї, є, ґ or ў (either case): a word with one is read as Ukrainian (or
  /// Belarusian, whose г also reads "h").
  private static func isUkrainianLetter(_ value: UInt32) -> Bool {
    switch value {
    case 0x404, 0x406, 0x407, 0x40E, 0x454, 0x456, 0x457, 0x45E, 0x490, 0x491: true
    default: false
    }
  }

  private static let cyrillicVowels: Set<UInt32> = [
    0x430, 0x435, 0x451, 0x438, 0x43E, 0x443, 0x44B, 0x44D, 0x44E, 0x44F, 0x456, 0x457, 0x454, 0x44A, 0x44C,
  ]

  /// The lower-case form of a Cyrillic capital (or the letter itself).
  private static func lowerCyrillic(_ value: UInt32) -> UInt32 {
    switch value {
    case 0x400...0x40F: value + 0x50
    case 0x410...0x42F: value + 0x20
    case 0x460...0x4FF where value & 1 == 0: value + 1
    default: value
    }
  }

  /// The reading of the Cyrillic letter at `index` of `scalars`, and its reading in the second
  /// spelling when that differs (``ReadingVariants``).
  private static func cyrillic(
    _ scalars: [Unicode.Scalar], lowered: [UInt32], at index: Int, ukrainian: Bool
  ) -> (String, String?)? {
    let letter = lowered[index]
    if let other = ReadingVariants.otherCyrillic(letter) { return other }
    var isInitial = index == 0
    var atWordStart = index == 0
    if index > 0 {
      let before = lowered[index - 1]
      atWordStart = !(0x400...0x4FF).contains(before)
      isInitial = atWordStart || cyrillicVowels.contains(before)
    }
    let first = ReadingLookup.cyrillicFirst
    var russian: String? {
      if isInitial,
        let text = ReadingLookup.reading(of: letter, in: ReadingLookup.cyrillicInitial, from: first)
      {
        return text
      }
      return ReadingLookup.reading(of: letter, in: ReadingLookup.cyrillic, from: first)
    }
    if ukrainian {
      // A letter Ukrainian lacks (ы, э, ё in a Belarusian word) is read as in Russian.
      let ukrainianText =
        isInitial ? ReadingLookup.reading(of: letter, in: ReadingLookup.ukrainianInitial, from: first) : nil
      let medial = ReadingLookup.reading(of: letter, in: ReadingLookup.ukrainian, from: first)
      guard let text = ukrainianText ?? (medial?.isEmpty == false ? medial : nil) ?? russian else {
        return nil
      }
      let variant = ReadingVariants.ukrainian(letter, atWordStart: atWordStart)
      return (text, variant == text ? nil : variant)
    }
    guard let text = russian else { return nil }
    let variant = ReadingVariants.russian(lowered, at: index)
    return (text, variant == text ? nil : variant)
  }

  // MARK: Greek

  /// The lower-case Greek letter without accent, for digraphs; `nil` for a letter with a diaeresis
  /// (which keeps two vowels apart) or no letter.
  private static func greekBase(_ value: UInt32) -> UInt32? {
    switch value {
    case 0x391...0x3A9: value + 0x20
    case 0x3B1...0x3C9: value
    case 0x386, 0x3AC: 0x3B1
    case 0x388, 0x3AD: 0x3B5
    case 0x389, 0x3AE: 0x3B7
    case 0x38A, 0x3AF: 0x3B9
    case 0x38C, 0x3CC: 0x3BF
    case 0x38E, 0x3CD: 0x3C5
    case 0x38F, 0x3CE: 0x3C9
    default: nil
    }
  }

  /// The lower-case form of a Greek capital (or the letter itself).
  private static func lowerGreek(_ value: UInt32) -> UInt32 {
    switch value {
    case 0x391...0x3AB: value + 0x20
    case 0x386: 0x3AC
    case 0x388...0x38A: value + 0x25
    case 0x38C: 0x3CC
    case 0x38E...0x38F: value + 0x3F
    default: value
    }
  }

  private static func greek(_ scalars: [Unicode.Scalar], at index: Int) -> (String, Int)? {
    let value = scalars[index].value
    if index + 1 < scalars.count, let first = greekBase(value),
      let second = greekBase(scalars[index + 1].value),
      let text = ReadingLookup.pair(
        first, second, in: ReadingLookup.greekPairs, ends: ReadingLookup.endsGreekPair,
        from: ReadingLookup.greekFirst)
    {
      return (text, 2)
    }
    return ReadingLookup.reading(
      of: lowerGreek(value), in: ReadingLookup.greek, from: ReadingLookup.greekFirst
    )
    .map { ($0, 1) }
  }

  // MARK: Kana

  private static let smallTsu: Set<UInt32> = [0x3063, 0x30C3]

  private static func kana(_ scalars: [Unicode.Scalar], at index: Int) -> (String, Int)? {
    let value = scalars[index].value
    if smallTsu.contains(value) { return ("", 1) }  // filled in by doubleAfterSmallTsu
    if value == 0x30FC {  // ー: the vowel before it again
      return ("", 1)
    }
    if index + 1 < scalars.count,
      let text = ReadingLookup.pair(
        value, scalars[index + 1].value, in: ReadingLookup.kanaPairs, ends: ReadingLookup.endsKanaPair,
        from: ReadingLookup.kanaFirst)
    {
      return (text, 2)
    }
    return ReadingLookup.reading(of: value, in: ReadingLookup.kana, from: ReadingLookup.kanaFirst).map {
      ($0, 1)
    }
  }

  /// The short reading of kana `value` after `previous`: う after an "o" or "u", お after an "o"
  /// and ー read as nothing ("toukyou" → "tokyo", "oosaka" → "osaka").
  private static func shortKana(_ value: UInt32, after previous: Piece?) -> String? {
    if value == 0x30FC { return "" }
    guard let last = previous?.text.last else { return nil }
    switch value {
    case 0x3046, 0x30A6: return last == "o" || last == "u" ? "" : nil
    case 0x304A, 0x30AA: return last == "o" ? "" : nil
    default: return nil
    }
  }

  /// Reads each っ as the first consonant of the kana after it ("hokkaido") and each ー as the vowel
  /// before it.
  private static func fillSmallTsuAndLongVowels(_ pieces: inout [Piece]) {
    for index in pieces.indices where pieces[index].kind == .letter && pieces[index].text.isEmpty {
      let value = pieces[index].value
      if smallTsu.contains(value), index + 1 < pieces.count, let first = pieces[index + 1].text.first,
        !"aeiou".contains(first)
      {
        pieces[index].text = first == "c" ? "t" : String(first)
      } else if value == 0x30FC, index > 0, let last = pieces[index - 1].text.last, "aeiou".contains(last) {
        pieces[index].text = String(last)
      }
    }
  }
}
