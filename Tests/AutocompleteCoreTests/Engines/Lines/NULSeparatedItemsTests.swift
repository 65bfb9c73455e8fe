import AutocompleteCore
import TestSupport
import Testing

/// Items ended by NUL bytes instead of line breaks (`find -print0`, fzf's `--read0`, issue 22): an
/// item may hold line breaks and carriage returns, which are its own bytes.
@Suite("Lines ended by NUL bytes")
struct NULSeparatedItemsTests {
  static let pieces = ["a", "b", "ab", " ", "\n", "\r", "\r\n", "é", "x", "São", "-"]

  /// Random items (never empty) and their text, each ended by a NUL byte.
  static func randomItems(_ rng: inout SplitMix64, count: Int) -> (items: [String], text: [UInt8]) {
    let items = (0..<count).map { _ in
      (0..<Int.random(in: 1...5, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
    }
    return (items, items.flatMap { Array($0.utf8) + [0] })
  }

  @Test(.offThePool) func lineFilterSplitsAtNULAndKeepsLineBreaks() throws {
    let filter = try LineFilter(utf8: Array("one\ntwo\r\n\u{0}three\r\u{0}".utf8), separator: 0)
    #expect(filter.count == 2)
    #expect(filter[0] == "one\ntwo\r\n")
    #expect(filter[1] == "three\r")  // a carriage return is part of an item
    #expect(try filter.matches(for: "tw", options: SearchOptions(mode: .contains)).map(\.line) == [0])
    #expect(throws: LineFilter.InputError.invalidUTF8(line: 2)) {
      try LineFilter(utf8: [0x61, 0x0A, 0x62, 0x00, 0xFF, 0x00], separator: 0)
    }
    // The same bytes as lines: a NUL byte inside a line is refused.
    #expect(throws: LineFilter.InputError.nulByte(line: 2)) {
      try LineFilter(utf8: Array("one\ntwo\u{0}".utf8))
    }
  }

  @Test(.offThePool) func validatorChecksUTF8Only() throws {
    var validator = UTF8LineValidator(separator: 0)
    let text: [UInt8] = Array("a\nb\u{0}c\u{0}".utf8) + [0xFF]
    try text.withUnsafeBufferPointer {
      try validator.check(UnsafeBufferPointer(rebasing: $0[..<6]), isComplete: false)
    }
    #expect(throws: LineFilter.InputError.invalidUTF8(line: 3)) {
      try text.withUnsafeBufferPointer { try validator.check($0, isComplete: true) }
    }
  }

  @Test(.offThePool, arguments: [1 as UInt64, 2])
  func streamingFilterAgreesWithTheLineFilter(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    let (items, text) = Self.randomItems(&rng, count: 400)
    let lines = try LineFilter(utf8: text, separator: 0)
    #expect(lines.count == items.count)
    for mode in MatchMode.allCases {
      for query in ["a", "ab", "b a", "sao", "x-", "a\nb"] {
        let options = SearchOptions(mode: mode, maximumCount: nil)
        let prepared = SearchQuery(query, options: options)
        let expected = Set(items.indices.filter { prepared.match(items[$0]) != nil })
        #expect(
          Set(try lines.matches(for: query, options: options).map(\.line)) == expected, "\(mode) \(query)")
        for blockSize in [nil, 1, 53] {
          var filter = StreamingLineFilter(query, options: options)
          filter.separator = 0
          filter.blockSize = blockSize
          let found = try text.withUnsafeBufferPointer { try filter.matches(in: $0) }
          let texts = found.map { String(decoding: text[$0], as: UTF8.self) }
          #expect(
            Set(texts) == Set(expected.map { items[$0] }), "\(mode) \(query) \(String(describing: blockSize))"
          )
          #expect(texts.count == expected.count)
        }
      }
    }
  }
}
