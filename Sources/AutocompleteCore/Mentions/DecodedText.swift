/// What a markup decoder builds: the plain text's bytes and the mentions in it, each with where it
/// stood in the stored string (for errors).
struct DecodedText {
  /// The text's UTF-8 bytes so far.
  private(set) var bytes: [UInt8] = []
  /// The mentions so far, as UTF-8 offsets of the text.
  private var spans: [(range: Range<Int>, trigger: String, id: String)] = []
  /// Where each mention started in the stored string.
  private var sources: [Int] = []

  /// Room for about `capacity` bytes.
  init(capacity: Int) {
    bytes.reserveCapacity(capacity)
  }

  /// Appends a byte of plain text.
  mutating func append(_ byte: UInt8) {
    bytes.append(byte)
  }

  /// Appends a mention's text; `source` is its UTF-8 offset in the stored string.
  mutating func appendMention(_ text: String, trigger: String, id: String, source: Int) {
    let start = bytes.count
    bytes += text.utf8
    spans.append((start..<bytes.count, trigger, id))
    sources.append(source)
  }

  /// The mentioned text; throws when a mention's text merged with the text around it.
  func finished(stored: String) throws -> MentionedText {
    let text = String(decoding: bytes, as: UTF8.self)
    if let result = MentionedText(text: text, spans: spans) { return result }
    let bad = spans.firstIndex { span in
      span.range.isEmpty || !TextOffsets.isBoundary(span.range.lowerBound, in: text)
        || !TextOffsets.isBoundary(span.range.upperBound, in: text)
    }
    throw MentionMarkupError(
      reason: "a mention's text does not start or end on a character boundary of the text around it",
      utf8Offset: bad.map { sources[$0] }, stored: stored)
  }
}
