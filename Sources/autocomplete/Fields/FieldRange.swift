/// One of fzf's field index expressions (`--nth`, `--with-nth`): `N` (from 1; negative counts from
/// the last field), `N..M`, `N..`, `..M`, or `..` (every field).
struct FieldRange: Equatable, Sendable {
  /// The first field (from 1, negative from the end), or `nil` for the first.
  var start: Int?
  /// The last field (from 1, negative from the end), or `nil` for the last.
  var end: Int?

  /// Parses one expression; `nil` when it is not one (0 is no field).
  init?(_ text: some StringProtocol) {
    let text = String(text)
    if text == ".." {
      (start, end) = (nil, nil)
    } else if let dots = text.range(of: "..") {
      let (low, high) = (text[..<dots.lowerBound], text[dots.upperBound...])
      let first = low.isEmpty ? nil : Int(low)
      let last = high.isEmpty ? nil : Int(high)
      guard low.isEmpty || (first != nil && first != 0), high.isEmpty || (last != nil && last != 0) else {
        return nil
      }
      if let first, let last, first < 0 && last > 0 { return nil }
      (start, end) = (first, last)
    } else {
      guard let index = Int(text), index != 0 else { return nil }
      (start, end) = (index, index)
    }
  }

  /// Parses a comma-separated list (`1,3..`, `-1`).
  static func list(_ text: String) -> [FieldRange]? {
    let ranges = text.split(separator: ",", omittingEmptySubsequences: false).map { FieldRange($0) }
    guard !ranges.isEmpty, !ranges.contains(where: { $0 == nil }) else { return nil }
    return ranges.compactMap { $0 }
  }

  /// The fields (indices into `count` fields, from 0) this range takes, in order.
  func indices(among count: Int) -> Range<Int> {
    func resolved(_ index: Int) -> Int { index < 0 ? index + count + 1 : index }
    let first = max(1, start.map(resolved) ?? 1)
    let last = min(count, end.map(resolved) ?? count)
    return first <= last ? (first - 1)..<last : 0..<0
  }
}
