/// The case- and diacritic-sensitive fold: the text in Normalization Form C, so that canonically
/// equivalent spellings (precomposed "é" and "e" + U+0301) give the same bytes.
///
/// Uses the standard library's NFC (`String._withNFCCodeUnits`, public since Swift 5.7).
enum SensitiveFold {
  /// Appends the NFC form of `text` to `buffer`.
  static func append(_ text: String, to buffer: inout [UInt8]) {
    var text = text
    let isASCII = text.withUTF8 { bytes -> Bool in
      guard isAllASCII(bytes) else { return false }
      buffer.append(contentsOf: bytes)
      return true
    }
    if !isASCII { text._withNFCCodeUnits { buffer.append($0) } }
  }

  /// The NFC form of `text` with, per byte, the UTF-8 offset in `text` of its source scalar. Where
  /// composition changed a grapheme cluster, all its bytes point at the cluster's first scalar.
  static func mapped(_ text: String) -> FoldedText {
    var copy = text
    let unchanged = copy.withUTF8 { bytes -> FoldedText? in
      if !isAllASCII(bytes) {
        var index = 0
        var same = true
        text._withNFCCodeUnits { byte in
          if same, index < bytes.count, bytes[index] == byte { index += 1 } else { same = false }
        }
        guard same, index == bytes.count else { return nil }
      }
      var sink = MappedSink(capacity: bytes.count)
      appendIdentity(bytes, base: 0, into: &sink)
      return FoldedText(original: text, utf8: sink.bytes, sourceOffsets: sink.offsets)
    }
    if let unchanged { return unchanged }

    var sink = MappedSink(capacity: text.utf8.count)
    let utf8 = text.utf8
    var start = text.startIndex
    var startOffset = 0
    while start < text.endIndex {
      let end = text.index(after: start)
      let endOffset = startOffset + utf8.distance(from: start, to: end)
      let cluster = Substring(text[start..<end])
      var clusterBytes = Array(cluster.utf8)
      let composed = String(cluster)._nfcCodeUnits
      if composed == clusterBytes {
        clusterBytes.withUnsafeBufferPointer { appendIdentity($0, base: startOffset, into: &sink) }
      } else {
        clusterBytes = composed
        clusterBytes.withUnsafeBufferPointer { sink.append($0, from: startOffset) }
      }
      start = end
      startOffset = endOffset
    }
    return FoldedText(original: text, utf8: sink.bytes, sourceOffsets: sink.offsets)
  }

  /// Appends `bytes` unchanged, each mapped to the start of its own scalar.
  static func appendIdentity(_ bytes: UnsafeBufferPointer<UInt8>, base: Int, into sink: inout MappedSink) {
    var scalarStart = 0
    for (index, byte) in bytes.enumerated() {
      if byte & 0xC0 != 0x80 { scalarStart = index }
      sink.append(byte, from: base + scalarStart)
    }
  }

  /// Whether every byte is ASCII.
  static func isAllASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var union: UInt8 = 0
    for byte in bytes { union |= byte }
    return union < 0x80
  }
}
