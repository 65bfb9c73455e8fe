// How a ``TypoTrieWalk`` leaves nodes unwalked: the pattern clusters whose children can lead
// somewhere, the screen of the children of absent scalars, the lookahead masks and the pair sets.

extension TypoTrieWalk {
  /// Fills ``screen`` with the lanes of `absentRow` — the row every child of a scalar absent from
  /// the pattern gets at row `i` — that the lookahead test of such a child
  /// (``lookaheadRulesOut(_:row:bound:entry:depth:)``) would check, and returns how many; 0 when no
  /// screen applies: where the row is within the budget (a child records it, and its bound may
  /// change), or where a lane's window has no pattern cluster tracked (it admits every child).
  ///
  /// A child whose lookahead mask lacks more than a lane's typos left of the classes of the lane's
  /// window lacks at least as many of the window's clusters, so that lane cannot keep it; a child no
  /// lane keeps is one the lookahead test leaves. Screening the children against these few words
  /// before visiting them spares most of their visits: a node's children of absent scalars are most
  /// of its children, and most of those are left by their masks.
  @inline(__always)
  func screenLanes(of absentRow: OSABand.Row, row i: Int, bound: Int) -> Int {
    let k = pattern.budget
    if band.distance(absentRow, row: i) <= k { return 0 }
    var lanes = (absentRow &>> UInt32(truncatingIfNeeded: 8 &* bound)) & band.validLanes(row: i)
    var count = 0
    while lanes != 0 {
      let t = lanes.trailingZeroBitCount
      lanes &= lanes &- 1
      let window = classes.windowClasses(from: i &+ t &- k)
      if window == 0 { return 0 }
      screen[count] = (window, Self.typosLeft(absentRow, lane: t, bound: bound))
      count &+= 1
    }
    return count
  }

  /// Whether a child of an absent scalar whose lookahead mask is `mask` may pass its lookahead
  /// test, by the first `count` lanes of ``screen`` (``screenLanes(of:row:bound:)``).
  @inline(__always)
  func screenAdmits(_ mask: UInt64, count: Int) -> Bool {
    for index in 0..<count {
      let (window, left) = screen[index]
      var missing = window & ~mask
      // At most `left` (0, 1 or 2) classes missing: clear the lowest `left` bits.
      if left > 0 { missing &= missing &- 1 }
      if left > 1 { missing &= missing &- 1 }
      if missing == 0 { return true }
    }
    return false
  }

  /// The typos lane `t` of `row` has left under `bound` (`bound - D[i][j]`), given that it is
  /// within it: how many of the row's bytes below `bound` hold it, summed into byte 2 (at most two
  /// bytes, no carries).
  @inline(__always)
  private static func typosLeft(_ row: OSABand.Row, lane t: Int, bound: Int) -> Int {
    let below: UInt32 = (1 &<< UInt32(truncatingIfNeeded: 8 &* bound)) &- 1
    let bits = (row &>> UInt32(truncatingIfNeeded: t)) & 0x0001_0101 & below
    return Int(truncatingIfNeeded: ((bits &* 0x0001_0101) &>> 16) & 0xFF)
  }

  /// Whether a child led by a scalar of number `cluster` may be recorded or lead anywhere, given
  /// the node's ``aliveClusters(_:row:bound:)`` and whether an absent scalar's child is skipped.
  @inline(__always)
  static func mayLead(_ cluster: Int32, alive: UInt64, skipsAbsent: Bool) -> Bool {
    cluster == TypoPattern.absent ? !skipsAbsent : cluster >= 64 || alive & (1 &<< UInt64(cluster)) != 0
  }

  /// The numbers of the pattern clusters whose child of `frame`'s node (at row `i`) can lead
  /// somewhere when an absent scalar's cannot: a bit per number below 64 (every number of a pattern
  /// of at most 64 clusters). Such a child's row can only be within `bound` through a term an absent
  /// scalar's lacks (see ``OSABand``): a lane of `R_bound` whose pattern cluster it matches, or a
  /// swap. A swap needs no bit of its own: where key clusters `a_(i-1) a_i` are pattern clusters
  /// `b_j b_(j-1)` swapped from `D[i-2][j-2] ≤ bound - 1`, the key's extra `a_(i-1)` gives
  /// `D[i-1][j-2] ≤ bound`, a lane of `R_bound` whose pattern cluster `b_(j-1)` is `a_i`. The terms
  /// every child shares, and the steps that carry bits to larger typo counts, cannot bring a row's
  /// minimum back within the bound.
  @inline(__always)
  func aliveClusters(_ frame: Frame, row i: Int, bound: Int) -> UInt64 {
    let k = pattern.budget
    let valid = band.validLanes(row: i)
    var alive: UInt64 = 0
    // Lane t of row i compares pattern cluster i + t - k - 1.
    var lanes = (frame.last &>> UInt32(truncatingIfNeeded: 8 &* bound)) & valid
    while lanes != 0 {
      let index = i &+ lanes.trailingZeroBitCount &- k &- 1
      lanes &= lanes &- 1
      if index >= 0 && index < pattern.count { alive |= 1 &<< UInt64(truncatingIfNeeded: ids[index] & 63) }
    }
    return alive
  }

  /// Whether no key below the node of `entry` (at row `i`) can be within `bound` of the pattern,
  /// by the node's lookahead mask (``SortedKeyTrie/lookaheadMasks``): the classes its keys hold in
  /// the `W` = ``SortedKeyTrie/lookaheadWidth`` scalars after its prefix, key clusters `i ..< i + W`.
  ///
  /// A lower bound, for lane `j` of the row: `D[i][j]` plus the number of pattern clusters among
  /// `j ..< j + W - 1` whose class the mask lacks. Each of those is substituted or deleted (a typo
  /// of its own), or paired (matched, or swapped) with a key cluster past the window. The key's
  /// `W` clusters of the window all pair before the first such cluster `p`, with a pattern cluster
  /// of `j ..< p` or none (an extra key cluster, a typo) — or, when `p` is swapped, but one: so
  /// `W ≤ (p - j) + extras + 1`, and the clusters from `p` on, at most `j + W - 1 - p ≤ extras`,
  /// are no more than the extra key clusters. Any way to a key within `bound` passes through some
  /// cell `(i, j)` with a cost of at least this bound, or swaps across row `i` from
  /// `D[i-1][j-1]` — then lane `j + 1` bounds it: `D[i][j+1] ≤ D[i-1][j-1] + 1`, and from
  /// `(i + 1, j + 1)` the window is `W - 1` clusters long, as many as the pattern clusters counted.
  /// The node is left when every lane's bound is over `bound`. Cost: a few word operations per
  /// lane; on the benchmark's two-typo queries over the embedded cities it leaves about three
  /// quarters of the nodes of depths 2 to 4 unwalked (in a simulation of the walk).
  @inline(__always)
  func lookaheadRulesOut(_ row: OSABand.Row, row i: Int, bound: Int, entry: Int32, depth: Int) -> Bool {
    let absent = classes.positions(missingFrom: lookaheadMasks[Int(entry)])
    let level = depth &- SortedKeyTrie.pairSetDepths.lowerBound
    let hasPairs = SortedKeyTrie.pairSetDepths.contains(depth)
    if absent == 0 && !hasPairs { return false }
    let k = pattern.budget
    let window: UInt64 = (1 &<< UInt64(SortedKeyTrie.lookaheadWidth - 1)) &- 1
    // Each lane within the bound once (byte `bound` of the row).
    var lanes = (row &>> UInt32(truncatingIfNeeded: 8 &* bound)) & band.validLanes(row: i)
    while lanes != 0 {
      let t = lanes.trailingZeroBitCount
      lanes &= lanes &- 1
      let j = i &+ t &- k
      let left = Self.typosLeft(row, lane: t, bound: bound)
      // Each of the window's pattern clusters whose class is absent is a typo. Positions past the
      // first 64 are not tracked: none counts as absent there.
      let absentInWindow = j < 64 ? ((absent &>> UInt64(truncatingIfNeeded: j)) & window).nonzeroBitCount : 0
      if absentInWindow <= left
        && !(hasPairs && pairsRuleOut(column: j, left: left, level: level, entry: entry))
      {
        return false
      }
    }
    return true
  }

  /// Whether a lane of pattern column `j` with `c` = `left` typos left can lead to no key below
  /// the node of `entry`, at level `level` of ``SortedKeyTrie/pairSetDepths``, by the node's pair
  /// set (``SortedKeyTrie/pairSets``): the pairs of neighbouring character classes its keys hold in
  /// the `W` = ``SortedKeyTrie/lookaheadWidth`` key clusters `i + 1 ... i + W` after its prefix
  /// (1-based).
  ///
  /// Take the `L = W - 1 - c` pattern clusters from `j` on (0-based; fewer where the pattern ends).
  /// A key within the bound through cell `(i, j)` makes at most `c` typos from there; every pair of
  /// neighbouring pattern clusters among those `L` that both match neighbouring key clusters is a
  /// pair the key holds. A substitution or a deletion breaks at most two such pairs (those on either
  /// side of its cluster), an extra key cluster one, a swap three (the swapped pair and one on
  /// either side): at most `3c` of the `L - 1` pairs are missing. The key clusters matched with
  /// them come after cluster `i` and no later than `i + L + c = i + W - 1`, inside the window. A way
  /// through no cell of row `i` swaps across it from `(i - 1, j - 1)` to `(i + 1, j + 1)`: lane
  /// `j + 1` bounds it as for the lookahead masks (``lookaheadRulesOut(_:row:bound:entry:depth:)``),
  /// with the same `c` or more, and its pairs from cluster `j + 1` on end by key cluster
  /// `i + 1 + L + c = i + W`. So the lane is out when more than `3c` of its pairs are missing from
  /// the set; hashing pairs into the set only adds pairs to it. Only lanes with `c ≤ 1` can be left
  /// this way (with `c = 2`, `3c` is more pairs than the window has).
  @inline(__always)
  func pairsRuleOut(column j: Int, left c: Int, level: Int, entry: Int32) -> Bool {
    let limit = 3 &* c
    let (start, firstEntry, stride) = pairSetStarts[level]
    let end = min(j &+ SortedKeyTrie.lookaheadWidth &- 2 &- c, classes.pairCount)
    // Too few pairs to miss more than `limit`.
    if end &- j <= limit { return false }
    // The node's bit of each pair's column.
    let column = Int(entry) &- firstEntry
    let words = pairSets + (start &+ column &>> 6)
    let mask: UInt64 = 1 &<< UInt64(truncatingIfNeeded: column & 63)
    var missing = 0
    var p = j
    while p < end {
      if words[classes.pairBit(level: level, at: p) &* stride] & mask == 0 {
        missing &+= 1
        if missing > limit { return true }
      } else if end &- p &- 1 &+ missing <= limit {
        // Even if every pair after this one is missing.
        return false
      }
      p &+= 1
    }
    return false
  }
}
