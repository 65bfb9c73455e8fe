/// Optimal string alignment (see ``OSABand``) with whole rows, for what the band cannot do: the
/// distance of a pattern to the best *substring* of a key (contains mode, Sellers' variant of the
/// dynamic program, where a match may start anywhere), and the alignment behind a highlight.
enum OSAAlignment {
  /// The least distance of the pattern to a substring of `key`, capped at `limit + 1`: one pass,
  /// three rows of the pattern's length, no allocation for patterns up to a few hundred clusters.
  /// Ukkonen's cut-off computes each row only up to one past the last cell within the limit (cells
  /// beyond it cannot come back under the limit), so a key far from the pattern costs O(limit) per
  /// cluster, not O(pattern).
  static func substringTypos(pattern: UnsafeBufferPointer<Int32>, key: UnsafeBufferPointer<Int32>, limit: Int)
    -> Int
  {
    let m = pattern.count
    let n = key.count
    let cap = limit + 1
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * (m + 1)) { cells in
      var before = UnsafeMutableBufferPointer(rebasing: cells[0...m])
      var last = UnsafeMutableBufferPointer(rebasing: cells[(m + 1)...(2 * m + 1)])
      var row = UnsafeMutableBufferPointer(rebasing: cells[(2 * m + 2)...(3 * m + 2)])
      // Every cell above a row's top holds `cap`.
      for j in 0...m {
        last[j] = min(j, cap)
        before[j] = cap
        row[j] = cap
      }
      var (beforeTop, lastTop, rowTop) = (0, min(limit, m), 0)
      var active = min(limit, m)  // the last cell of `last` within the limit
      var best = last[m]
      var previous = TypoPattern.absent
      var i = 0
      while i < n && best > 0 {
        let a = key[i]
        i += 1
        let top = min(m, active + 1)
        row[0] = 0
        var j = 1
        while j <= top {
          var value = last[j - 1] + (a == pattern[j - 1] ? 0 : 1)
          value = min(value, last[j] + 1, row[j - 1] + 1)
          if j >= 2 && i >= 2 && a == pattern[j - 2] && previous == pattern[j - 1] {
            value = min(value, before[j - 2] + 1)
          }
          row[j] = min(value, cap)
          j += 1
        }
        while j <= rowTop {
          row[j] = cap
          j += 1
        }
        rowTop = top
        active = top
        while active > 0 && row[active] > limit { active -= 1 }
        if top == m { best = min(best, row[m]) }
        previous = a
        swap(&before, &last)
        swap(&last, &row)
        (beforeTop, lastTop, rowTop) = (lastTop, rowTop, beforeTop)
      }
      _ = beforeTop
      return best
    }
  }

  /// An optimal alignment of the whole pattern with the whole `key` or, with `substring`, with the
  /// substring of `key` that is closest and, among those, ends first (Sellers-style: leading and
  /// trailing clusters of the key go unmatched at no cost). Returns the distance, the span of the
  /// key aligned, and which of its clusters the alignment pairs with a pattern cluster (matched,
  /// substituted or swapped; clusters the key has in excess are left out). Ties prefer pairing
  /// over skipping, so a substitution is highlighted rather than a deletion and an insertion.
  static func alignment(
    pattern: UnsafeBufferPointer<Int32>, key: UnsafeBufferPointer<Int32>, substring: Bool = false
  )
    -> (distance: Int, span: Range<Int>, aligned: [Int])
  {
    let n = key.count
    let m = pattern.count
    let width = m + 1
    // The whole table, on the stack when small: a highlight's key and pattern are a few dozen
    // clusters at most.
    return withUnsafeTemporaryAllocation(of: Int32.self, capacity: (n + 1) * width) { table in
      for i in 0...n { table[i * width] = substring ? 0 : Int32(i) }
      for j in 0...m { table[j] = Int32(j) }
      if n > 0 && m > 0 {
        for i in 1...n {
          let a = key[i - 1]
          for j in 1...m {
            var value = table[(i - 1) * width + j - 1] + (a == pattern[j - 1] ? 0 : 1)
            value = min(value, table[(i - 1) * width + j] + 1, table[i * width + j - 1] + 1)
            if swapped(pattern, key, i, j) { value = min(value, table[(i - 2) * width + j - 2] + 1) }
            table[i * width + j] = value
          }
        }
      }
      var end = n
      if substring {
        for i in 0...n where table[i * width + m] < table[end * width + m] { end = i }
        if let first = (0...n).first(where: { table[$0 * width + m] == table[end * width + m] }) {
          end = first
        }
      }
      var aligned: [Int] = []
      aligned.reserveCapacity(m)
      var i = end
      var j = m
      while j > 0 && i > 0 {
        let here = table[i * width + j]
        if here == table[(i - 1) * width + j - 1] + (key[i - 1] == pattern[j - 1] ? 0 : 1) {
          aligned.append(i - 1)
          i -= 1
          j -= 1
        } else if swapped(pattern, key, i, j) && here == table[(i - 2) * width + j - 2] + 1 {
          aligned.append(i - 1)
          aligned.append(i - 2)
          i -= 2
          j -= 2
        } else if here == table[(i - 1) * width + j] + 1 {
          i -= 1
        } else {
          j -= 1
        }
      }
      aligned.reverse()
      return (Int(table[end * width + m]), (substring ? i : 0)..<end, aligned)
    }
  }

  @inline(__always)
  private static func swapped(
    _ pattern: UnsafeBufferPointer<Int32>, _ key: UnsafeBufferPointer<Int32>, _ i: Int, _ j: Int
  ) -> Bool {
    i >= 2 && j >= 2 && key[i - 1] == pattern[j - 2] && key[i - 2] == pattern[j - 1]
  }
}
