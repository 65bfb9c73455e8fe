/// Reads a Thai word in the Royal Thai General System (RTGS), syllable by syllable, for
/// ``AlphabetReading``: each syllable is one piece, so that a spaced reading has a space between
/// syllables ("chiang mai" for เชียงใหม่) and the joined one none ("chiangmai").
///
/// A syllable is read as Thai writes it: a leading vowel (เ แ โ ใ ไ, written before the consonant,
/// read after it), the initial consonant or cluster (กร "kr", ห before a sonorant silent: หนอง
/// "nong", อย "y"), the vowel signs after it (เ–ีย "ia", เ–ือ "uea", –ัว "ua", –ำ "am", …), and a
/// final consonant read as RTGS finals are (ด, ต, ช, ส … "t"; บ, พ "p"; ร, ล "n"; ย, ว the vowels "i",
/// "o": ร้อย "roi"). Tone marks are not written in RTGS; a consonant with the silent mark ์ is dropped,
/// and ร after a final (เพชร "phet", สมุทร "samut").
///
/// Limits (Thai writes no spaces between words and not every vowel): a syllable without a written
/// vowel gets RTGS's implicit "o" when a final follows and "a" when none does, chosen by how many
/// unvoweled consonants stand in a row (นคร "nakhon", นครปฐม "nakhonpathom", ชลบุรี "chonburi"); that
/// guess is wrong where the word's pronunciation differs (สมุทร "samut" is right, but ราชบุรี reads
/// "rat chaburi" spaced: the syllable boundaries are guessed, so the spaced reading can split a
/// name where a map does not), and words of Pali or Sanskrit origin often keep silent letters
/// (จันทร์, ศรี) that the rules read differently than people say them.
enum ThaiReading {
  static let first: UInt32 = 0xE01
  static let initials = AlphabetReading.flat(AlphabetReadingTables.thaiInitial, from: first, through: 0xE2E)
  static let finals = AlphabetReading.flat(AlphabetReadingTables.thaiFinal, from: first, through: 0xE2E)

  // Code points used by the rules.
  private static let saraA: UInt32 = 0xE30  // ะ
  private static let maiHanAkat: UInt32 = 0xE31  // ั
  private static let saraAa: UInt32 = 0xE32  // า
  private static let saraAm: UInt32 = 0xE33  // ำ
  private static let saraI: UInt32 = 0xE34  // ิ
  private static let saraIi: UInt32 = 0xE35  // ี
  private static let saraUe: UInt32 = 0xE36  // ึ
  private static let saraUee: UInt32 = 0xE37  // ื
  private static let saraU: UInt32 = 0xE38  // ุ
  private static let saraUu: UInt32 = 0xE39  // ู
  private static let maiTaikhu: UInt32 = 0xE47  // ็
  private static let thanthakhat: UInt32 = 0xE4C  // ์
  private static let oAng: UInt32 = 0xE2D  // อ
  private static let yoYak: UInt32 = 0xE22  // ย
  private static let woWaen: UInt32 = 0xE27  // ว
  private static let roRua: UInt32 = 0xE23  // ร
  private static let loLing: UInt32 = 0xE25  // ล
  private static let hoHip: UInt32 = 0xE2B  // ห

  @inline(__always) static func isConsonant(_ value: UInt32) -> Bool { (0xE01...0xE2E).contains(value) }
  @inline(__always) static func isLeadingVowel(_ value: UInt32) -> Bool { (0xE40...0xE44).contains(value) }
  /// A vowel sign written after or above or below its consonant.
  @inline(__always) static func isVowelSign(_ value: UInt32) -> Bool {
    (0xE30...0xE39).contains(value) || value == 0xE47
  }
  /// Marks read as nothing: tone marks, ๆ, phinthu, nikkhahit, yamakkan.
  @inline(__always) private static func isSkipped(_ value: UInt32) -> Bool {
    (0xE48...0xE4B).contains(value) || value == 0xE46 || value == 0xE3A || value == 0xE4D || value == 0xE4E
  }

  private static let sonorants: Set<UInt32> = [0xE07, 0xE0D, 0xE19, 0xE21, 0xE22, 0xE23, 0xE25, 0xE27]
  /// First consonants of true clusters with ร, ล or ว (กร, คล, ปร, พล, ตร, กว, …).
  private static let clusterFirsts: Set<UInt32> = [
    0xE01, 0xE02, 0xE04, 0xE15, 0xE1B, 0xE1E, 0xE1C, 0xE1A, 0xE14, 0xE1F,
  ]

  /// Words of place names whose syllables the rules cannot find (a linking vowel RTGS writes, a
  /// cluster read as two syllables), read as RTGS spells them: the letters (tone marks left out),
  /// whether they must be followed by another consonant, and their syllables.
  private static let words: [(letters: [UInt32], beforeConsonant: Bool, syllables: [String])] = [
    (Array("นคร".unicodeScalars.map(\.value)), false, ["na", "khon"]),
    (Array("ราช".unicodeScalars.map(\.value)), true, ["rat", "cha"]),
    (Array("เพชร".unicodeScalars.map(\.value)), true, ["phet", "cha"]),
    (Array("กาญจน".unicodeScalars.map(\.value)), false, ["kan", "cha", "na"]),
    (Array("ธรรม".unicodeScalars.map(\.value)), true, ["tham", "ma"]),
  ]

  /// The pieces of the Thai word at `start` of `scalars`: one per syllable, the last covering any
  /// marks after it.
  static func word(_ scalars: [Unicode.Scalar], from start: Int) -> [WordPiece] {
    var end = start
    while end < scalars.count, (0xE01...0xE4E).contains(scalars[end].value) { end += 1 }
    // The letters read, with where each is in `scalars`: marks read as nothing and silent
    // consonants (with ์, and a vowel sign before ์) are left out.
    var letters: [UInt32] = []
    var places: [Int] = []
    for index in start..<end {
      let value = scalars[index].value
      if isSkipped(value) { continue }
      if value == thanthakhat {
        if let last = letters.last, last == saraI || last == saraU {
          letters.removeLast()
          places.removeLast()
        }
        if let last = letters.last, isConsonant(last) {
          letters.removeLast()
          places.removeLast()
        }
        continue
      }
      letters.append(value)
      places.append(index)
    }
    var parser = Parser(letters: letters)
    let syllables = parser.syllables()
    guard !syllables.isEmpty else { return [WordPiece(text: "", length: end - start)] }
    var pieces: [WordPiece] = []
    for (number, syllable) in syllables.enumerated() {
      let from = number == 0 ? start : places[syllable.start]
      let to = number + 1 < syllables.count ? places[syllables[number + 1].start] : end
      pieces.append(WordPiece(text: syllable.text, length: to - from, isSyllable: true))
    }
    return pieces
  }

  /// Cuts a word's letters into syllables and reads them.
  private struct Parser {
    var letters: [UInt32]
    var parsed: [(start: Int, text: String)] = []

    init(letters: [UInt32]) { self.letters = letters }

    func at(_ index: Int) -> UInt32 { index >= 0 && index < letters.count ? letters[index] : 0 }

    /// Whether the consonant at `index` carries a vowel sign, or the vowel รร.
    func carriesVowel(_ index: Int) -> Bool {
      isVowelSign(at(index + 1)) || (at(index + 1) == roRua && at(index + 2) == roRua)
    }

    /// Whether the consonant at `index` begins a syllable: it carries a vowel (or อ read as "o"),
    /// or begins a cluster that does.
    func isOnset(_ index: Int) -> Bool {
      guard isConsonant(at(index)) else { return false }
      if carriesVowel(index) { return true }
      let next = at(index + 1)
      if next == oAng, !carriesVowel(index + 1) { return true }
      // ว between an initial and a final is the vowel "ua" (ม่วง "muang").
      if next == woWaen, !carriesVowel(index + 1), isConsonant(at(index + 2)), !isOnset(index + 2) {
        return true
      }
      if sonorants.contains(next), at(index) == hoHip || (at(index) == oAng && next == yoYak) {
        return carriesVowel(index + 1) || at(index + 2) == oAng
      }
      if next == roRua || next == loLing || next == woWaen,
        clusterFirsts.contains(at(index)) || (at(index) == 0xE17 && next == roRua)
      {
        return carriesVowel(index + 1) || (at(index + 2) == oAng && !carriesVowel(index + 2))
      }
      return false
    }

    /// The onset at `index`: its reading and where it ends.
    func onset(at index: Int, afterLeadingVowel: Bool) -> (String, Int) {
      let consonant = at(index)
      let next = at(index + 1)
      let initial = AlphabetReading.lookup(consonant, in: ThaiReading.initials, from: first) ?? ""
      let nextInitial = AlphabetReading.lookup(next, in: ThaiReading.initials, from: first) ?? ""
      if sonorants.contains(next), consonant == hoHip || (consonant == oAng && next == yoYak) {
        return (nextInitial, index + 2)
      }
      let isClusterSecond = next == roRua || next == loLing || next == woWaen
      if isClusterSecond, clusterFirsts.contains(consonant) || (consonant == 0xE17 && next == roRua),
        afterLeadingVowel || carriesVowel(index + 1) || (at(index + 2) == oAng && !carriesVowel(index + 2))
          || unvoweledRun(from: index + 2) == 1
      {
        if consonant == 0xE17, next == roRua { return ("s", index + 2) }  // ทร "s"
        return (initial + nextInitial, index + 2)
      }
      if next == roRua, [0xE08, 0xE0B, 0xE28, 0xE2A].contains(consonant), carriesVowel(index + 1) {
        return (initial, index + 2)  // จร ซร ศร สร: ร silent
      }
      return (initial, index + 1)
    }

    /// How many consonants from `index` on carry no vowel and begin no syllable.
    func unvoweledRun(from index: Int) -> Int {
      var count = 0
      var index = index
      while isConsonant(at(index)), !isOnset(index) {
        count += 1
        index += 1
      }
      return count
    }

    /// The vowel at `index` after an onset: its reading, how many letters it takes, whether a final
    /// may follow; `nil` when no vowel is written.
    func vowel(at index: Int, leading: UInt32?) -> (String, Int, Bool)? {
      let sign = at(index)
      let next = at(index + 1)
      switch leading {
      case 0xE40:  // เ
        switch sign {
        case saraAa: return next == saraA ? ("o", 2, false) : ("ao", 1, false)
        case saraIi where next == yoYak:
          if at(index + 2) == woWaen { return ("iao", 3, false) }
          return at(index + 2) == saraA ? ("ia", 3, false) : ("ia", 2, true)
        case saraUee where next == oAng: return at(index + 2) == saraA ? ("uea", 3, false) : ("uea", 2, true)
        case oAng: return next == saraA ? ("oe", 2, false) : ("oe", 1, false)
        case saraI: return ("oe", 1, true)
        case maiTaikhu: return ("e", 1, true)
        case saraA: return ("e", 1, false)
        case yoYak where !isOnset(index): return ("oei", 1, false)
        case woWaen where !isOnset(index): return ("eo", 1, false)
        default: return ("e", 0, true)
        }
      case 0xE41:  // แ
        switch sign {
        case saraA: return ("ae", 1, false)
        case maiTaikhu: return ("ae", 1, true)
        case woWaen where !isOnset(index): return ("aeo", 1, false)
        default: return ("ae", 0, true)
        }
      case 0xE42: return sign == saraA ? ("o", 1, false) : ("o", 0, true)  // โ
      case 0xE43, 0xE44:  // ใ ไ
        return sign == yoYak && !isOnset(index) ? ("ai", 1, false) : ("ai", 0, false)
      default: break
      }
      switch sign {
      case maiHanAkat: return next == woWaen ? ("ua", 2, true) : ("a", 1, true)
      case saraAa: return ("a", 1, true)
      case saraAm: return ("am", 1, false)
      case saraI, saraIi: return ("i", 1, true)
      case saraUe: return ("ue", 1, true)
      case saraUee: return next == oAng ? ("ue", 2, true) : ("ue", 1, true)
      case saraU, saraUu: return ("u", 1, true)
      case saraA: return ("a", 1, false)
      case maiTaikhu: return ("o", 1, false)
      case oAng where !carriesVowel(index): return ("o", 1, true)
      case roRua where next == roRua: return ("a", 2, true)
      case woWaen where !carriesVowel(index) && isConsonant(next) && !isOnset(index + 1):
        return ("ua", 1, true)
      default: return nil
      }
    }

    /// Whether `word` is written at `index` (and followed by a consonant when `beforeConsonant`).
    func matches(_ word: [UInt32], at index: Int, _ beforeConsonant: Bool) -> Bool {
      guard index + word.count <= letters.count, letters[index..<(index + word.count)].elementsEqual(word)
      else { return false }
      return !beforeConsonant || isConsonant(at(index + word.count))
    }

    mutating func syllables() -> [(start: Int, text: String)] {
      var index = 0
      while index < letters.count {
        let start = index
        if let word = ThaiReading.words.first(where: { matches($0.letters, at: index, $0.beforeConsonant) }) {
          for (number, syllable) in word.syllables.enumerated() {
            parsed.append((index + min(number, word.letters.count - 1), syllable))
          }
          index += word.letters.count
          continue
        }
        var leading: UInt32?
        if isLeadingVowel(at(index)) {
          leading = at(index)
          index += 1
        }
        guard isConsonant(at(index)) else {
          // A vowel sign without a consonant (a typo) or a leading vowel at the end: skipped.
          if index == start { index += 1 }
          if parsed.isEmpty { parsed.append((start, "")) }
          continue
        }
        let (initial, onsetEnd) = onset(at: index, afterLeadingVowel: leading != nil)
        index = onsetEnd
        var text = initial
        var takesFinal: Bool
        var isDoubleR = false
        if let (sign, count, allowsFinal) = vowel(at: index, leading: leading) {
          isDoubleR = at(index) == roRua && count == 2 && leading == nil
          text += sign
          index += count
          takesFinal = allowsFinal
        } else {
          // No vowel written: RTGS's implicit "o" before a final, "a" in an open syllable,
          // chosen by how many unvoweled consonants stand in a row (นคร "na-khon").
          let run = unvoweledRun(from: index) + 1
          if run == 1 || run % 3 == 0 {
            text += "a"
            takesFinal = false
          } else {
            text += "o"
            takesFinal = true
          }
        }
        if takesFinal, isConsonant(at(index)), !isOnset(index) {
          text += AlphabetReading.lookup(at(index), in: ThaiReading.finals, from: first) ?? ""
          index += 1
          // ร after a final is silent (เพชร "phet", สมุทร "samut").
          if at(index) == roRua, at(index - 1) != roRua, !isOnset(index) { index += 1 }
        } else if isDoubleR {
          text += "n"
        }
        parsed.append((start, text))
      }
      return parsed
    }
  }
}
