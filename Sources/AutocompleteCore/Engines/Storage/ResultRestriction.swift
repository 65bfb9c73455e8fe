/// What a search's attributes and fields make of the entries a ``TopResults`` collects: which items
/// may enter (the filter, the scope), which keys (the fields, in which order), which rank higher (the boost), and
/// which count as one (`distinct`).
///
/// The top k applies it as entries arrive, so a sorted lookup that stops after the best k stops
/// after the best k that pass. Orders that a key's rank no longer encodes (a boost, fields weighted
/// otherwise than the keys' order) need every match collected first (``reorders``).
struct ResultRestriction {
  /// The items that may enter; `nil` for all.
  var allowed: ItemMask?
  /// Per field (``FieldOrder``: 0 names, 1 alternate keys and readings, 2 + i the i-th searchable
  /// attribute's values), its rank among matches of one kind, ``notSearched`` for a field left out;
  /// `nil` for the default order (each field its number).
  var fieldRanks: [UInt16]?
  /// Whether ``fieldRanks`` order the fields otherwise than the keys' ranks do (a field before one
  /// listed earlier, or two tied).
  var reordersFields = false
  /// With tied fields, the rank of an owner's search text, which orders the items where their keys'
  /// ranks (by field first) do not; `nil` otherwise.
  var itemRank: ((UInt32) -> UInt32)?
  /// The items that rank higher among equal matches; `nil` for none.
  var boosted: ItemMask?
  /// Per item, its `distinct` group; `nil` when each item is its own.
  var groups: [UInt32]?

  /// Whether the order differs from the keys' ranks, so the top k cannot be bounded early.
  var reorders: Bool { boosted != nil || reordersFields }

  /// The rank of a field that is not searched.
  static let notSearched: UInt16 = .max

  /// Whether matches on search texts (names) may enter.
  var allowsNames: Bool { fieldRanks.map { $0[0] != Self.notSearched } ?? true }

  /// Whether an entry for `owner` through a key of field `field` may enter.
  @inline(__always)
  func admits(owner: UInt32, field: Int) -> Bool {
    if let fieldRanks, fieldRanks[field] == Self.notSearched { return false }
    if let allowed, !allowed.contains(Int(owner)) { return false }
    return true
  }
}
