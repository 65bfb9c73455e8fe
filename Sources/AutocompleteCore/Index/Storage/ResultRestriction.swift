/// What a search's attributes and fields make of the entries a ``TopResults`` collects: which items
/// may enter (the filter, the scope), which keys (the fields), which rank higher (the boost), and
/// which count as one (`distinct`).
///
/// The top k applies it as entries arrive, so a sorted lookup that stops after the best k stops
/// after the best k that pass. Orders that a key's rank no longer encodes (a boost, alternate keys
/// weighted at least as much as names) need every match collected first (``reorders``).
struct ResultRestriction {
  /// The items that may enter; `nil` for all.
  var allowed: ItemMask?
  /// Whether matches on search texts (names) may enter.
  var allowsNames = true
  /// Whether matches on alternate keys may enter.
  var allowsAlternates = true
  /// Alternate keys rank before names (`1`), tie with them (`0`) or come after them (`-1`, the key
  /// order).
  var alternateOrder = -1
  /// The items that rank higher among equal matches; `nil` for none.
  var boosted: ItemMask?
  /// Per item, its `distinct` group; `nil` when each item is its own.
  var groups: [UInt32]?

  /// Whether the order differs from the keys' ranks, so the top k cannot be bounded early.
  var reorders: Bool { boosted != nil || alternateOrder != -1 }

  /// Whether an entry for `owner` through an alternate key (or not) may enter.
  @inline(__always)
  func admits(owner: UInt32, isAlternate: Bool) -> Bool {
    if isAlternate ? !allowsAlternates : !allowsNames { return false }
    if let allowed, !allowed.contains(Int(owner)) { return false }
    return true
  }
}
