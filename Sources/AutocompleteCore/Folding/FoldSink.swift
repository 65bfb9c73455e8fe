/// Where a fold writes its bytes: a plain buffer, or a buffer plus the source offset of every byte.
protocol FoldSink {
  /// Appends one folded byte that came from the scalar at UTF-8 offset `source`.
  mutating func append(_ byte: UInt8, from source: Int)
  /// Appends folded bytes that all came from the scalar at UTF-8 offset `source`.
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, from source: Int)
  /// Appends whole scalars that fold to themselves, copied from UTF-8 offset `source` on: each
  /// byte came from the scalar it belongs to.
  mutating func appendUnchanged(_ bytes: UnsafeBufferPointer<UInt8>, from source: Int)
}

/// A sink that only collects bytes (``TextFolder/appendFolded(_:to:)``).
struct ByteSink: FoldSink {
  var bytes: [UInt8]

  @inline(__always)
  mutating func append(_ byte: UInt8, from source: Int) {
    bytes.append(byte)
  }

  @inline(__always)
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, from source: Int) {
    self.bytes.append(contentsOf: bytes)
  }

  @inline(__always)
  mutating func appendUnchanged(_ bytes: UnsafeBufferPointer<UInt8>, from source: Int) {
    self.bytes.append(contentsOf: bytes)
  }
}

/// A sink that collects bytes and, per byte, the UTF-8 offset of the source scalar.
struct MappedSink: FoldSink {
  var bytes: [UInt8] = []
  var offsets: [Int32] = []

  init(capacity: Int) {
    bytes.reserveCapacity(capacity)
    offsets.reserveCapacity(capacity)
  }

  @inline(__always)
  mutating func append(_ byte: UInt8, from source: Int) {
    bytes.append(byte)
    offsets.append(Int32(clamping: source))
  }

  @inline(__always)
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, from source: Int) {
    self.bytes.append(contentsOf: bytes)
    offsets.append(contentsOf: repeatElement(Int32(clamping: source), count: bytes.count))
  }

  mutating func appendUnchanged(_ bytes: UnsafeBufferPointer<UInt8>, from source: Int) {
    self.bytes.append(contentsOf: bytes)
    var scalarStart = source
    for (index, byte) in bytes.enumerated() {
      if byte & 0xC0 != 0x80 { scalarStart = source + index }
      offsets.append(Int32(clamping: scalarStart))
    }
  }
}
