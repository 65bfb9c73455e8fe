extension DiskIndex {
  /// Throws ``UnknownAttributeError`` when `options` (their filter, boost or `distinct`) or `facet`
  /// name an attribute that no item of `state`'s parts has.
  static func checkAttributes(of options: SearchOptions, facet: String? = nil, in state: State) throws {
    var names = options.attributeNames
    if let facet { names.append(facet) }
    try checkAttributes(names, in: state)
  }

  /// Throws ``UnknownAttributeError`` when one of `names` is an attribute that no item of `state`'s
  /// parts has, removed items included (so a name stays known while its last item's removal is not
  /// yet merged away). An index without items knows no names yet and accepts any.
  static func checkAttributes(_ names: [String], in state: State) throws {
    guard !names.isEmpty, state.allParts.contains(where: { $0.liveCount > 0 }) else { return }
    var known = Set<String>()
    for part in state.allParts { known.formUnion(try part.segment.attributes().names) }
    for name in names where !known.contains(name) {
      throw UnknownAttributeError(attribute: name, knownAttributes: known)
    }
  }
}
