/// How a segment keeps its items' stored fields (``StoredItems``) and their attributes by column
/// (``AttributeColumnSection``). New segments are ``compact``; the two earlier formats are still read,
/// and a full ``DiskIndex/verify(_:)`` rebuilds a segment in the format it was written in.
enum StoredFieldsFormat: Sendable {
  /// Records alone (section `item`), each holding its attributes: files written before the
  /// attribute columns (and tests of them).
  case recordsOnly
  /// Records holding their attributes (section `item`) and the columns beside them, every column
  /// with its posting lists and row starts.
  case recordsAndColumns
  /// Records whose attribute strings and numbers name their place in the columns (section `itmc`,
  /// ``StoredItems``), and columns of single rows where no item has more than one string.
  case compact

  /// The format new segments are written in.
  static let current = compact

  /// The format `segment` was written in.
  static func of(_ segment: SegmentFile) -> StoredFieldsFormat {
    if segment.sections[StoredItems.Tag.compactRecords] != nil { return .compact }
    return segment.sections[AttributeColumnSection.tag] != nil ? .recordsAndColumns : .recordsOnly
  }

  /// Whether the segment has attribute columns.
  var hasColumns: Bool { self != .recordsOnly }
}
