import AutocompleteCore
import TestSupport
import Testing

/// Lines with invalid UTF-8 or NUL bytes are searched as if each bad sequence were U+FFFD and given
/// back as the original bytes (issue 22), checked against a brute-force oracle: the same filter,
/// refusing, over a copy where each line is repaired by hand.
@Suite("Streaming line filter: repairing bad lines")
struct StreamingLineFilterRepairTests {
  /// Bad pieces: a Latin-1 byte, a lone continuation byte, a cut sequence, an overlong, a NUL.
  static let badPieces: [[UInt8]] = [[0xE9], [0x80], [0xE2, 0x82], [0xC0, 0xAF], [0x00], [0xFF, 0xFE]]

  /// Random lines, about one in four with a bad piece somewhere.
  static func randomLines(_ rng: inout SplitMix64, count: Int) -> [[UInt8]] {
    (0..<count).map { _ in
      var line = Array(
        (0..<Int.random(in: 1...6, using: &rng)).map { _ in
          StreamingLineFilterTests.pieces.filter { $0 != "\r" }.randomElement(using: &rng)!
        }.joined().utf8)
      if Int.random(in: 0..<4, using: &rng) == 0 {
        let at = Int.random(in: 0...line.count, using: &rng)
        line.insert(contentsOf: badPieces.randomElement(using: &rng)!, at: at)
      }
      return line
    }
  }

  /// The oracle's repair: Swift's decoding, then NUL as U+FFFD.
  static func repaired(_ line: [UInt8]) -> [UInt8] {
    Array(String(decoding: line, as: UTF8.self).utf8).flatMap { (byte: UInt8) -> [UInt8] in
      byte == 0 ? [0xEF, 0xBF, 0xBD] : [byte]
    }
  }

  @Test(.offThePool, arguments: [1 as UInt64, 2, 3])
  func findsTheLinesTheRepairedCopyMatches(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    let lines = Self.randomLines(&rng, count: 300)
    let text: [UInt8] = lines.flatMap { $0 + [0x0A] }
    let copy = lines.map(Self.repaired)
    let copyText: [UInt8] = copy.flatMap { $0 + [0x0A] }
    // Refused by default.
    #expect(throws: LineFilter.InputError.self) {
      try text.withUnsafeBufferPointer { try StreamingLineFilter("a").matches(in: $0) }
    }
    for mode in MatchMode.allCases {
      for query in ["s", "a", "st", "\u{FFFD}", "é", "ab", "Sa"] {
        let options = SearchOptions(mode: mode, maximumCount: nil)
        let expected = try copyText.withUnsafeBufferPointer {
          try StreamingLineFilter(query, options: options).matches(in: $0)
        }.map { range in copy.firstIndex { $0[...] == copyText[range] }! }
        for blockSize in [nil, 1, 97] {
          var filter = StreamingLineFilter(query, options: options)
          filter.blockSize = blockSize
          filter.repairsInvalidLines = true
          let actual = try text.withUnsafeBufferPointer { try filter.matches(in: $0) }
          // The original bytes of whole lines, the same lines as the oracle's.
          let found = actual.map { range in Array(text[range]) }
          #expect(found.allSatisfy { lines.contains($0) }, "\(mode) \(query)")
          #expect(
            Set(found.map { line in lines.firstIndex(of: line)! }).count == Set(found).count)
          #expect(
            Set(found.map { Self.repaired($0) }) == Set(expected.map { copy[$0] }),
            "\(mode) \(query) block \(String(describing: blockSize))")
          #expect(actual.count == expected.count, "\(mode) \(query)")
        }
      }
    }
  }

  @Test(.offThePool) func namesTheFirstRepairedLine() {
    func first(_ bytes: [UInt8]) -> Int? {
      bytes.withUnsafeBufferPointer { StreamingLineFilter.firstRepairedLine(in: $0) }
    }
    #expect(first(Array("a\nb\n".utf8)) == nil)
    #expect(first([0x61, 0x0A, 0x62, 0xFF, 0x0A, 0x00]) == 2)
    #expect(first([0x61, 0x0A, 0x00, 0x0A, 0xFF]) == 2)
    #expect(first([0x61, 0x0A, 0x62, 0x0A, 0xE9]) == 3)
  }
}
