import TestSupport
import Testing

@testable import AutocompleteCore

/// ``GraphemeBoundary`` decides each position from the scalars around it; the oracle is `String`'s
/// grapheme breaking over the whole text.
@Suite("Grapheme boundaries, decided locally")
struct GraphemeBoundaryTests {
  /// The UTF-8 offsets where `String` puts a cluster boundary in `text`, ends included.
  static func oracle(_ text: String) -> Set<Int> {
    var offsets: Set<Int> = [0]
    var offset = 0
    for character in text {
      offset += character.utf8.count
      offsets.insert(offset)
    }
    return offsets
  }

  /// Every position of `text` decided alone, by one cursor walking forward, and by one cursor asked
  /// in a scrambled order, against the oracle.
  static func check(_ text: String, random: inout SplitMix64) -> Bool {
    let expected = oracle(text)
    var utf8 = Array(text.utf8)
    return utf8.withUnsafeMutableBufferPointer { mutable in
      let buffer = UnsafeBufferPointer(mutable)
      var forward = GraphemeBoundary.Cursor(buffer)
      var scrambled = GraphemeBoundary.Cursor(buffer)
      var ok = true
      for position in 0...buffer.count {
        let want = expected.contains(position)
        if GraphemeBoundary.isBoundary(buffer, at: position) != want { ok = false }
        if forward.isBoundary(at: position) != want { ok = false }
      }
      for _ in 0...buffer.count {
        let position = Int(random.next() % UInt64(buffer.count + 1))
        if scrambled.isBoundary(at: position) != expected.contains(position) { ok = false }
      }
      if GraphemeBoundary.isSingleCluster(buffer) != (text.count == 1) { ok = false }
      return ok
    }
  }

  /// Scalars of every break class and of every rule with context: flags, ZWJ sequences, Indic
  /// conjuncts, Hangul jamo and syllables, marks, prepended marks, controls, CR and LF.
  static let pool: [Unicode.Scalar] = [
    "a", " ", "\r", "\n", "\u{01}", "\u{85}", "\u{AD}", "\u{200B}", "\u{301}", "\u{308}", "\u{903}",
    "\u{93F}", "\u{94D}", "\u{915}", "\u{937}", "\u{930}", "\u{9CD}", "\u{995}", "\u{200C}", "\u{200D}",
    "\u{1F44D}", "\u{1F3FD}", "\u{2764}", "\u{FE0F}", "\u{1F1FA}", "\u{1F1F8}", "\u{1F1EB}", "\u{1F1F7}",
    "\u{1100}", "\u{1161}", "\u{11A8}", "\u{AC00}", "\u{AC01}", "\u{600}", "\u{110BD}", "\u{E33}",
    "\u{E01}", "か", "\u{3099}", "\u{E0100}", "\u{1F9D1}", "\u{1F4BB}", "é", "\u{20E3}", "1",
  ]

  @Test("random text from scalars of every class agrees with String, position by position", .offThePool)
  func randomTextAgreesWithString() {
    var random = SplitMix64(seed: 21)
    for round in 0..<3_000 {
      let length = Int(random.next() % 14) + 1
      var scalars = String.UnicodeScalarView()
      for _ in 0..<length {
        if random.next() % 6 == 0 {
          let value = UInt32(truncatingIfNeeded: random.next() % 0x11_0000)
          scalars.append(Unicode.Scalar(value) ?? "x")
        } else {
          scalars.append(Self.pool[Int(random.next() % UInt64(Self.pool.count))])
        }
      }
      let text = String(scalars)
      #expect(Self.check(text, random: &random), "round \(round): \(text.unicodeScalars.map(\.value))")
    }
  }

  @Test(
    "every scalar (a stride through all planes) in the contexts of each rule",
    .disabled(
      if: isSanitized, "single-threaded: nothing for ThreadSanitizer to check, and 10× slower under it"),
    .offThePool)
  func everyScalarInContext() {
    var random = SplitMix64(seed: 7)
    var failures: [UInt32] = []
    for value in stride(from: UInt32(0x80), through: 0x10_FFFF, by: 11) {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let x = String(scalar)
      for text in ["a" + x + "a", x + "\u{301}x", "👍\u{200D}" + x, "क\u{94D}" + x + "क", "\u{1F1FA}" + x]
      where !Self.check(text, random: &random) {
        failures.append(value)
      }
    }
    #expect(failures.isEmpty, "\(failures.prefix(20).map { String($0, radix: 16) })")
  }

  @Test("long runs: flags, mark stacks and ZWJ chains", .offThePool)
  func longRuns() {
    var random = SplitMix64(seed: 3)
    let texts = [
      String(repeating: "\u{1F1FA}", count: 41) + "a" + String(repeating: "\u{1F1FA}\u{1F1F8}", count: 30),
      "e" + String(repeating: "\u{301}", count: 300) + "x",
      String(repeating: "👍\u{200D}", count: 50) + "👍",
      String(repeating: "👍🏽", count: 200), String(repeating: "कि ", count: 100),
      "क" + String(repeating: "\u{94D}\u{915}", count: 60),
    ]
    for text in texts { #expect(Self.check(text, random: &random)) }
  }
}
