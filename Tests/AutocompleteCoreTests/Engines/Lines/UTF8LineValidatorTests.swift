import AutocompleteCore
import TestSupport
import Testing

/// Input checked as it arrives, a piece at a time, finds what checking it whole finds.
@Suite("UTF-8 checked in pieces")
struct UTF8LineValidatorTests {
  /// The outcome of checking `text` in pieces of `size` bytes.
  static func check(_ text: [UInt8], size: Int) -> LineFilter.InputError? {
    var validator = UTF8LineValidator()
    var end = 0
    return text.withUnsafeBufferPointer { buffer -> LineFilter.InputError? in
      repeat {
        end = min(text.count, end + size)
        do throws(LineFilter.InputError) {
          try validator.check(UnsafeBufferPointer(rebasing: buffer[..<end]), isComplete: end == text.count)
        } catch {
          return error
        }
      } while end < text.count
      return nil
    }
  }

  @Test("scalars split between pieces are checked whole; errors name the line in the whole text", .offThePool)
  func piecesAgreeWithTheWhole() {
    let good = Array("कि 👍🏽\né\n".utf8)
    for size in 1...good.count { #expect(Self.check(good, size: size) == nil, "\(size)") }
    let nul = Array("a\nb\nc\u{0}d\n".utf8)
    let cut = Array("a\nb\n".utf8) + [0xE0, 0xA4]  // a scalar cut at the end of input
    let bad = Array("a\nok\n".utf8) + [0xFF] + Array("\n".utf8)
    let badThenNUL = Array("a\n".utf8) + [0xFF] + Array("\nb\u{0}\n".utf8)
    for size in 1...6 {
      #expect(Self.check(badThenNUL, size: size) == .invalidUTF8(line: 2), "\(size)")
      #expect(Self.check(nul, size: size) == .nulByte(line: 3), "\(size)")
      #expect(Self.check(cut, size: size) == .invalidUTF8(line: 3), "\(size)")
      #expect(Self.check(bad, size: size) == .invalidUTF8(line: 3), "\(size)")
    }
  }
}
