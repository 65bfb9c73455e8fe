/// The string attributes an index or a list searches as keys of their items (`searchableAttributes`),
/// and the keys they make of one item.
///
/// An item's keys are its search text (key 0), its alternate keys (1 and up), then the values of its
/// searchable attributes, attribute by attribute in this order (a string value is one key, each
/// non-empty value of a list of strings one more; numbers and booleans make none), then its Latin
/// readings when the index makes them. A match reports the key number (``TextMatch/keyIndex``) and,
/// on an attribute's value, the attribute (``TextMatch/attribute``).
struct SearchableAttributes: Sendable, Hashable {
  /// The attribute names, each once, in the order given.
  let names: [String]

  /// The names, repeats dropped (the first place kept), at most ``limit`` of them (an item's keys
  /// are numbered in 16 bits, so more could never all hold a key).
  init(_ names: [String]) {
    var unique: [String] = []
    var seen = Set<String>()
    for name in names where unique.count < Self.limit && seen.insert(name).inserted { unique.append(name) }
    self.names = unique
  }

  /// The most attributes searched; later ones are left out.
  static let limit = 65_000

  static let none = SearchableAttributes([])

  var isEmpty: Bool { names.isEmpty }

  /// One key an attribute value makes: the attribute's position in ``names`` and the value.
  struct Key {
    var attribute: Int
    var text: String
  }

  /// The keys `attributes` make, in key order, at most `limit`.
  func keys(of attributes: Attributes, limit: Int = .max) -> [Key] {
    var keys: [Key] = []
    for (position, name) in names.enumerated() {
      switch attributes[name] {
      case .string(let value) where !value.isEmpty:
        keys.append(Key(attribute: position, text: value))
      case .strings(let values):
        for value in values where !value.isEmpty { keys.append(Key(attribute: position, text: value)) }
      default: continue
      }
    }
    if keys.count > limit { keys.removeSubrange(max(limit, 0)...) }
    return keys
  }

  /// The keys of `item`'s attributes (none when it is not ``AttributedSearchable``), at most as many
  /// as key numbers are left after its own keys.
  func keys<Item: AutocompleteSearchable>(of item: Item) -> [Key] {
    guard !isEmpty, let attributed = item as? any AttributedSearchable else { return [] }
    return keys(
      of: attributed.attributes, limit: Self.keyLimit(alternateCount: item.alternateSearchTexts.count))
  }

  /// How many attribute keys an item with `alternateCount` alternate keys may have: key numbers are
  /// stored in 16 bits.
  static func keyLimit(alternateCount: Int) -> Int {
    Int(UInt16.max) - 1 - alternateCount
  }
}
