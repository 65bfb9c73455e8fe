/// fzf's v1 fuzzy algorithm on folded bytes: find the query's bytes in order, shrink the window
/// from the end, then score it with bonuses for word starts, camel humps and consecutive runs.
enum FuzzyScorer {
  static let scoreMatch = 16
  static let scoreGapStart = -3
  static let scoreGapExtension = -1
  static let bonusBoundary = scoreMatch / 2
  static let bonusNonWord = scoreMatch / 2
  static let bonusCamel = bonusBoundary + scoreGapExtension
  static let bonusConsecutive = -(scoreGapStart + scoreGapExtension)
  static let bonusFirstCharMultiplier = 2
  static let bonusBoundaryWhite = bonusBoundary + 2
  static let bonusBoundaryDelimiter = bonusBoundary + 1

  /// Whether `query` is a subsequence of `text`: the cheap test before scoring.
  @inline(__always)
  static func isSubsequence(_ query: UnsafeBufferPointer<UInt8>, of text: UnsafeBufferPointer<UInt8>) -> Bool
  {
    var q = 0
    let n = query.count
    if n == 0 { return true }
    var wanted = query[0]
    for byte in text where byte == wanted {
      q += 1
      if q == n { return true }
      wanted = query[q]
    }
    return false
  }

  @inline(__always)
  static func bonus(previous: ByteClass, current: ByteClass) -> Int {
    if !previous.isWord && current.isWord {
      switch previous {
      case .white: return bonusBoundaryWhite
      case .delimiter: return bonusBoundaryDelimiter
      default: return bonusBoundary
      }
    }
    if previous == .lower && current == .upper { return bonusCamel }
    if previous != .number && current == .number { return bonusCamel }
    switch current {
    case .white: return bonusBoundaryWhite
    case .delimiter, .nonWord: return bonusNonWord
    default: return 0
    }
  }

  /// Scores `query` in `text`, returning the score and the matched byte positions as ranges, or
  /// `nil` when the query is not a subsequence. `humps`, when given, marks bytes that start a
  /// camel-case hump in the original text (folding lowers every letter).
  static func match(
    _ query: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>, humps: HumpMask? = nil,
    wantRanges: Bool = true
  ) -> (score: Int, ranges: [Range<Int>])? {
    let m = query.count
    guard m > 0 else { return (0, []) }
    // Forward: the first occurrence of each query byte in order.
    var q = 0
    var start = -1
    var end = -1
    for (i, byte) in text.enumerated() where byte == query[q] {
      if start < 0 { start = i }
      q += 1
      if q == m {
        end = i + 1
        break
      }
    }
    guard end > 0 else { return nil }
    // Backward: the shortest window that ends at `end`.
    q = m - 1
    var i = end - 1
    while i >= start {
      if text[i] == query[q] {
        if q == 0 {
          start = i
          break
        }
        q -= 1
      }
      i -= 1
    }
    // Score the window.
    var score = 0
    var inGap = false
    var consecutive = 0
    var firstBonus = 0
    var previous: ByteClass = start > 0 ? ByteClass(text[start - 1]) : .white
    var p = 0
    var ranges: [Range<Int>] = []
    for index in start..<end {
      let byte = text[index]
      var current = ByteClass(byte)
      if current == .lower, let humps, humps.contains(index) { current = .upper }
      if p < m && byte == query[p] {
        score += scoreMatch
        var bonus = bonus(previous: previous, current: current)
        if consecutive == 0 {
          firstBonus = bonus
        } else {
          if bonus >= bonusBoundary && bonus > firstBonus { firstBonus = bonus }
          bonus = max(bonus, firstBonus, bonusConsecutive)
        }
        score += p == 0 ? bonus * bonusFirstCharMultiplier : bonus
        inGap = false
        consecutive += 1
        p += 1
        if wantRanges {
          if let last = ranges.last, last.upperBound == index {
            ranges[ranges.count - 1] = last.lowerBound..<(index + 1)
          } else {
            ranges.append(index..<(index + 1))
          }
        }
      } else {
        score += inGap ? scoreGapExtension : scoreGapStart
        inGap = true
        consecutive = 0
        firstBonus = 0
      }
      previous = current
    }
    return (score, ranges)
  }
}
