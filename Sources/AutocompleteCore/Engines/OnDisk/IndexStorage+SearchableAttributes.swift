/// The searchable attributes' keys of a segment (`DiskIndex.create(…, searchableAttributes:)`):
/// where each attribute's keys start among the segment's ranks, kept in a section of their own.
///
/// The keys themselves are ordinary keys of the segment's ``IndexStorage``, numbered after each
/// item's alternates (``SearchableAttributes``) and ranked after every alternate key, attribute by
/// attribute, before any Latin reading. What the file adds is ``IndexStorage/attributeStarts``, in
/// section `afld` (one little-endian `UInt64` per searchable attribute, in the index's order, which
/// its manifest lists). A segment without the section (written without searchable attributes, or by
/// a build before them) searches none.
extension IndexStorage {
  /// The section tag of ``attributeStarts``.
  static let attributeStartsTag = SegmentFile.tag("afld")

  /// How many sections ``writeAttributeStarts(to:)`` adds: one with searchable attributes, else none.
  var attributeSectionCount: Int { attributeStarts.isEmpty ? 0 : 1 }

  /// Adds the attribute starts' section to `writer` when the storage searches attributes.
  func writeAttributeStarts(to writer: inout SegmentFileWriter) {
    guard !attributeStarts.isEmpty else { return }
    writer.add(Self.attributeStartsTag, attributeStarts.map { UInt64($0) })
  }

  /// The starts of `segment`'s attributes' keys (empty without an `afld` section), checked to rise
  /// from past the search texts to no further than the readings and the end of the keys: a forged
  /// value is an error, not a misranked answer.
  static func attributeStarts(in segment: SegmentFile, primaryCount: UInt32, readingStart: UInt32) throws
    -> [UInt32]
  {
    guard segment.sections[attributeStartsTag] != nil else { return [] }
    let values = try segment.array(attributeStartsTag, as: UInt64.self)
    let end = min(UInt64(readingStart), UInt64(segment.keyCount))
    guard !values.isEmpty, values.first! >= UInt64(primaryCount), values.last! <= end,
      zip(values, values.dropFirst()).allSatisfy({ $0 <= $1 })
    else {
      throw DiskIndexError.malformed(file: segment.name, reason: "searchable attributes' keys out of range")
    }
    return values.map { UInt32($0) }
  }
}
