/// fzf's fuzzy scoring (its default `--algo=v2`) on folded bytes: the best-scoring way to find the
/// query's bytes in order in a text, not merely the first.
///
/// What: an alignment puts each query byte on a text byte, in order. Its score (fzf's
/// `calculateScore`) gives every matched byte 16 plus a bonus for where it is — after whitespace
/// 10, after a delimiter (`/`, `,`, `:`, `;`, `|`) 9, after another non-word byte or on a non-word
/// byte 8, a camel hump or the first digit 7 — the first query byte's bonus doubled; a byte that
/// continues a run of consecutive matches takes the best of its own bonus, the run's first bonus
/// and 4; a gap of g skipped bytes costs 3 + (g − 1). The match is the alignment of highest score
/// (``match(_:in:humps:wantRanges:)``); fzf's v1 took the first occurrence, shrunk from its end,
/// so `pyinit` matched `p…y…i…n…i…t` scattered before the contiguous `py…init`.
///
/// How: dynamic programming over (query byte i, text byte j). What a later byte adds depends on
/// the run it continues only through the run's first bonus, one of five values (0, 7, 8, 9, 10),
/// so the best score with byte i on byte j is kept for each of them: exact, unlike fzf's two
/// tables, which guess whether to continue a run. A new run after a gap takes the best of the row
/// before to its left, kept as a running maximum (the gap cost is linear in its length). Each row
/// only spans the columns where that query byte can be (between its first possible and last
/// possible position).
///
/// Cost: O(m × w × 5) time for a query of m bytes and a window of w text bytes; two rows of
/// memory, or m rows when the matched ranges are wanted (to trace the alignment back). Past
/// ``tableLimit`` cells the greedy v1 alignment is scored instead (fzf falls back to v1 too).
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

  /// The bonus of a byte of class `current` after one of class `previous` (fzf's `bonusFor`): any
  /// byte but whitespace starts a word after whitespace, a delimiter or another non-word byte.
  @inline(__always)
  static func bonus(previous: ByteClass, current: ByteClass) -> Int {
    if current != .white {
      switch previous {
      case .white: return bonusBoundaryWhite
      case .delimiter: return bonusBoundaryDelimiter
      case .nonWord: return bonusBoundary
      default: break
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

  /// fzf's v1: the first occurrence shrunk from its end, scored; the fallback past ``tableLimit``.
  static func greedyMatch(
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

  /// The most cells (query bytes × window bytes) the exact search fills before falling back to
  /// ``greedyMatch(_:in:humps:wantRanges:)``.
  static let tableLimit = 1 << 20

  /// The bonus of each byte of `text` (see the top of this file); the byte before the text counts
  /// as whitespace.
  static func bonuses(_ text: UnsafeBufferPointer<UInt8>, humps: HumpMask?, in window: Range<Int>) -> [Int8] {
    var result = [Int8](repeating: 0, count: window.count)
    result.withUnsafeMutableBufferPointer { fillBonuses($0, text, humps: humps, in: window) }
    return result
  }

  /// Writes the bonus of each byte of `window` of `text` into `result` (``bonuses(_:humps:in:)``).
  static func fillBonuses(
    _ result: UnsafeMutableBufferPointer<Int8>, _ text: UnsafeBufferPointer<UInt8>, humps: HumpMask?,
    in window: Range<Int>
  ) {
    var previous: ByteClass = window.lowerBound > 0 ? ByteClass(text[window.lowerBound - 1]) : .white
    if window.lowerBound > 0, previous == .lower, let humps, humps.contains(window.lowerBound - 1) {
      previous = .upper
    }
    for index in window {
      var current = ByteClass(text[index])
      if current == .lower, let humps, humps.contains(index) { current = .upper }
      result[index - window.lowerBound] = Int8(bonus(previous: previous, current: current))
      previous = current
    }
  }

  /// The five values a run's first bonus takes, as a state number.
  @inline(__always)
  static func state(ofBonus bonus: Int) -> Int {
    switch bonus {
    case bonusBoundaryWhite: 4
    case bonusBoundaryDelimiter: 3
    case bonusBoundary: 2
    case bonusCamel: 1
    default: 0
    }
  }

  /// The first bonus of a run in each state (``state(ofBonus:)``).
  static let stateBonuses = [0, bonusCamel, bonusBoundary, bonusBoundaryDelimiter, bonusBoundaryWhite]

  /// The best score of `query` in `text` and, with `wantRanges`, where its bytes are (as ranges),
  /// or `nil` when the query is not a subsequence. `humps`, when given, marks bytes that start a
  /// camel-case hump in the original text (folding lowers every letter).
  static func match(
    _ query: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>, humps: HumpMask? = nil,
    wantRanges: Bool = true
  ) -> (score: Int, ranges: [Range<Int>])? {
    let m = query.count
    guard m > 0 else { return (0, []) }
    if m == 1 { return matchOneByte(query[0], in: text, humps: humps, wantRanges: wantRanges) }
    // first[i]: the earliest text byte query byte i can be on; last[i]: the latest.
    // Buffers on the stack where they fit: a line costs no allocation.
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * m) { bounds in
      let first = UnsafeMutableBufferPointer(rebasing: bounds[0..<m])
      var q = 0
      for (index, byte) in text.enumerated() where byte == query[q] {
        first[q] = index
        q += 1
        if q == m { break }
      }
      guard q == m else { return nil }
      let last = UnsafeMutableBufferPointer(rebasing: bounds[m...])
      q = m - 1
      var index = text.count - 1
      while q >= 0 {
        if text[index] == query[q] {
          last[q] = index
          q -= 1
        }
        index -= 1
      }
      let window = first[0]..<(last[m - 1] + 1)
      let width = window.count
      if m * width > tableLimit {
        return greedyMatch(query, in: text, humps: humps, wantRanges: wantRanges)
      }
      return withUnsafeTemporaryAllocation(of: Int8.self, capacity: width) { bonus in
        fillBonuses(bonus, text, humps: humps, in: window)
        let base = window.lowerBound
        let unreachable = Int32.min / 2
        let states = 5
        // Row i holds, for each column j of the window and each run state, the best score with query
        // byte i on text byte base + j; all rows are kept when the alignment is traced back.
        let rowSize = width * states
        let cells = (wantRanges ? m : 2) * rowSize
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: cells) { table in
          table.initialize(repeating: unreachable)
          func row(_ i: Int) -> Int { (wantRanges ? i : i & 1) * rowSize }
          for j in (first[0] - base)...(last[0] - base) where text[base + j] == query[0] {
            let b = Int(bonus[j])
            table[row(0) + j * states + state(ofBonus: b)] = Int32(scoreMatch + b * bonusFirstCharMultiplier)
          }
          if m > 1 {
            for i in 1..<m {
              let current = row(i)
              let previous = row(i - 1)
              let lower = first[i] - base
              let upper = last[i] - base
              if !wantRanges {  // the buffer held row i - 2
                for cell in current..<(current + rowSize) { table[cell] = unreachable }
              }
              // The best (score + column) of the row before, up to two columns to the left.
              var leftBest = Int(unreachable)
              var scanned = first[i - 1] - base
              for j in lower...upper {
                while scanned <= j - 2 {
                  for s in 0..<states {
                    let value = Int(table[previous + scanned * states + s])
                    if value > unreachable { leftBest = max(leftBest, value + scanned) }
                  }
                  scanned += 1
                }
                guard text[base + j] == query[i] else { continue }
                let b = Int(bonus[j])
                let cell = current + j * states
                if leftBest > Int(unreachable) {
                  // A new run after a gap of g = j - j'' - 1 bytes: 3 + (g - 1) = j - j'' + 1.
                  let score = leftBest - j - 1 + scoreMatch + b
                  let target = cell + state(ofBonus: b)
                  if score > table[target] { table[target] = Int32(score) }
                }
                if j > 0 {
                  for s in 0..<states {
                    let before = Int(table[previous + (j - 1) * states + s])
                    guard before > unreachable else { continue }
                    var runBonus = stateBonuses[s]
                    if b >= bonusBoundary && b > runBonus { runBonus = b }
                    let score = before + scoreMatch + max(b, runBonus, bonusConsecutive)
                    let target = cell + state(ofBonus: runBonus)
                    if score > table[target] { table[target] = Int32(score) }
                  }
                }
              }
            }
          }
          // The best end: the highest score, the earliest on a tie.
          let lastRow = row(m - 1)
          var best = (score: Int(unreachable), column: -1, state: 0)
          for j in (first[m - 1] - base)...(last[m - 1] - base) {
            for s in 0..<states where Int(table[lastRow + j * states + s]) > best.score {
              best = (Int(table[lastRow + j * states + s]), j, s)
            }
          }
          guard best.column >= 0 else { return nil }
          guard wantRanges else { return (best.score, []) }
          // Trace back: which cell of the row before gave each cell its score.
          var positions = [Int](repeating: 0, count: m)
          var (column, state, score) = (best.column, best.state, best.score)
          for i in stride(from: m - 1, to: 0, by: -1) {
            positions[i] = base + column
            let b = Int(bonus[column])
            let previous = row(i - 1)
            var found = false
            if column > 0 {
              for s in 0..<states {
                let before = Int(table[previous + (column - 1) * states + s])
                guard before > unreachable else { continue }
                var runBonus = stateBonuses[s]
                if b >= bonusBoundary && b > runBonus { runBonus = b }
                if self.state(ofBonus: runBonus) == state
                  && before + scoreMatch + max(b, runBonus, bonusConsecutive) == score
                {
                  (column, state, score, found) = (column - 1, s, before, true)
                  break
                }
              }
            }
            if found { continue }
            // A new run: the earliest cell of the row before that gives this score.
            search: for j in 0..<max(column - 1, 0) {
              for s in 0..<states {
                let before = Int(table[previous + j * states + s])
                if before > unreachable && before - (column - j + 1) + scoreMatch + b == score {
                  (column, state, score) = (j, s, before)
                  break search
                }
              }
            }
          }
          positions[0] = base + column
          var ranges: [Range<Int>] = []
          for position in positions {
            if let range = ranges.last, range.upperBound == position {
              ranges[ranges.count - 1] = range.lowerBound..<(position + 1)
            } else {
              ranges.append(position..<(position + 1))
            }
          }
          return (best.score, ranges)
        }
      }
    }
  }

  /// ``match(_:in:humps:wantRanges:)`` for a query of one byte: its occurrence of highest bonus
  /// (the first on a tie), without a table.
  static func matchOneByte(
    _ byte: UInt8, in text: UnsafeBufferPointer<UInt8>, humps: HumpMask?, wantRanges: Bool
  )
    -> (score: Int, ranges: [Range<Int>])?
  {
    var best = -1
    var bestBonus = -1
    var previous: ByteClass = .white
    for index in text.indices {
      var current = ByteClass(text[index])
      if current == .lower, let humps, humps.contains(index) { current = .upper }
      if text[index] == byte {
        let bonus = bonus(previous: previous, current: current)
        if bonus > bestBonus { (best, bestBonus) = (index, bonus) }
        if bonus == bonusBoundaryWhite { break }
      }
      previous = current
    }
    guard best >= 0 else { return nil }
    return (scoreMatch + bestBonus * bonusFirstCharMultiplier, wantRanges ? [best..<(best + 1)] : [])
  }

  /// The score of the bytes at `range` of `text` matched one after another (a substring match).
  static func score(of range: Range<Int>, in text: UnsafeBufferPointer<UInt8>, humps: HumpMask?) -> Int {
    guard !range.isEmpty else { return 0 }
    let bonus = bonuses(text, humps: humps, in: range)
    var firstBonus = Int(bonus[0])
    var score = scoreMatch + firstBonus * bonusFirstCharMultiplier
    for offset in 1..<range.count {
      var b = Int(bonus[offset])
      if b >= bonusBoundary && b > firstBonus { firstBonus = b }
      b = max(b, firstBonus, bonusConsecutive)
      score += scoreMatch + b
    }
    return score
  }
}
