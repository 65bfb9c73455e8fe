import Foundation

/// One searchable part of a ``DiskIndex``: an immutable segment file (its storage read at open, its
/// items decoded only for results), or the items added since the last commit, kept in memory.
final class IndexSegment: @unchecked Sendable {
  /// The file's name in the index's directory; `nil` for the in-memory part.
  let fileName: String?
  /// The file's size in bytes (0 in memory).
  let byteCount: Int
  /// The search arrays: read at open for a file; for an in-memory part, built when it is made
  /// (up to ``eagerLimit`` items) or on first use (a large `add`, which a commit may write without
  /// a search ever building it).
  var storage: IndexStorage {
    built.value {
      IndexStorage(
        items: memoryItems, folder: folder, sortsKeys: true, transliteration: transliteration,
        searchable: searchable)
    }
  }
  /// In-memory parts of up to this many items are built when they are made.
  static let eagerLimit = 4096
  private let built = LazyValue<IndexStorage>()
  let isCaseSensitive: Bool
  /// Whether the segment's keys include the items' Latin readings (the index's option).
  let transliteration: Transliteration
  /// The string attributes whose values the segment's keys include (the index's option).
  let searchable: SearchableAttributes
  let itemCount: Int
  private let folder: TextFolder
  private let stored: StoredItems?
  /// The segment file; `nil` in memory.
  let file: SegmentFile?
  private let memoryItems: [AutocompleteItem]
  /// The keys as they are, for the whitespace-edged queries not answered around the keys that lost
  /// theirs (``StorageSearch/keysAsTheyAre``).
  let keysAsTheyAre = LazyValue<IndexStorage>()
  private let attributeTable = LazyValue<AttributeTable>()

  /// Opens segment file `name` in `directory`, its sections read in place and checked against their
  /// checksums at once when `checksSections` (``SegmentFile/checkAllSections(leaving:)``, the attribute
  /// columns too; the word index's sections on the first query that reads them,
  /// ``IndexStorage/checkedWords()``), for an index with `transliteration` (a segment with readings
  /// in an index without is an error) and `searchable` attributes (a segment that keys others is an
  /// error).
  init(
    directory: String, name: String, checksSections: Bool = true, transliteration: Transliteration = .none,
    searchable: SearchableAttributes = .none
  ) throws {
    var segment = try SegmentFile(path: directory + "/" + name)
    if checksSections { try segment.checkAllSections(leaving: WordIndex.Tag.isWordIndexTag) }
    file = segment
    fileName = name
    byteCount = segment.file.bytes.count
    isCaseSensitive = segment.flags.contains(.caseSensitive)
    folder = TextFolder(isCaseSensitive: isCaseSensitive)
    self.transliteration = transliteration
    self.searchable = searchable
    let storage = try IndexStorage(segment: segment, checks: checksSections)
    guard storage.attributeStarts.count == searchable.names.count else {
      throw DiskIndexError.malformed(file: name, reason: "searchable attributes differ from the index's")
    }
    guard transliteration == .latin || !storage.hasReadings else {
      throw DiskIndexError.malformed(file: name, reason: "Latin readings in an index without them")
    }
    guard storage.primaryCount == UInt32(segment.itemCount) else {
      throw DiskIndexError.malformed(
        file: name, reason: "\(storage.primaryCount) search texts for \(segment.itemCount) items")
    }
    stored = try StoredItems(segment: segment)
    itemCount = segment.itemCount
    memoryItems = []
    if storage.isSorted { storage.adviseHugePages() }
    _ = built.value { storage }
  }

  /// The in-memory part holding `items`, with their Latin readings for ``Transliteration/latin``.
  init(
    items: [AutocompleteItem], isCaseSensitive: Bool, transliteration: Transliteration = .none,
    searchable: SearchableAttributes = .none
  ) {
    fileName = nil
    byteCount = 0
    self.isCaseSensitive = isCaseSensitive
    self.transliteration = transliteration
    self.searchable = searchable
    folder = TextFolder(isCaseSensitive: isCaseSensitive)
    stored = nil
    file = nil
    itemCount = items.count
    memoryItems = items
    if items.count <= Self.eagerLimit { _ = storage }
  }

  /// Writes a segment of `items` to `path`, synced; `built` is their storage when it is at hand
  /// (an in-memory part's, made with the same `transliteration`), else it is built.
  /// `storedFields` is another format than the current only for tests that files written in it
  /// still answer.
  static func write(
    _ items: [AutocompleteItem], isCaseSensitive: Bool, transliteration: Transliteration = .none,
    searchable: SearchableAttributes = .none, built: IndexStorage? = nil,
    storedFields: StoredFieldsFormat = .current, to path: String
  ) throws {
    try FileIO.write(
      fileBytes(
        items, isCaseSensitive: isCaseSensitive, transliteration: transliteration, searchable: searchable,
        built: built, storedFields: storedFields),
      to: path)
  }

  /// Item `owner`.
  func item(_ owner: Int) throws -> AutocompleteItem {
    if let stored { return try stored.item(owner) }
    return memoryItems[owner]
  }

  /// Every item, removed or not.
  func allItems() throws -> [AutocompleteItem] {
    guard let stored else { return memoryItems }
    return try (0..<itemCount).map { try stored.item($0) }
  }

  /// The items whose id is `id`.
  func owners(withID id: String) throws -> [Int] {
    if let stored { return try stored.owners(withID: id) }
    return memoryItems.indices.filter { memoryItems[$0].id == id }
  }

  /// Checks every section against its checksum, decodes every item, and checks the attribute
  /// columns against the records.
  func verify() throws {
    guard let stored, let file else { return }
    // Every section's checksum (again, after a checked open: the check is of the file as it is
    // now), the key tables' ranges as a checked open and the word index's as its first query after
    // one, every item decoded, and the attribute columns against the records.
    let checked = try file.checkingAllSections()
    _ = try IndexStorage(segment: checked, checks: true).checkedWords()
    let records = try stored.allAttributes()  // decodes every item
    if let table = try AttributeColumnSection.read(from: checked, checks: true) {
      try AttributeColumnSection.verify(
        table, in: checked, against: AttributeTable(count: itemCount) { records[$0] })
    }
  }

  /// The items' attributes by column (removed items' included), on the first search that needs
  /// them: read in place from a file's column section, else made from its stored records (a file
  /// written before that section) or the items (an in-memory part's).
  func attributes() throws -> AttributeTable {
    try attributeTable.value {
      if let file, let table = try AttributeColumnSection.read(from: file, checks: false) {
        return table
      }
      let attributes = try stored?.allAttributes() ?? memoryItems.map(\.attributes)
      return AttributeTable(count: itemCount) { attributes[$0] }
    }
  }

  /// The best results of `query` among the items not in `deletions`, their offsets counted from
  /// `base` (the live items of the segments before this one).
  func search(
    _ query: SearchQuery, ranking: SearchRanking, deletions: DeletionSet?, base: Int
  ) throws -> [SearchResult<AutocompleteItem>] {
    let offset = { (owner: Int) in base + owner - (deletions?.removed(before: owner) ?? 0) }
    return try storageSearch(for: query.options, deletions: deletions, offset: offset)
      .execute(query, ranking: ranking, candidates: nil).results
  }

  /// How many of the live items matching `query` (its filter and fields applied, not its limit,
  /// boost or `distinct`) have each value of `attribute`, in no particular order.
  func facetCounts(of attribute: String, for query: SearchQuery, deletions: DeletionSet?) throws
    -> [FacetCount]
  {
    // Results report their owners (`offset`), which the attribute table counts by.
    let search = try storageSearch(for: query.options, deletions: deletions, offset: { $0 })
    let table = try attributes()
    guard let owners = try search.facetOwners(query) else {
      return table.facetCounts(of: attribute, among: 0..<itemCount, limit: nil)
    }
    return table.facetCounts(of: attribute, among: owners, limit: nil)
  }

  /// The search over this segment; its attributes are read only when `options` need them.
  private func storageSearch(
    for options: SearchOptions, deletions: DeletionSet?, offset: @escaping (Int) -> Int
  ) throws -> StorageSearch<AutocompleteItem> {
    let needsAttributes = options.filter != nil || options.boost != nil || options.distinct != nil
    var search = StorageSearch<AutocompleteItem>(
      storage: storage, isCaseSensitive: isCaseSensitive, folder: folder, keysAsTheyAre: keysAsTheyAre,
      item: { try self.item($0) },
      offset: offset,
      isLive: deletions.map { deletions in { !deletions.contains($0) } },
      removedCount: deletions?.removedCount ?? 0,
      allItems: { try self.allItems() }, transliteration: transliteration, searchable: searchable)
    if needsAttributes { search.attributes = try attributes() }
    if let deletions { search.liveOwners = { deletions.liveMask } }
    return search
  }
}
