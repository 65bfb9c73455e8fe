/// The number of terminal columns text takes, measured per grapheme cluster (Swift `Character`).
///
/// - East Asian Wide and Fullwidth characters (CJK, Hangul, fullwidth forms) take 2 columns.
/// - Emoji take 2 columns: emoji presentation characters, a character followed by VS16 (U+FE0F),
///   ZWJ sequences, flags (regional indicator pairs) and keycaps.
/// - Combining marks and other zero-width scalars join the cluster before them and add nothing; a
///   cluster made only of them (a combining mark at the very start of a string) takes 0 columns.
/// - Control characters take 0 columns; ``ScreenBuffer`` draws them as U+FFFD.
/// - Everything else (Latin, Greek, Cyrillic, Arabic, Hebrew, East Asian Ambiguous) takes 1 column.
public enum DisplayWidth {
  /// The columns one grapheme cluster takes: 0, 1 or 2.
  public static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if first.isASCII {
      // Fast path; a cluster starting with an ASCII letter can still be a keycap ("1", U+FE0F, U+20E3).
      if first.value < 0x20 || first.value == 0x7F { return 0 }
      if scalars.count == 1 { return 1 }
    }
    let properties = first.properties
    switch properties.generalCategory {
    case .control, .lineSeparator, .paragraphSeparator: return 0
    case .nonspacingMark, .enclosingMark, .spacingMark, .format:
      // A cluster that starts with a mark has no base character (or is a lone format character such
      // as ZWJ); flags and ZWJ emoji start with a visible base, so this is zero-width.
      if first.value == 0x00AD { return 1 }  // SOFT HYPHEN is shown by terminals.
      return 0
    default: break
    }
    if (0x1F1E6...0x1F1FF).contains(first.value) {
      // A pair of regional indicators is a flag; a single one is drawn narrow.
      return scalars.count >= 2 ? 2 : 1
    }
    if properties.isEmojiPresentation || isEastAsianWide(first) { return 2 }
    if scalars.count > 1 && properties.isEmoji {
      for scalar in scalars.dropFirst() {
        switch scalar.value {
        case 0xFE0F, 0x200D, 0x20E3, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F: return 2
        default: continue
        }
      }
    }
    return 1
  }

  /// The columns a string takes: the sum over its grapheme clusters.
  public static func of(_ text: some StringProtocol) -> Int {
    var total = 0
    for character in text { total += of(character) }
    return total
  }

  /// Whether a scalar is East Asian Wide or Fullwidth (binary search in the generated table).
  static func isEastAsianWide(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x1100 { return false }
    var low = 0
    var high = eastAsianWideRanges.count - 1
    while low <= high {
      let middle = (low + high) / 2
      let range = eastAsianWideRanges[middle]
      if value < range.lowerBound {
        high = middle - 1
      } else if value > range.upperBound {
        low = middle + 1
      } else {
        return true
      }
    }
    return false
  }
}

extension Character {
  /// The terminal columns this grapheme cluster takes (see ``DisplayWidth``).
  public var displayWidth: Int { DisplayWidth.of(self) }
}

extension StringProtocol {
  /// The terminal columns this text takes (see ``DisplayWidth``).
  public var displayWidth: Int { DisplayWidth.of(self) }

  /// The longest prefix that fits in `columns` terminal columns, never splitting a grapheme cluster.
  public func prefix(fittingColumns columns: Int) -> SubSequence {
    var used = 0
    var end = startIndex
    while end < endIndex {
      let width = DisplayWidth.of(self[end])
      if used + width > columns { break }
      used += width
      end = index(after: end)
    }
    return self[startIndex..<end]
  }

  /// The text cut to at most `columns` terminal columns: unchanged when it fits, otherwise the longest
  /// prefix that fits together with `ellipsis` (which is dropped too if even it does not fit).
  /// Grapheme clusters are never split, so a wide character that would straddle the limit is left out
  /// and the result can be one column narrower than `columns`.
  public func truncated(toColumns columns: Int, ellipsis: String = "…") -> String {
    guard columns > 0 else { return "" }
    // Measures at most `columns + 1` columns, so a long text costs what fits, not its length.
    let fitting = prefix(fittingColumns: columns)
    if fitting.endIndex == endIndex { return String(self) }
    let ellipsisWidth = ellipsis.displayWidth
    guard ellipsisWidth <= columns else { return String(prefix(fittingColumns: columns)) }
    return String(prefix(fittingColumns: columns - ellipsisWidth)) + ellipsis
  }
}
