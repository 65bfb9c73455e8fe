import AutocompleteCore

/// fzf's `--tac` and `--no-sort` over ranked lines: sorted, matches rank as usual with the later
/// line first among equals under `--tac`; unsorted, they keep input order (reversed under `--tac`).
struct LineOrder: Equatable, Sendable {
  /// `--tac`.
  var isReversed = false
  /// Not `--no-sort`.
  var isSorted = true

  /// Whether this is the standard order (no reordering needed).
  var isStandard: Bool { !isReversed && isSorted }

  /// Whether `a` comes before `b`.
  func isBefore(_ a: RankedLine, _ b: RankedLine) -> Bool {
    if isSorted {
      guard isReversed else { return a.isBetter(than: b) }
      var (reversedA, reversedB) = (a, b)
      (reversedA.line, reversedB.line) = (-a.line, -b.line)
      return reversedA.isBetter(than: reversedB)
    }
    return isReversed ? a.line > b.line : a.line < b.line
  }

  /// `lines` in this order, at most `limit`.
  func ordered(_ lines: [RankedLine], limit: Int?) -> [RankedLine] {
    Array(lines.sorted(by: isBefore).prefix(limit ?? Int.max))
  }

  /// The line numbers of `count` lines in input order, reversed under `--tac`, at most `limit`.
  func everyLine(count: Int, limit: Int?) -> [Int] {
    let shown = min(count, limit ?? Int.max)
    return isReversed ? Array(((count - shown)..<count).reversed()) : Array(0..<shown)
  }
}
