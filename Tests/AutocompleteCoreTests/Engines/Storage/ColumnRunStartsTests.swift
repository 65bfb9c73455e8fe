import TestSupport
import Testing

@testable import AutocompleteCore

/// ``Column/runStarts(endedBy:count:)``, which reads eight bytes at a time, finds the runs a
/// byte-by-byte split finds, and refuses bytes that do not hold the runs asked for.
@Suite("Column: runs ended by a byte")
struct ColumnRunStartsTests {
  @Test(.offThePool, arguments: [UInt8(0), 0xFF, 0x80])
  func runStartsAreThoseOfASplit(terminator: UInt8) {
    var random = SplitMix64(seed: UInt64(terminator) + 1)
    for _ in 0..<200 {
      let count = Int(random.next() % 40)
      var bytes: [UInt8] = []
      var expected: [UInt32] = [0]
      for _ in 0..<count {
        for _ in 0..<(1 + Int(random.next() % 19)) {
          var byte = UInt8(truncatingIfNeeded: random.next())
          if byte == terminator { byte &+= 1 }
          bytes.append(byte)
        }
        bytes.append(terminator)
        expected.append(UInt32(bytes.count))
      }
      let column = Column(bytes)
      #expect(column.runStarts(endedBy: terminator, count: count) == expected)
      #expect(column.runStarts(endedBy: terminator, count: count + 1) == nil)
      if count > 0 {
        #expect(column.runStarts(endedBy: terminator, count: count - 1) == nil)
        // A last run without its terminator, and a run of the terminator alone.
        #expect(Column(Array(bytes.dropLast())).runStarts(endedBy: terminator, count: count) == nil)
        #expect(Column([terminator] + bytes).runStarts(endedBy: terminator, count: count + 1) == nil)
      }
    }
    #expect(Column([UInt8]()).runStarts(endedBy: terminator, count: 0) == [0])
  }
}
