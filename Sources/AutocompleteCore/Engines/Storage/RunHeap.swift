/// The runs of a k-way merge that still have elements, as a binary heap: the run whose next element
/// comes first is on top. The caller keeps each run's position and says, through `isBefore`, which
/// of two runs' next elements comes first; after taking the top run's element it calls
/// ``advanceTop(isExhausted:isBefore:)``. Used to merge the sorted answers of blocks searched
/// apart (``mergeSortedRuns(_:limit:isBetter:transform:)``,
/// ``StreamingLineFilter/forEachLine(in:limit:_:)``).
struct RunHeap {
  private var heap: [Int]

  /// A heap of `runs` (those with an element left).
  init(_ runs: [Int], isBefore: (Int, Int) -> Bool) {
    heap = runs
    for index in stride(from: heap.count / 2, through: 0, by: -1) { siftDown(index, isBefore) }
  }

  /// The run whose next element comes first, or `nil` when every run is done.
  var top: Int? { heap.first }

  /// After the top run's element was taken: drops the run when `isExhausted`, and restores the
  /// order.
  mutating func advanceTop(isExhausted: Bool, isBefore: (Int, Int) -> Bool) {
    guard !heap.isEmpty else { return }
    if isExhausted {
      heap[0] = heap[heap.count - 1]
      heap.removeLast()
    }
    siftDown(0, isBefore)
  }

  private mutating func siftDown(_ start: Int, _ isBefore: (Int, Int) -> Bool) {
    var parent = start
    while true {
      let left = 2 * parent + 1
      var best = parent
      if left < heap.count && isBefore(heap[left], heap[best]) { best = left }
      if left + 1 < heap.count && isBefore(heap[left + 1], heap[best]) { best = left + 1 }
      if best == parent { return }
      heap.swapAt(parent, best)
      parent = best
    }
  }
}
