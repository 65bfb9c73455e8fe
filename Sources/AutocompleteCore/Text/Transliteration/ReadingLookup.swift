/// The reading tables (``ReadingTables``) as flat arrays indexed by code point, built once: reading a
/// key costs an array index per character instead of hashing a scalar (or two, made into a
/// `String`) in a dictionary. The build of an index with ``Transliteration/latin`` reads every key
/// in a script it reads, so this lookup is its inner loop (issue 37: the build's cost).
enum ReadingLookup {
  /// Cyrillic, U+0400–U+04FF.
  static let cyrillicFirst: UInt32 = 0x400
  /// Greek, U+0370–U+03FF.
  static let greekFirst: UInt32 = 0x370
  /// Hiragana and katakana, U+3041–U+30FC.
  static let kanaFirst: UInt32 = 0x3041

  static let cyrillic = flat(ReadingTables.cyrillic, from: cyrillicFirst, through: 0x4FF)
  static let cyrillicInitial = flat(ReadingTables.cyrillicInitial, from: cyrillicFirst, through: 0x4FF)
  static let ukrainian = flat(ReadingTables.ukrainian, from: cyrillicFirst, through: 0x4FF)
  static let ukrainianInitial = flat(ReadingTables.ukrainianInitial, from: cyrillicFirst, through: 0x4FF)
  static let greek = flat(ReadingTables.greek, from: greekFirst, through: 0x3FF)
  static let kana = flat(ReadingTables.kana, from: kanaFirst, through: 0x30FC)

  /// ``ReadingTables/kanaPairs`` by the two scalars (`first << 32 | second`).
  static let kanaPairs = pairs(ReadingTables.kanaPairs)
  /// ``ReadingTables/greekPairs`` by the two base letters.
  static let greekPairs = pairs(ReadingTables.greekPairs)
  /// Whether a kana is the second of some pair (a small kana): only then is a pair looked up.
  static let endsKanaPair = ends(ReadingTables.kanaPairs, from: kanaFirst, through: 0x30FC)
  /// Whether a Greek base letter is the second of some pair.
  static let endsGreekPair = ends(ReadingTables.greekPairs, from: greekFirst, through: 0x3FF)

  /// The reading of `value` in `table` (one of the flat tables above, starting at `first`).
  @inline(__always)
  static func reading(of value: UInt32, in table: [String?], from first: UInt32) -> String? {
    let index = Int(value &- first)
    return index >= 0 && index < table.count ? table[index] : nil
  }

  /// The reading of the pair `first`, `second` in `table` (``kanaPairs`` or ``greekPairs``), when
  /// `second` ends a pair (`ends`, starting at `start`).
  @inline(__always)
  static func pair(
    _ first: UInt32, _ second: UInt32, in table: [UInt64: String], ends: [Bool], from start: UInt32
  ) -> String? {
    let index = Int(second &- start)
    guard index >= 0, index < ends.count, ends[index] else { return nil }
    return table[UInt64(first) << 32 | UInt64(second)]
  }

  private static func flat(_ table: [UInt32: String], from first: UInt32, through last: UInt32) -> [String?] {
    var flat = [String?](repeating: nil, count: Int(last - first) + 1)
    for (value, text) in table where value >= first && value <= last { flat[Int(value - first)] = text }
    return flat
  }

  private static func pairs(_ table: [String: String]) -> [UInt64: String] {
    var pairs: [UInt64: String] = [:]
    for (key, text) in table {
      let scalars = Array(key.unicodeScalars)
      guard scalars.count == 2 else { continue }
      pairs[UInt64(scalars[0].value) << 32 | UInt64(scalars[1].value)] = text
    }
    return pairs
  }

  private static func ends(_ table: [String: String], from first: UInt32, through last: UInt32) -> [Bool] {
    var ends = [Bool](repeating: false, count: Int(last - first) + 1)
    for key in table.keys {
      guard let second = key.unicodeScalars.dropFirst().first?.value, second >= first, second <= last else {
        continue
      }
      ends[Int(second - first)] = true
    }
    return ends
  }
}
