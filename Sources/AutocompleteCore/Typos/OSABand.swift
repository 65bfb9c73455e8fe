/// The optimal-string-alignment distance between a pattern and every prefix of a key, computed one
/// key cluster at a time on a diagonal band, bit-parallel: what typo tolerance runs for prefix,
/// exact and words matching, and what the index's trie walk carries down the sorted keys.
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
/// ## Why a band, and why bits
/// Only distances up to the budget `k` (at most 2) matter, and `D[i][j] ≥ |i - j|`, so only the
/// `2k + 1` cells with `|i - j| ≤ k` of each row — its lanes, lane `t` holding `D[i][i + t - k]` —
/// can be small enough. Instead of the cells' values, a row keeps one bit set per lane and
/// per distance `d ≤ k`: `R_d`, the lanes where `D[i][j] ≤ d` (the bit-parallel automaton of Wu and
/// Manber, with the swap term of Hyyrö's OSA variant, on the band). Moving down a row keeps a
/// cell's diagonal in the same lane, so the recurrence becomes, with `M` the lanes whose pattern
/// cluster equals the key's and `S` the lanes where the two clusters are swapped:
///
///     R'_d = (R_d & M) | R_(d-1) | (R_(d-1) >> 1) | (R'_(d-1) << 1) | (R''_(d-1) & S) | R'_(d-1)
///
/// (match, substitute, extra key cluster, missing key cluster, swap, and "≤ d - 1 is ≤ d"), each
/// term a shift or a mask of at most five bits. `M` and `S` are read off one bit mask per pattern
/// cluster number (``TypoPattern/matchMasks``), shifted to the row. The `k + 1` masks of a row fit in
/// one `UInt32` (a byte each), so a walk keeps one per trie depth; a row's minimum is the first
/// non-empty byte, and it never decreases from one row to the next, so a row whose minimum is over
/// the budget ends the search along that key (or, in the trie walk, the whole subtree).
///
/// ## Cost
/// O(k) word operations per key cluster whatever the pattern's length, O(1) memory per row; no
/// allocation. (A loop over the band's cells, the textbook form, took about ten times as many
/// instructions in the trie walk.)
struct OSABand {
  /// Per pattern cluster number, ``stride`` words: bit `j` set when pattern cluster `j - 1` has that
  /// number (``TypoPattern/matchMasks``).
  let masks: UnsafeBufferPointer<UInt64>
  /// Words per cluster number in ``masks``.
  let stride: Int
  /// The pattern's length in clusters.
  let count: Int
  /// The budget: distances above it are all reported as `k + 1`.
  let k: Int

  /// A row of the band: byte `d` holds `R_d`, bit `t` set when `D[i][i + t - k] ≤ d`.
  typealias Row = UInt32

  /// The bits of the band's `2k + 1` lanes.
  @inline(__always)
  private var laneMask: UInt32 { (1 &<< UInt32(truncatingIfNeeded: 2 &* k &+ 1)) &- 1 }

  /// The value that stands for "more than the budget".
  @inline(__always)
  var infinity: Int { k + 1 }

  /// Row 0: `D[0][j] = j`.
  @inline(__always)
  var firstRow: Row {
    var row: Row = 0
    for d in 0...k {
      // Lanes k ... k + min(d, m): j = 0 ... min(d, m).
      let lanes = (UInt32(1) << UInt32(min(d, count) + 1)) - 1
      row |= (lanes << UInt32(k)) << UInt32(8 * d)
    }
    return row
  }

  /// A row of infinities, standing for row -1.
  @inline(__always)
  var emptyRow: Row { 0 }

  /// The lanes of row `i` whose pattern cluster `j - 1 + shift` (with `j = i + t - k`) has number
  /// `id`.
  @inline(__always)
  private func lanes(of id: Int32, row i: Int, shift: Int) -> UInt32 {
    let offset = i &- k &+ shift
    let base = masks.baseAddress.unsafelyUnwrapped + Int(truncatingIfNeeded: id) &* stride
    if offset < 0 {
      return UInt32(truncatingIfNeeded: base[0] &<< UInt64(truncatingIfNeeded: 0 &- offset)) & laneMask
    }
    let word = offset &>> 6
    guard word < stride else { return 0 }
    let bit = UInt64(truncatingIfNeeded: offset & 63)
    var value = base[word] &>> bit
    if bit > 59 && word &+ 1 < stride { value |= base[word &+ 1] &<< (64 &- bit) }
    return UInt32(truncatingIfNeeded: value) & laneMask
  }

  /// Row `i` from rows `i - 1` and `i - 2`, given key cluster `i`'s number `a` and cluster
  /// `i - 1`'s number `previous` (``TypoPattern/absent`` for none).
  @inline(__always)
  func step(_ before: Row, _ last: Row, row i: Int, cluster a: Int32, previous: Int32) -> Row {
    // Lanes inside the table: 0 ≤ j ≤ m, that is k - i ≤ t ≤ m - i + k.
    let high = count &- i &+ k
    guard high >= 0 else { return 0 }
    var valid = laneMask
    if i < k { valid &= ~0 &<< UInt32(truncatingIfNeeded: k &- i) }
    if high < 2 &* k { valid &= (2 &<< UInt32(truncatingIfNeeded: high)) &- 1 }
    var match: UInt32 = 0
    var swap: UInt32 = 0
    if a != TypoPattern.absent {
      match = lanes(of: a, row: i, shift: 0)
      if previous != TypoPattern.absent {
        swap = lanes(of: a, row: i, shift: -1) & lanes(of: previous, row: i, shift: 0)
      }
    }
    // D[i][0] = i: lane k - i of every R_d with d ≥ i.
    let edge: UInt32 = i <= k ? 1 &<< UInt32(truncatingIfNeeded: k &- i) : 0
    var value = last & 0xFF & match
    if i == 0 { value |= edge }
    value &= valid
    var row: Row = value
    var lower = value
    var shift: UInt32 = 0
    for d in 1...max(k, 1) where d <= k {
      let lastLower = (last &>> shift) & 0xFF
      let beforeLower = (before &>> shift) & 0xFF
      shift &+= 8
      let r = (last &>> shift) & 0xFF
      value = (r & match) | lower | lastLower | (lastLower &>> 1) | (lower &<< 1) | (beforeLower & swap)
      if d >= i { value |= edge }
      value &= valid
      row |= value &<< shift
      lower = value
    }
    return row
  }

  /// `D[i][m]`: the distance between the whole pattern and the key's first `i` clusters (at most
  /// `k + 1`).
  @inline(__always)
  func distance(_ row: Row, row i: Int) -> Int {
    let lane = count - i + k
    guard lane >= 0 && lane <= 2 * k else { return infinity }
    let bits = (row &>> UInt32(truncatingIfNeeded: lane)) & 0x0001_0101
    return bits == 0 ? infinity : bits.trailingZeroBitCount / 8
  }

  /// The smallest value of the row: no later row has a smaller one.
  @inline(__always)
  func minimum(_ row: Row) -> Int {
    row == 0 ? infinity : row.trailingZeroBitCount / 8
  }
}
