/// Which Latin reading a matched reading key of the storage holds, for its result's match and
/// highlights.
///
/// The storage keeps a reading key's folded text, not how its parts map to the characters read: a
/// result reads its item's readings again (``ReadingKeys/readings(of:keyLimit:mapsParts:)``, a
/// table lookup per character) and takes the one at the key's number. For a segment file, written
/// by another build perhaps, the reading made now is checked against the stored key's bytes (and
/// looked for among the item's other readings when it differs): a reading the build's tables no
/// longer make, or a forged key number, is a ``DiskIndexError``, never a wrong highlight or a trap.
extension StorageSearch {
  /// The reading that key `key` (the item's key number `keyIndex`, past its alternates and its
  /// searchable attributes' values, the first reading being key number `firstReading`) holds, with
  /// the parts that map it back to the item's characters.
  /// - Throws: ``DiskIndexError/malformed(file:reason:)`` when none of the item's readings is the
  ///   stored key.
  func readingKey(_ key: Int, keyIndex: Int, firstReading: Int, of item: Item, owner: Int) throws
    -> ReadingKeys.Key
  {
    let readings = ReadingKeys.readings(of: item)
    let position = keyIndex - firstReading
    if readings.indices.contains(position), isStored(readings[position].text, as: key) {
      return readings[position]
    }
    if let found = readings.first(where: { isStored($0.text, as: key) }) { return found }
    throw DiskIndexError.malformed(
      file: "the index",
      reason: "key \(keyIndex) of item \(owner) is not one of its Latin readings (made by another "
        + "version: build the index again)")
  }

  /// Whether `text`, folded as the storage folds keys (and trimmed as sorted keys are), is the
  /// stored key `key`.
  private func isStored(_ text: String, as key: Int) -> Bool {
    var folded: [UInt8] = []
    folder.appendFolded(text, to: &folded)
    let kept =
      storage.isSorted ? folded.withUnsafeBufferPointer { KeyTrimming.trimmedRange($0) } : folded.indices
    let stored = storage.keyRange(key)
    guard stored.count == kept.count else { return false }
    return zip(stored, kept).allSatisfy { storage.bytes[$0] == folded[$1] }
  }
}
