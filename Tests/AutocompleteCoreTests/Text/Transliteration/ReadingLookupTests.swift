import TestSupport
import Testing

@testable import AutocompleteCore

/// ``ReadingLookup``'s flat arrays against the generated dictionaries they are built from (the
/// brute-force oracle): every code point of each range reads the same, and every pair is found.
@Suite("ReadingLookup")
struct ReadingLookupTests {
  func agree(_ flat: [String?], _ table: [UInt32: String], from first: UInt32, through last: UInt32) {
    for value in (first - 2)...(last + 2) {
      let expected = value >= first && value <= last ? table[value] : nil
      #expect(ReadingLookup.reading(of: value, in: flat, from: first) == expected, "U+\(value)")
    }
  }

  @Test("The flat tables read every code point as the dictionaries do", .offThePool)
  func flatTables() {
    agree(ReadingLookup.cyrillic, ReadingTables.cyrillic, from: 0x400, through: 0x4FF)
    agree(ReadingLookup.cyrillicInitial, ReadingTables.cyrillicInitial, from: 0x400, through: 0x4FF)
    agree(ReadingLookup.ukrainian, ReadingTables.ukrainian, from: 0x400, through: 0x4FF)
    agree(ReadingLookup.greek, ReadingTables.greek, from: 0x370, through: 0x3FF)
    agree(ReadingLookup.kana, ReadingTables.kana, from: 0x3041, through: 0x30FC)
    #expect(ReadingLookup.reading(of: 0, in: ReadingLookup.kana, from: ReadingLookup.kanaFirst) == nil)
  }

  @Test("Every pair is found by its two scalars, and no other", .offThePool)
  func pairs() {
    for (key, text) in ReadingTables.kanaPairs {
      let scalars = Array(key.unicodeScalars).map(\.value)
      #expect(
        ReadingLookup.pair(
          scalars[0], scalars[1], in: ReadingLookup.kanaPairs, ends: ReadingLookup.endsKanaPair,
          from: ReadingLookup.kanaFirst) == text, "\(key)")
    }
    for (key, text) in ReadingTables.greekPairs {
      let scalars = Array(key.unicodeScalars).map(\.value)
      #expect(
        ReadingLookup.pair(
          scalars[0], scalars[1], in: ReadingLookup.greekPairs, ends: ReadingLookup.endsGreekPair,
          from: ReadingLookup.greekFirst) == text, "\(key)")
    }
    // か then か is no pair; a scalar past the table is none either.
    #expect(
      ReadingLookup.pair(
        0x304B, 0x304B, in: ReadingLookup.kanaPairs, ends: ReadingLookup.endsKanaPair,
        from: ReadingLookup.kanaFirst) == nil)
    #expect(
      ReadingLookup.pair(
        0x304B, 0x10FFFF, in: ReadingLookup.kanaPairs, ends: ReadingLookup.endsKanaPair,
        from: ReadingLookup.kanaFirst) == nil)
  }
}
