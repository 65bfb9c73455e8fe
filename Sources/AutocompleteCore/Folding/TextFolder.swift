import Foundation

/// Folds text so that comparisons ignore case and diacritics (unless told not to).
///
/// PLACEHOLDER: uses Foundation; the Unicode-table implementation replaces it.
public struct TextFolder: Sendable, Hashable {
  /// When `true`, folding keeps case and diacritics.
  public var isCaseSensitive: Bool

  /// Creates a folder.
  public init(isCaseSensitive: Bool = false) {
    self.isCaseSensitive = isCaseSensitive
  }

  /// The folded form of `text`.
  public func fold(_ text: String) -> String {
    String(decoding: foldedWithMap(text).utf8, as: UTF8.self)
  }

  /// Appends the folded UTF-8 bytes of `text` to `buffer`.
  public func appendFolded(_ text: String, to buffer: inout [UInt8]) {
    buffer.append(contentsOf: foldedWithMap(text).utf8)
  }

  /// Folds `text`, keeping for every folded byte the place in `text` it came from.
  public func foldedWithMap(_ text: String) -> FoldedText {
    var bytes: [UInt8] = []
    var offsets: [Int32] = []
    var position = 0
    for scalar in text.unicodeScalars {
      let piece =
        isCaseSensitive
        ? String(scalar)
        : String(scalar).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
      for byte in piece.utf8 {
        bytes.append(byte)
        offsets.append(Int32(position))
      }
      position += scalar.utf8.count
    }
    return FoldedText(original: text, utf8: bytes, sourceOffsets: offsets)
  }
}

/// A folded text with a map back to the original.
public struct FoldedText: Sendable {
  /// The original text.
  public let original: String
  /// The folded text as UTF-8.
  public let utf8: [UInt8]
  /// For each folded byte, the UTF-8 offset in ``original`` of the scalar it came from.
  let sourceOffsets: [Int32]

  init(original: String, utf8: [UInt8], sourceOffsets: [Int32]) {
    self.original = original
    self.utf8 = utf8
    self.sourceOffsets = sourceOffsets
  }

  /// Maps ranges of folded bytes to ranges of ``original``, widened to whole grapheme clusters,
  /// merged where they touch, in order.
  public func originalRanges(forFoldedRanges folded: [Range<Int>]) -> [Range<String.Index>] {
    var result: [Range<String.Index>] = []
    let utf8View = original.utf8
    for range in folded where !range.isEmpty && range.upperBound <= utf8.count {
      let startOffset = Int(sourceOffsets[range.lowerBound])
      let lastOffset = Int(sourceOffsets[range.upperBound - 1])
      let start = utf8View.index(utf8View.startIndex, offsetBy: startOffset)
      let last = utf8View.index(utf8View.startIndex, offsetBy: lastOffset)
      let lower = original.index(original.startIndex, offsetBy: original.distance(from: original.startIndex, to: start)) // rounds down
      let lastCharacter = original[last...].startIndex
      let upper = original.index(after: original.index(original.startIndex, offsetBy: original.distance(from: original.startIndex, to: lastCharacter)))
      if let previous = result.last, previous.upperBound >= lower {
        result[result.count - 1] = previous.lowerBound..<max(previous.upperBound, upper)
      } else {
        result.append(lower..<upper)
      }
    }
    return result
  }
}
