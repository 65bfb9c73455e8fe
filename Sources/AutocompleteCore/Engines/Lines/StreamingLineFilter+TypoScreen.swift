extension StreamingLineFilter {
  /// The quick test of a typo-tolerant search, before the folding (the exact ``ASCIIScreen`` cannot
  /// apply: a line with a typo may lack a query byte). An ASCII line folds to itself lowered, so it
  /// passes only when it holds enough of the query's bytes where they can pair with it
  /// (``TypoPattern/mayMatch(_:prefixClusters:)``); any other line passes. `nil` where it does not
  /// apply: no typos, words mode (per-word budgets), or case-sensitive folding.
  struct TypoScreen {
    let pattern: TypoPattern
    /// For prefix and exact matching, how many leading characters can take part.
    let prefixClusters: Int?
    /// The ends of a line whose whitespace the query ignores.
    let ends: KeyTrimming.Ends

    init?(_ typos: TypoMatcher?, folder: TextFolder) {
      guard let typos, !folder.isCaseSensitive, typos.mode != .words else { return nil }
      pattern = typos.pattern
      prefixClusters = typos.mode == .contains ? nil : pattern.count + pattern.budget
      ends = typos.ends
    }

    /// Whether the line of `count` bytes at `line` may match: `false` only for an ASCII line that
    /// cannot.
    @inline(__always)
    func mayMatch(_ line: UnsafePointer<UInt8>, count: Int) -> Bool {
      let needed = pattern.count - pattern.budget
      if needed <= 0 { return true }
      var union: UInt8 = 0
      for index in 0..<count { union |= line[index] }
      guard union < 0x80 else { return true }
      // Matching ignores a key's whitespace at the ends the query ignores (``KeyTrimming``), so
      // the screen does too.
      let view = ends.view(of: UnsafeBufferPointer(start: line, count: count))
      let (lower, upper) = (view.lowerBound, view.upperBound)
      let end = prefixClusters.map { min(upper, lower + $0) } ?? upper
      var found = 0
      return pattern.byteSet.withUnsafeBufferPointer { set in
        for index in lower..<end {
          let byte = ASCIIScreen.lowered(line[index])
          if set[Int(byte >> 6)] & (1 << UInt64(byte & 63)) != 0 {
            found += 1
            if found >= needed { return true }
          }
        }
        return false
      }
    }
  }
}
