/// The Latin readings an item adds to an index with ``Transliteration/latin``: the readings
/// (``LatinReader``) of its search text, then of each alternate key, without repeats. An index
/// numbers them after the item's own keys, and finds a matched reading again by that number.
enum ReadingKeys {
  /// One reading key: the reading and which of the item's keys it reads (0 the search text).
  struct Key {
    var reading: LatinReading
    var sourceKeyIndex: Int

    var text: String { reading.text }
  }

  /// The reading keys of `item`, at most `keyLimit` of them; without `mapsParts`, only their texts
  /// (see ``LatinReader/readings(of:mapsParts:)``).
  static func readings<Item: AutocompleteSearchable>(
    of item: Item, keyLimit: Int = .max, mapsParts: Bool = true
  )
    -> [Key]
  {
    var keys: [Key] = []
    func add(_ text: String, keyIndex: Int) {
      for reading in LatinReader.readings(of: text, mapsParts: mapsParts) where keys.count < keyLimit {
        if !keys.contains(where: { $0.reading.text == reading.text }) {
          keys.append(Key(reading: reading, sourceKeyIndex: keyIndex))
        }
      }
    }
    add(item.searchText, keyIndex: 0)
    for (index, alternate) in item.alternateSearchTexts.enumerated() { add(alternate, keyIndex: index + 1) }
    return keys
  }

  /// How `item` matches `query` through its readings, best first by the engine's order of key
  /// matches, as a match on the key read (ranges on its characters); `nil` when no reading matches.
  static func bestMatch<Item: AutocompleteSearchable>(of item: Item, query: SearchQuery) -> TextMatch? {
    var best: (match: TextMatch, key: Key)?
    for key in readings(of: item) {
      guard let match = query.match(key.text) else { continue }
      if let current = best, !SearchQuery.isBetter(match, than: current.match) { continue }
      best = (match, key)
    }
    return best.map { mapped($0.match, of: $0.key, in: item) }
  }

  /// `match` (the item's own), or with ``Transliteration/latin`` the best match through the item's
  /// readings when that is better.
  static func better<Item: AutocompleteSearchable>(
    _ match: TextMatch?, orReadingOf item: Item, query: SearchQuery, transliteration: Transliteration
  ) -> TextMatch? {
    guard transliteration == .latin, let read = bestMatch(of: item, query: query) else { return match }
    guard let match else { return read }
    return SearchQuery.isBetter(read, than: match) ? read : match
  }

  /// The match of reading key `key` (its ranges on the reading) as a match on the key it reads.
  static func mapped<Item: AutocompleteSearchable>(_ match: TextMatch, of key: Key, in item: Item)
    -> TextMatch
  {
    var match = match
    match.reading = key.text
    match.keyIndex = key.sourceKeyIndex
    match.field = key.sourceKeyIndex == 0 ? 0 : 1
    match.matchedText =
      key.sourceKeyIndex == 0 ? item.searchText : item.alternateSearchTexts[key.sourceKeyIndex - 1]
    match.ranges = key.reading.sourceRanges(of: match.ranges, in: match.matchedText)
    return match
  }
}
