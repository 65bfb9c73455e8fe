extension SearchOptions {
  /// The names of the attributes these options read: their filter's and boost's, then `distinct`.
  var attributeNames: [String] {
    var names = (filter?.attributeNames ?? []) + (boost?.attributeNames ?? [])
    if let distinct { names.append(distinct) }
    return names
  }

  /// The answer of `search` under these options, with ``keepsOneResultPerDisplayText`` applied
  /// around it: `search` is asked with the flag off, for more results each time (the limit, then
  /// four times as many), until the first of each display text fill the limit or the matches run
  /// out. Without duplicates among the best results, that is one search, as without the flag.
  func answering<Item: AutocompleteSearchable>(
    _ search: (SearchOptions) throws -> [SearchResult<Item>]
  ) rethrows -> [SearchResult<Item>] {
    guard keepsOneResultPerDisplayText else { return try search(self) }
    var inner = self
    inner.keepsOneResultPerDisplayText = false
    guard let limit, limit > 0 else { return try search(inner).keepingOnePerDisplayText(limit: self.limit) }
    var fetched = limit
    while true {
      inner.maximumCount = fetched
      let results = try search(inner)
      let kept = results.keepingOnePerDisplayText(limit: limit)
      if kept.count >= limit || results.count < fetched { return kept }
      fetched = fetched > Int.max / 4 ? Int.max : fetched * 4
    }
  }
}

extension Array {
  /// The first result of each display text (``AutocompleteSearchable/displayText``, compared as
  /// strings), in order, at most `limit`.
  func keepingOnePerDisplayText<Item: AutocompleteSearchable>(limit: Int?) -> [SearchResult<Item>]
  where Element == SearchResult<Item> {
    var seen = Set<String>()
    var kept: [SearchResult<Item>] = []
    for result in self {
      if let limit, kept.count >= limit { break }
      if seen.insert(result.item.displayText).inserted { kept.append(result) }
    }
    return kept
  }
}
