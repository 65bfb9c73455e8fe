/// An immutable run of fixed-size elements that the search reads: the memory of an array built in
/// this process, or a section of a segment file read in place where it is mapped.
///
/// ``IndexStorage`` and ``SortedKeyTrie`` keep every array they search in a column, so a storage
/// built from items and one opened from a ``SegmentFile`` are the same type, searched by the same
/// code. Opening a segment then maps its sections instead of copying them: no work and no memory
/// per item until a search touches the pages it reads (``DiskIndex``'s O(1) open).
///
/// Reading an element checks its position, as an array's subscript does; the hot loops read
/// through ``withUnsafeBufferPointer(_:)``, as they did on arrays. An array's buffer stays where
/// it is while the array lives and is not changed (the column keeps it, and never changes it), so
/// the column reads it through a pointer taken once.
struct Column<Element>: RandomAccessCollection, @unchecked Sendable {
  /// The elements.
  private let buffer: UnsafeBufferPointer<Element>
  /// What keeps ``buffer`` alive: the array it came from, or the mapped file.
  private let owner: AnyObject?
  /// Whether the elements are a mapped file's pages (not anonymous memory: no huge pages).
  let isMapped: Bool

  /// A column holding `array`'s elements (the array itself, not a copy).
  init(_ array: [Element]) {
    let box = ArrayBox(array)
    owner = box
    buffer = box.array.withUnsafeBufferPointer { $0 }
    isMapped = false
  }

  /// A column reading `count` elements in place at `start`, inside `file`'s mapping, which it keeps
  /// alive. `start` must be aligned for `Element` and the elements inside the mapping.
  init(mapped start: UnsafeRawPointer, count: Int, in file: MappedFile) {
    owner = file
    buffer = UnsafeBufferPointer(start: start.assumingMemoryBound(to: Element.self), count: count)
    isMapped = true
  }

  var startIndex: Int { 0 }
  var endIndex: Int { buffer.count }

  /// Element `position`; a position outside the column stops the program, as an array's does.
  @inline(__always)
  subscript(position: Int) -> Element {
    precondition(position >= 0 && position < buffer.count, "Column index out of range")
    return buffer[position]
  }

  /// Calls `body` with the elements' memory.
  @inline(__always)
  func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
    try body(buffer)
  }

  /// Calls `body` with the elements' bytes.
  @inline(__always)
  func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    try body(UnsafeRawBufferPointer(buffer))
  }

  /// The elements' memory, valid while this column (or a copy of it) lives: for hot loops that
  /// read several columns of a structure kept alive around them.
  var unsafeBuffer: UnsafeBufferPointer<Element> { buffer }

  /// The elements copied into an array.
  var array: [Element] { Array(buffer) }
}

extension Column: ExpressibleByArrayLiteral {
  init(arrayLiteral elements: Element...) {
    self.init(elements)
  }
}

/// The array a ``Column`` reads, kept in an object so the column's pointer has an owner.
private final class ArrayBox<Element>: @unchecked Sendable {
  let array: [Element]
  init(_ array: [Element]) { self.array = array }
}

extension Column where Element == UInt32 {
  /// Whether this column, in increasing order, holds `value` (a binary search).
  func containsSorted(_ value: UInt32) -> Bool {
    var (low, high) = (0, count)
    while low < high {
      let middle = (low + high) / 2
      if self[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low < count && self[low] == value
  }
}
