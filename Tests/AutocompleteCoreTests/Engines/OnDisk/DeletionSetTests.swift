import TestSupport
import Testing

@testable import AutocompleteCore

/// ``DeletionSet``: its live mask is every item not removed, it round-trips through its file, and
/// removals made one after the other (each copying only the chunks it touches) leave earlier sets
/// as they were and count as a brute force does.
@Suite("Deletion set")
struct DeletionSetTests {
  @Test(.offThePool, arguments: [0, 1, 63, 64, 65, 130, 1_000, 4_096, 4_097, 10_000])
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

  @Test(.offThePool, arguments: [1, 64, 4_095, 4_096, 9_000])
  func removalsInStepsCountAsABruteForce(count: Int) {
    var generator = SplitMix64(seed: UInt64(count))
    var set = DeletionSet(count: count)
    var removed = Set<Int>()
    for _ in 0..<30 {
      let before = set
      let beforeRemoved = removed
      let step = (0..<Int(generator.next() % 40)).map { _ in Int(generator.next() % UInt64(count)) }
      set = set.removing(step)
      removed.formUnion(step)
      // The set before is unchanged (a search holding it sees one state).
      #expect((0..<count).filter(before.contains) == beforeRemoved.sorted())
      #expect(before.removedCount == beforeRemoved.count)
    }
    #expect((0..<count).filter(set.contains) == removed.sorted())
    #expect(set.removedCount == removed.count)
    for item in [0, count / 3, count / 2, count - 1] {
      #expect(set.removed(before: item) == removed.filter { $0 < item }.count, "before \(item)")
    }
  }
}
