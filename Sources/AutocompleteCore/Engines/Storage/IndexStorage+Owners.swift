/// Every item a prefix or exact query matches, read off the sorted keys: what facet counts count.
extension IndexStorage {
  /// The owners (items) of the sorted keys that start with (or, `isExact`, equal) the index-folded
  /// `folded`, each once, in sorted-key order; `restriction` applied. The prefix must end on a
  /// grapheme cluster boundary of the key, as a search's does. Cost: the range of matching keys,
  /// one look at each, with no ranking (a search's top k would sort them).
  func owners(matching folded: [UInt8], isExact: Bool, restriction: ResultRestriction?) -> [Int] {
    var owners: [Int] = []
    let itemCount = Int(primaryCount)
    // An item with several keys may match through more than one.
    var seen = self.owners.isEmpty ? nil : Optional(ItemMask(count: itemCount, allSet: false))
    bytes.withUnsafeBufferPointer { buffer in
      folded.withUnsafeBufferPointer { q in
        guard let lastByte = q.last else { return }
        let range = forwardRange(of: q, in: buffer)
        for position in range {
          let key = Int(forward[position])
          let keyRange = self.keyRange(key)
          if keyRange.count != q.count {
            if isExact { continue }
            let next = buffer[keyRange.lowerBound + q.count]
            if !(next < 0x80 && lastByte < 0x80 && lastByte != 0x0D) {
              let slice = UnsafeBufferPointer(rebasing: buffer[keyRange])
              if !GraphemeBoundary.isBoundary(slice, at: q.count) { continue }
            }
          }
          let owner = owner(key)
          if let restriction, !restriction.admits(owner: owner, field: field(ofRank: ranks[key])) {
            continue
          }
          if seen != nil {
            if seen!.contains(Int(owner)) { continue }
            seen!.insert(Int(owner))
          }
          owners.append(Int(owner))
        }
      }
    }
    return owners
  }
}
