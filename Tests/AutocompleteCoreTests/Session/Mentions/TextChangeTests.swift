import TestSupport
import Testing

@testable import AutocompleteCore

@Suite("TextChange: the edit between two texts, checked against brute force")
struct TextChangeTests {
  /// Pieces that make hard texts: repeats, clusters that merge, emoji, flags, CJK, RTL, CR LF.
  static let pieces = [
    "a", "a", "b", "@", " ", "é", "e\u{301}", "\u{301}", "\u{200D}", "👩‍👩‍👧", "👍🏽", "🇫🇷", "🇫", "🇩🇪",
    "山", "田", "ש", "ל", "\r", "\n", "\r\n", "x",
  ]

  static func randomText(_ generator: inout SplitMix64, maximum: Int) -> String {
    (0..<Int.random(in: 0...maximum, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
      .joined()
  }

  /// Whether `change` explains `old` → `new` with every offset on character boundaries of both.
  static func isValid(_ change: TextChange, _ old: String, _ new: String) -> Bool {
    let oldBytes = Array(old.utf8)
    let newBytes = Array(new.utf8)
    guard change.start <= change.oldEnd, change.start <= change.newEnd, change.oldEnd <= oldBytes.count,
      change.newEnd <= newBytes.count, oldBytes.count - change.oldEnd == newBytes.count - change.newEnd
    else { return false }
    return oldBytes[..<change.start] == newBytes[..<change.start]
      && oldBytes[change.oldEnd...] == newBytes[change.newEnd...]
      && [change.start, change.oldEnd].allSatisfy { TextOffsets.isBoundary($0, in: old) }
      && [change.start, change.newEnd].allSatisfy { TextOffsets.isBoundary($0, in: new) }
  }

  /// Every valid change between `old` and `new`, by brute force.
  static func allValid(_ old: String, _ new: String) -> [TextChange] {
    let delta = new.utf8.count - old.utf8.count
    var result: [TextChange] = []
    for start in 0...old.utf8.count {
      for oldEnd in start...old.utf8.count where oldEnd + delta >= start {
        let change = TextChange(start: start, oldEnd: oldEnd, newEnd: oldEnd + delta)
        if isValid(change, old, new) { result.append(change) }
      }
    }
    return result
  }

  @Test(
    "5,000 random edits: the change is valid, minimal, and within the real edit when the caret says where",
    .offThePool)
  func randomEdits() throws {
    var generator = SplitMix64(seed: 2024)
    var withinChecked = 0
    for _ in 0..<5_000 {
      let old = Self.randomText(&generator, maximum: 8)
      let characters = old.count
      let lower = Int.random(in: 0...characters, using: &generator)
      let upper = Int.random(in: lower...characters, using: &generator)
      let replacement = Self.randomText(&generator, maximum: 3)
      let start = old.index(old.startIndex, offsetBy: lower)
      let end = old.index(old.startIndex, offsetBy: upper)
      let new = String(old[..<start]) + replacement + String(old[end...])
      let realStart = old.utf8.distance(from: old.startIndex, to: start)
      let realOldEnd = old.utf8.distance(from: old.startIndex, to: end)
      let realNewEnd = realStart + replacement.utf8.count
      guard let change = TextChange.between(old, new, hint: realNewEnd) else {
        #expect(Array(old.utf8) == Array(new.utf8))
        continue
      }
      #expect(Self.isValid(change, old, new), "\(old.debugDescription) → \(new.debugDescription): \(change)")
      // Minimal: no valid change lies strictly inside it.
      let inside = Self.allValid(old, new).filter {
        $0 != change && $0.start >= change.start && $0.oldEnd <= change.oldEnd
      }
      #expect(
        inside.isEmpty, "\(old.debugDescription) → \(new.debugDescription): \(change) contains \(inside)")
      // The real edit, when it lies on boundaries of the new text too, contains the change.
      if TextOffsets.isBoundary(realStart, in: new), TextOffsets.isBoundary(realNewEnd, in: new) {
        withinChecked += 1
        #expect(
          change.start >= realStart && change.oldEnd <= realOldEnd && change.newEnd <= realNewEnd,
          "\(old.debugDescription) → \(new.debugDescription): \(change) outside \(realStart)..<\(realOldEnd)")
      }
    }
    #expect(withinChecked > 2_000)
  }

  @Test("typing a letter into a run of the same letter is placed at the caret", .offThePool)
  func ambiguity() throws {
    let change = try #require(TextChange.between("aaaa", "aaaaa", hint: 3))
    #expect(change == TextChange(start: 2, oldEnd: 2, newEnd: 3))
    let deletion = try #require(TextChange.between("aaaa", "aaa", hint: 1))
    #expect(deletion == TextChange(start: 1, oldEnd: 2, newEnd: 1))
    let far = try #require(TextChange.between("abab", "ababab", hint: 99))
    #expect(far == TextChange(start: 4, oldEnd: 4, newEnd: 6))
  }

  @Test(
    "a combining mark typed after a letter replaces the letter; a flag's half is a whole flag", .offThePool)
  func clusters() throws {
    let mark = try #require(TextChange.between("@jose", "@jose\u{301}", hint: 7))
    #expect(mark == TextChange(start: 4, oldEnd: 5, newEnd: 7))
    let flag = try #require(TextChange.between("🇫🇷", "🇫🇷🇫", hint: 12))
    #expect(flag == TextChange(start: 8, oldEnd: 8, newEnd: 12))
  }
}
