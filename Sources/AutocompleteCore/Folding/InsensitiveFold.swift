/// The case- and diacritic-insensitive fold: ASCII by arithmetic, every other scalar through
/// ``FoldingLookup``, conjoining Hangul jamo composed into syllables (so that decomposed and
/// precomposed Hangul fold alike; syllables themselves are never split), and the zero width joiner
/// kept only inside emoji sequences.
enum InsensitiveFold {
  /// Folds the valid UTF-8 `text` into `sink`.
  static func run<Sink: FoldSink>(_ text: UnsafeBufferPointer<UInt8>, into sink: inout Sink) {
    let lookup = FoldingLookup.shared
    lookup.pool.withUnsafeBufferPointer { pool in
      var index = 0
      let count = text.count
      // Scalars that fold to themselves (most of a non-Latin script) are copied a run at a time.
      var unchanged = 0
      func flush(to end: Int) {
        guard unchanged < end else { return }
        sink.appendUnchanged(UnsafeBufferPointer(rebasing: text[unchanged..<end]), from: unchanged)
      }
      while index < count {
        let byte = text[index]
        if byte < 0x80 {
          if byte &- 0x41 < 26 {
            flush(to: index)
            sink.append(byte | 0x20, from: index)
            unchanged = index &+ 1
          }
          index &+= 1
          continue
        }
        let (scalar, length) = decodeScalar(text, at: index)
        if isHangulComposable(scalar) {
          flush(to: index)
          index = composeHangul(text, at: index, into: &sink)
          unchanged = index
          continue
        }
        let entry = lookup.entry(scalar)
        if entry == 0 {
          index &+= length
          continue
        }
        flush(to: index)
        unchanged = index &+ length
        let start = Int(entry >> 8)
        let end = start &+ Int(entry & 0xFF)
        if end > start {
          sink.append(UnsafeBufferPointer(rebasing: pool[start..<end]), from: index)
        } else if scalar == 0x200D, joinsEmoji(text, before: index, lookup: lookup) {
          sink.append(UnsafeBufferPointer(rebasing: text[index..<index &+ length]), from: index)
        }
        index &+= length
      }
      flush(to: count)
    }
  }

  /// Whether the fold leaves `scalar` as it is wherever it stands: ASCII but capitals, and every
  /// other scalar whose ``FoldingLookup`` entry is 0 and that starts no Hangul composition. (A
  /// zero width joiner, kept only inside emoji sequences, is not.) A text of such scalars is its
  /// own folded form.
  static func keepsUnchanged(_ scalar: UInt32, lookup: FoldingLookup) -> Bool {
    scalar < 0x80 ? scalar &- 0x41 >= 26 : lookup.entry(scalar) == 0 && !isHangulComposable(scalar)
  }

  /// The scalar whose valid UTF-8 encoding starts at `index`, and its length in bytes.
  @inline(__always)
  static func decodeScalar(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int) {
    let lead = UInt32(text[index])
    if lead < 0x80 { return (lead, 1) }
    if lead < 0xE0 {
      return ((lead & 0x1F) << 6 | UInt32(text[index &+ 1] & 0x3F), 2)
    }
    if lead < 0xF0 {
      return (
        (lead & 0x0F) << 12 | UInt32(text[index &+ 1] & 0x3F) << 6 | UInt32(text[index &+ 2] & 0x3F), 3
      )
    }
    let scalar =
      (lead & 0x07) << 18 | UInt32(text[index &+ 1] & 0x3F) << 12
      | UInt32(text[index &+ 2] & 0x3F) << 6 | UInt32(text[index &+ 3] & 0x3F)
    return (scalar, 4)
  }

  /// Whether a zero width joiner at `index` joins an emoji sequence (👨‍👩‍👧, ❤️‍🔥): the scalar
  /// before it (skipping emoji variation selectors) is an emoji that folds to itself, or a tag.
  /// Elsewhere the table drops it, as it only changes glyph shaping there. Idempotent: what makes
  /// it stay stays too.
  static func joinsEmoji(
    _ text: UnsafeBufferPointer<UInt8>, before index: Int, lookup: FoldingLookup
  ) -> Bool {
    var end = index
    while end > 0 {
      var start = end &- 1
      while start > 0 && text[start] & 0xC0 == 0x80 { start &-= 1 }
      let (previous, _) = decodeScalar(text, at: start)
      if previous == 0xFE0F {
        end = start
        continue
      }
      if previous &- 0xE0020 < 0x60 { return true }
      guard previous >= 0x80, lookup.entry(previous) == 0 else { return false }
      return Unicode.Scalar(previous)?.properties.isEmoji ?? false
    }
    return false
  }

  // Hangul composition constants (Unicode §3.12).
  static let syllableBase: UInt32 = 0xAC00
  static let leadingBase: UInt32 = 0x1100
  static let vowelBase: UInt32 = 0x1161
  static let trailingBase: UInt32 = 0x11A7
  static let vowelCount: UInt32 = 21
  static let trailingCount: UInt32 = 28
  static let syllableCount: UInt32 = 11_172

  /// Whether `scalar` may start a Hangul composition: a leading jamo or an LV syllable.
  @inline(__always)
  static func isHangulComposable(_ scalar: UInt32) -> Bool {
    if scalar &- leadingBase < 19 { return true }
    let syllable = scalar &- syllableBase
    return syllable < syllableCount && syllable % trailingCount == 0
  }

  /// Composes the Hangul at `index` (a leading jamo or an LV syllable, with what follows) into one
  /// syllable if the next jamo allow it, appends it, and returns the index after what was used.
  static func composeHangul<Sink: FoldSink>(
    _ text: UnsafeBufferPointer<UInt8>, at index: Int, into sink: inout Sink
  ) -> Int {
    var (scalar, length) = decodeScalar(text, at: index)
    var next = index &+ length
    if scalar &- leadingBase < 19, next < text.count {
      let (vowel, vowelLength) = decodeScalar(text, at: next)
      if vowel &- vowelBase < vowelCount {
        scalar = syllableBase + ((scalar - leadingBase) * vowelCount + (vowel - vowelBase)) * trailingCount
        next &+= vowelLength
      }
    }
    if scalar &- syllableBase < syllableCount, (scalar - syllableBase) % trailingCount == 0,
      next < text.count
    {
      let (trailing, trailingLength) = decodeScalar(text, at: next)
      if trailing &- trailingBase < trailingCount, trailing != trailingBase {
        scalar += trailing - trailingBase
        next &+= trailingLength
      }
    }
    // Jamo and syllables are all three bytes long.
    sink.append(0xE0 | UInt8(scalar >> 12), from: index)
    sink.append(0x80 | UInt8((scalar >> 6) & 0x3F), from: index)
    sink.append(0x80 | UInt8(scalar & 0x3F), from: index)
    return next
  }
}
