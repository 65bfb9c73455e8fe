/// The empty query (``SearchPlan/Strategy/everyKey``): every key matches as a prefix, best ranks
/// first.
extension IndexStorage {
  /// Offers every key to `top` as a prefix match.
  func collectEveryKey(into top: inout TopResults) {
    for key in 0..<keyCount where top.accepts(kind: .prefix, score: 0, rank: ranks[key]) {
      top.add(kind: .prefix, score: 0, rank: ranks[key], key: UInt32(key), owner: owner(key))
    }
  }
}
