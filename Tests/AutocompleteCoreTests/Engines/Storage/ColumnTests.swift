import Foundation
import TestSupport
import Testing

@testable import AutocompleteCore

/// ``Column``: an array's elements, or a mapped file's, read the same way.
@Suite("Column")
struct ColumnTests {
  @Test(.offThePool) func aColumnOfAnArrayReadsItsElements() {
    let numbers: [UInt32] = [5, 1, 4_000_000_000, 0]
    let column = Column(numbers)
    #expect(Array(column) == numbers)
    #expect(column.count == 4 && column[2] == 4_000_000_000 && !column.isMapped)
    #expect(column.withUnsafeBufferPointer { Array($0) } == numbers)
    #expect(column.withUnsafeBytes { $0.count } == 16)
    let empty: Column<UInt8> = []
    #expect(empty.isEmpty && empty.array == [])
  }

  @Test(.offThePool) func aMappedColumnReadsTheFileInPlace() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("column-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: path) }
    let values: [UInt64] = [1, 2, 3, .max]
    try values.withUnsafeBytes { try Data($0).write(to: path) }
    let file = try MappedFile(path: path.path)
    let column = Column<UInt64>(mapped: try #require(file.bytes.baseAddress), count: 4, in: file)
    #expect(column.isMapped && Array(column) == values)
    #expect(column.withUnsafeBytes { $0.baseAddress } == file.bytes.baseAddress)
  }
}
