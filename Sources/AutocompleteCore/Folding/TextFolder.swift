/// Folds text so that comparisons ignore case and diacritics (unless told not to).
///
/// By default, folding lowers case (full Unicode case folding: "ß" → "ss", final "ς" → "σ"),
/// removes diacritics, including those Foundation keeps ("đ" → "d", "ø" → "o", "ł" → "l",
/// "æ" → "ae", "þ" → "th", "ı" → "i", "ᴀ" → "a"), expands compatibility forms ("ﬁ" → "fi",
/// "ＡＢＣ" → "abc", "⓵" → "1"), folds typographic punctuation to ASCII ("’" → "'", "–" → "-")
/// and drops invisible characters (bidi controls, zero width space, soft hyphen). The table comes
/// from Unicode data; see `Guides/Folding.md`.
///
/// ```swift
/// let folder = TextFolder()
/// folder.fold("Thủ Đức")  // "thu duc"
/// folder.fold("STRASSE") == folder.fold("Straße")  // true
/// ```
///
/// With ``isCaseSensitive`` set, case and diacritics stay and the text is only brought into
/// Normalization Form C, so that canonically equivalent spellings still fold alike.
///
/// The folded bytes are valid UTF-8 and never contain the byte 0xFF.
public struct TextFolder: Sendable, Hashable {
  /// When `true`, folding keeps case and diacritics and only composes the text canonically (NFC).
  public var isCaseSensitive: Bool

  /// Creates a folder; by default it ignores case and diacritics.
  public init(isCaseSensitive: Bool = false) {
    self.isCaseSensitive = isCaseSensitive
  }

  /// The folded form of `text`.
  public func fold(_ text: String) -> String {
    var bytes: [UInt8] = []
    appendFolded(text, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the folded UTF-8 bytes of `text` to `buffer`.
  ///
  /// This is the fast path for building indexes: ASCII is folded by arithmetic, other scalars by
  /// one table lookup each, with no allocation besides the growth of `buffer`.
  public func appendFolded(_ text: String, to buffer: inout [UInt8]) {
    if isCaseSensitive {
      SensitiveFold.append(text, to: &buffer)
      return
    }
    var text = text
    text.withUTF8 { bytes in
      if SensitiveFold.isAllASCII(bytes) {
        // The common case: copy, then lower A-Z in place.
        let start = buffer.count
        buffer.append(contentsOf: bytes)
        buffer.withUnsafeMutableBufferPointer { folded in
          for index in start..<folded.count {
            let byte = folded[index]
            folded[index] = byte &+ (byte &- 0x41 < 26 ? 0x20 : 0)
          }
        }
        return
      }
      var sink = ByteSink(bytes: [])
      swap(&sink.bytes, &buffer)
      InsensitiveFold.run(bytes, into: &sink)
      swap(&sink.bytes, &buffer)
    }
  }

  /// Folds `text`, keeping for every folded byte the place in `text` it came from, so that matches
  /// in the folded text can be highlighted in the original
  /// (``FoldedText/originalRanges(forFoldedRanges:)``).
  public func foldedWithMap(_ text: String) -> FoldedText {
    if isCaseSensitive { return SensitiveFold.mapped(text) }
    var copy = text
    return copy.withUTF8 { bytes in
      var sink = MappedSink(capacity: bytes.count)
      InsensitiveFold.run(bytes, into: &sink)
      return FoldedText(original: text, utf8: sink.bytes, sourceOffsets: sink.offsets)
    }
  }
}

extension TextFolder {
  /// Appends the folded form of valid UTF-8 `utf8` to `buffer`, without making a `String` when
  /// folding insensitively. The one-shot line filter folds ASCII lines itself (noting camel humps
  /// on the way) and calls this for the others.
  func appendFolded(utf8: UnsafeBufferPointer<UInt8>, to buffer: inout [UInt8]) {
    if isCaseSensitive {
      SensitiveFold.append(String(decoding: utf8, as: UTF8.self), to: &buffer)
      return
    }
    var sink = ByteSink(bytes: [])
    swap(&sink.bytes, &buffer)
    InsensitiveFold.run(utf8, into: &sink)
    swap(&sink.bytes, &buffer)
  }
}
