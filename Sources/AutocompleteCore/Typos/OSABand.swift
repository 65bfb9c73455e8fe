/// The optimal-string-alignment distance between a pattern and every prefix of a key, computed one
/// key cluster at a time on a diagonal band: what typo tolerance runs for prefix, exact and words
/// matching, and what the index's trie walk carries down the sorted keys.
///
/// ## What
/// The optimal string alignment (OSA) distance counts the substitutions, insertions, deletions and
/// swaps of two neighbouring characters that turn one text into the other, never editing a swapped
/// pair again (the "restricted" Damerau–Levenshtein distance that Lucene, Typesense and Algolia use
/// for typos). The dynamic program fills `D[i][j]`, the distance between the key's first `i`
/// clusters and the pattern's first `j`:
///
///     D[i][0] = i, D[0][j] = j
///     D[i][j] = min(D[i-1][j-1] + (a_i ≠ b_j),   substitute (or match)
///                   D[i-1][j] + 1,               the key has an extra cluster
///                   D[i][j-1] + 1,               the key lacks a pattern cluster
///                   D[i-2][j-2] + 1 when a_i = b_(j-1) and a_(i-1) = b_j)   swap
///
/// `D[i][m]` is the distance between the pattern and the key's prefix of `i` clusters.
///
/// ## Why a band
/// Only distances up to the budget `k` (at most 2) matter, and `D[i][j] ≥ |i - j|`, so only the
/// `2k + 1` cells with `|i - j| ≤ k` of each row can be small enough; the others are clamped to
/// `k + 1`. A row is then at most five small numbers, packed into one `UInt64` (a byte a cell), so a
/// walk can keep one per trie depth and step in a handful of instructions. A row's minimum never
/// decreases from one row to the next, so a row whose minimum is over the budget ends the search
/// along that key (or, in the trie walk, the whole subtree).
///
/// ## Cost
/// O(k) per key cluster, O(k) memory per row; no allocation.
struct OSABand {
  /// The pattern's cluster numbers (see ``TypoPattern``).
  let pattern: UnsafeBufferPointer<Int32>
  /// The budget: distances above it are all reported as `k + 1`.
  let k: Int

  /// A row of the band: lane `t` holds `D[i][i + t - k]`, one byte each.
  typealias Row = UInt64

  /// The value that stands for "more than the budget".
  @inline(__always)
  var infinity: Int { k + 1 }

  /// Row 0: `D[0][j] = j`.
  @inline(__always)
  var firstRow: Row {
    var row: Row = 0
    for lane in 0...(2 * k) {
      let j = lane - k
      let value = j < 0 || j > pattern.count ? infinity : j
      row |= Row(value) << Row(lane << 3)
    }
    return row
  }

  /// A row of infinities, standing for row -1.
  @inline(__always)
  var emptyRow: Row {
    var row: Row = 0
    for lane in 0...(2 * k) { row |= Row(infinity) << Row(lane << 3) }
    return row
  }

  @inline(__always)
  static func lane(_ row: Row, _ lane: Int) -> Int { Int(truncatingIfNeeded: (row >> Row(lane << 3)) & 0xFF) }

  /// Row `i` from rows `i - 1` and `i - 2`, given key cluster `i`'s number `a` and cluster
  /// `i - 1`'s number `previous` (``TypoPattern/absent`` for none).
  @inline(__always)
  func step(_ before: Row, _ last: Row, row i: Int, cluster a: Int32, previous: Int32) -> Row {
    let m = pattern.count
    let infinity = self.infinity
    let width = 2 * k + 1
    var row: Row = 0
    var left = infinity
    for lane in 0..<width {
      let j = i + lane - k
      var value: Int
      if j < 0 || j > m {
        value = infinity
      } else if j == 0 {
        value = min(i, infinity)
      } else {
        value = Self.lane(last, lane) + (a == pattern[j - 1] ? 0 : 1)
        if lane + 1 < width { value = min(value, Self.lane(last, lane + 1) + 1) }
        value = min(value, left + 1)
        if j >= 2 && i >= 2 && a == pattern[j - 2] && previous == pattern[j - 1] {
          value = min(value, Self.lane(before, lane) + 1)
        }
        value = min(value, infinity)
      }
      row |= Row(value) << Row(lane << 3)
      left = value
    }
    return row
  }

  /// `D[i][m]`: the distance between the whole pattern and the key's first `i` clusters (at most
  /// `k + 1`).
  @inline(__always)
  func distance(_ row: Row, row i: Int) -> Int {
    let lane = pattern.count - i + k
    return lane < 0 || lane > 2 * k ? infinity : Self.lane(row, lane)
  }

  /// The smallest value of the row: no later row has a smaller one.
  @inline(__always)
  func minimum(_ row: Row) -> Int {
    var smallest = infinity
    for lane in 0...(2 * k) { smallest = min(smallest, Self.lane(row, lane)) }
    return smallest
  }
}
