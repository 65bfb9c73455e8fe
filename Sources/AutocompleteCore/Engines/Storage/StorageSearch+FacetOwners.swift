/// The items facet counts count: every live owner that matches a query, its filter, scope and fields
/// applied, its limit, boost and `distinct` not (every match counts). ``SearchIndex`` and each
/// segment of a ``DiskIndex`` count through it.
extension StorageSearch {
  /// The owners `query` matches, each once; `nil` when that is every owner (the empty query, no
  /// filter, nothing removed), so a caller can count a range instead of listing them.
  /// - Throws: `CancellationError` when the task is cancelled.
  func facetOwners(_ query: SearchQuery) throws -> [Int]? {
    var options = query.options
    options.maximumCount = nil
    options.boost = nil
    options.distinct = nil
    options.includesHighlightRanges = false
    let prepared = SearchQuery(query.text, options: options)
    let restriction = try restriction(for: prepared.options)
    guard prepared.text.isEmpty, prepared.options.isCaseSensitive == isCaseSensitive,
      restriction?.allowsNames ?? true
    else {
      return try matchingOwners(prepared)
    }
    // Every item matches the empty query through its name.
    let isLive = isLive ?? { _ in true }
    guard let allowed = restriction?.allowed else {
      guard self.isLive != nil else { return nil }
      return (0..<Int(storage.primaryCount)).filter(isLive)
    }
    var owners: [Int] = []
    allowed.forEach { if isLive($0) { owners.append($0) } }
    return owners
  }
}
