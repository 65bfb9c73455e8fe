import AutocompleteCore
import Foundation
import TestSupport
import Testing

/// Indexes built on many threads at once. Under ThreadSanitizer (`swift test --sanitize=thread`,
/// run by CI) this was a data race until issue 21: building an index of no keys made arrays with
/// `init(unsafeUninitializedCapacity: 0)`, which writes the count of the runtime's one shared empty
/// array while other threads read empty arrays.
@Suite("Indexes built concurrently")
struct ConcurrentIndexBuildTests {
  @Test("indexes of no items built on several threads at once, while others read empty arrays", .offThePool)
  func emptyIndexesBuiltConcurrently() {
    let counts = ConcurrentCounts()
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      for _ in 0..<200 {
        if thread % 4 == 3 {
          let empties = (0..<10).map { _ in [UInt32]() }
          counts.add(empties.reduce(0) { $0 + $1.count })
        } else {
          let index = SearchIndex([AutocompleteItem]())
          counts.add(index.keyCount + ((try? index.search("a").count) ?? 0))
        }
      }
    }
    #expect(counts.total == 0)
  }
}

/// A sum added to from many threads.
private final class ConcurrentCounts: @unchecked Sendable {
  private let lock = NSLock()
  private var sum = 0

  func add(_ value: Int) {
    lock.lock()
    sum += value
    lock.unlock()
  }

  var total: Int {
    lock.lock()
    defer { lock.unlock() }
    return sum
  }
}
