import Testing

@testable import AutocompleteCore

/// ``DeletionSet``: its live mask is every item not removed, and it round-trips through its file.
@Suite("Deletion set")
struct DeletionSetTests {
  @Test(arguments: [0, 1, 63, 64, 65, 130, 1_000])
  func theLiveMaskIsEveryItemNotRemoved(count: Int) throws {
    let removed = Set((0..<count).filter { $0 % 7 == 3 || $0 == count - 1 })
    let set = DeletionSet(count: count).removing(removed)
    let live = set.liveMask
    #expect(live.count == count)
    #expect((0..<count).filter { live.contains($0) } == (0..<count).filter { !removed.contains($0) })
    #expect(live.setCount == count - removed.count)  // no bit set past the last item
    let reread = try set.fileBytes().withUnsafeBytes {
      try DeletionSet(fileBytes: $0, count: count, name: "test.del")
    }
    #expect(reread == set)
  }
}
