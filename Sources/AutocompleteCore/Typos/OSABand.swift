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
/// term a shift or a mask of at most five bits. The `k + 1` masks of a row fit in one `UInt32` (a
/// byte each), so every byte's terms are computed at once: `M` and `S` come from a table per
/// pattern cluster number and row, the lanes repeated in each byte (``TypoPattern/bandTables``,
/// built once per query), and the chain through `R'_(d-1)` takes two more shift-and-mask steps. A
/// walk keeps one row per trie depth; a row's minimum is the first non-empty byte, and it never
/// decreases from one row to the next, so a row whose minimum is over the budget ends the search
/// along that key (or, in the trie walk, the whole subtree).
///
/// ## Cost
/// About twenty word operations and four table reads per key cluster, whatever the pattern's length
/// or the budget; O(1) memory per row; no allocation. (A loop over the band's cells, the textbook
/// form, took about ten times as many; the same bits computed byte by byte, about 28 % more
/// instructions in a two-typo trie walk than the table form.) The tables take
/// `(numbers + 3) × (m + k + 3)` words for a pattern of `m` clusters with that many distinct
/// numbers: at most 17 KB, for the longest pattern that may have typos.
struct OSABand {
  /// Per cluster number plus one (``TypoPattern/absent`` first, all zero), ``width`` entries: the
  /// lanes of row `index - 1` whose pattern cluster has that number, in each byte of a row
  /// (``TypoPattern/bandTables``).
  let lanes: UnsafePointer<UInt32>
  /// Per row `index - 1`: the lanes inside the table (`0 ≤ j ≤ m`), in each byte of a row.
  let valid: UnsafePointer<UInt32>
  /// Per row `index - 1`: the edge column `D[i][0] = i`, as a row.
  let edges: UnsafePointer<UInt32>
  /// Entries per row of the tables: rows -1 through `count + k + 1`.
  let width: Int
  /// The pattern's length in clusters.
  let count: Int
  /// The budget: distances above it are all reported as `k + 1`.
  let k: Int

  /// A row of the band: byte `d` holds `R_d`, bit `t` set when `D[i][i + t - k] ≤ d`.
  typealias Row = UInt32

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

  /// Row `i` from rows `i - 1` and `i - 2`, given key cluster `i`'s number `a` and cluster
  /// `i - 1`'s number `previous` (``TypoPattern/absent`` for none).
  @inline(__always)
  func step(_ before: Row, _ last: Row, row i: Int, cluster a: Int32, previous: Int32) -> Row {
    // Past the last row with a lane inside the table, every entry is zero.
    let index = min(i, width &- 2) &+ 1
    let own = lanes + Int(truncatingIfNeeded: a &+ 1) &* width
    let match = own[index]
    let swap = own[index &- 1] & lanes[Int(truncatingIfNeeded: previous &+ 1) &* width &+ index]
    let valid = self.valid[index]
    // Byte d: match from R_d; substitute from R_(d-1) (shifted up a byte); an extra key cluster from
    // R_(d-1) one lane down (the bit leaving a byte lands outside `valid`); swap from two rows up.
    var row = (last & match) | (last &<< 8) | (last &<< 7) | ((before &<< 8) & swap) | edges[index]
    row &= valid
    // A missing key cluster: R_(d-1) of this row, one lane up, and "≤ d - 1 is ≤ d" — byte by
    // byte, at most two bytes (k ≤ 2; for a smaller k the bytes above stay outside `valid`).
    row |= ((row &<< 8) | (row &<< 9)) & valid
    row |= ((row &<< 8) | (row &<< 9)) & valid
    return row
  }

  /// The lanes of row `i` inside the table (`0 ≤ j ≤ m`).
  @inline(__always)
  func validLanes(row i: Int) -> UInt32 {
    valid[min(i, width &- 2) &+ 1] & 0xFF
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
