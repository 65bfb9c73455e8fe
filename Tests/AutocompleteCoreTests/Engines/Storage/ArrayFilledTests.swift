import TestSupport
import Testing

@testable import AutocompleteCore

/// ``Swift/Array/init(filledWith:count:)`` is `init(repeating:count:)` by another allocation path.
@Suite("Array filled with a value")
struct ArrayFilledTests {
  @Test(.offThePool, arguments: [0, 1, 4, 64, 129, 1_000])
  func equalsRepeating(count: Int) {
    #expect([UInt64](filledWith: 0xFF00, count: count) == [UInt64](repeating: 0xFF00, count: count))
    #expect([Int32](filledWith: -1, count: count) == [Int32](repeating: -1, count: count))
    let filled = [UInt8](filledWith: 7, count: count)
    #expect(filled.count == count && filled.capacity >= count)
    #expect(filled.allSatisfy { $0 == 7 })
  }

  @Test(.offThePool) func negativeOrZeroCountIsEmpty() {
    #expect([Int](filledWith: 3, count: 0).isEmpty)
    #expect([Int](filledWith: 3, count: -2).isEmpty)
  }
}
