import TestSupport
import Testing

@testable import AutocompleteCore

/// The streaming filter with Latin readings (issue 37) against the index of lines with readings
/// (``LineFilter/matches(for:options:transliteration:)``) on random mixed-script lines: the same
/// lines in the same order, in every mode, with and without typos, limits and small blocks.
@Suite("Streaming line filter with readings")
struct StreamingLineFilterReadingsTests {
  /// Pieces lines are made of: Latin words, names in each script read (and Hebrew, which is not),
  /// separators, a CR, an accented letter.
  static let pieces = [
    "a", "s", "Mos", "bei", "Seoul", " ", "-", "é", "\r", "Москва", "Київ", "Вишгород", "Елиста", "Αθήνα",
    "Θεσσαλονίκη", "北京", "上海", "長", "서울", "고양", "とうきょう", "おがわ", "שלום", "1",
  ]

  static let queries = [
    "", "a", "mos", "moskva", "mosk", "bei", "beijing", "bj", "jing", "seoul", "seo ul", "athina", "tokyo",
    "toukyou", "kyiv", "vyshhorod", "vjcrdf", "goyang-si", "ogawamachi", "s", "msk", "Москва", "ghbdtn", "e",
    "auhn", "sel",
  ]

  static func randomText(_ rng: inout SplitMix64, lines: Int) -> [UInt8] {
    var text = ""
    for _ in 0..<lines {
      let count = Int.random(in: 0...4, using: &rng)
      text += (0..<count).map { _ in pieces.randomElement(using: &rng)! }.joined() + "\n"
    }
    return Array(text.utf8)
  }

  @Test(.offThePool, arguments: [1 as UInt64, 2])
  func answersAsTheIndexWithReadings(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    let text = Self.randomText(&rng, lines: 300)
    let lines = try LineFilter(utf8: text)
    for mode in MatchMode.allCases {
      for typos in [TypoTolerance.off, .automatic] {
        for limit in [nil, 3] {
          for query in Self.queries {
            let options = SearchOptions(mode: mode, maximumCount: limit, typoTolerance: typos)
            let expected = try lines.matches(for: query, options: options, transliteration: .latin).map {
              lines.byteRange(of: $0.line)
            }
            for blockSize in [nil, 1, 97] {
              var filter = StreamingLineFilter(query, options: options)
              filter.blockSize = blockSize
              let actual = try text.withUnsafeBufferPointer {
                try filter.matches(in: $0, transliteration: .latin)
              }
              #expect(
                Array(actual) == expected,
                "\(mode) \(typos) \(query) limit \(String(describing: limit)) block \(String(describing: blockSize))"
              )
            }
          }
        }
      }
    }
  }

  @Test("Latin-only text answers as without readings", .offThePool)
  func latinOnly() throws {
    let text = Array("Moscow\nmoskva\nBeijing\nbei\n\nseoul-si\n".utf8)
    for query in ["mos", "bei", "seoul-si", "vjcrdf", "", "b"] {
      var filter = StreamingLineFilter(query, options: SearchOptions(typoTolerance: .automatic))
      filter.keepsEmptyLines = false  // as an index of lines skips them (the empty query keeps them)
      let plain = try text.withUnsafeBufferPointer { try filter.matches(in: $0) }
      let read = try text.withUnsafeBufferPointer { try filter.matches(in: $0, transliteration: .latin) }
      #expect(Array(read) == Array(plain), "\(query)")
    }
  }

  @Test("Readings rank below the line as written; a retyped query below the query as typed", .offThePool)
  func ranking() throws {
    let text = Array("北京\nBeirut\nМосква\nvjcrdf\n고양\n".utf8)
    func top(_ query: String) throws -> [String] {
      try text.withUnsafeBufferPointer {
        try StreamingLineFilter(query).matches(in: $0, transliteration: .latin).map {
          String(decoding: text[$0], as: UTF8.self)
        }
      }
    }
    #expect(try top("bei") == ["Beirut", "北京"])
    #expect(try top("vjcrdf") == ["vjcrdf", "Москва"])
    #expect(try top("goyang-si") == ["고양"])
  }
}
