import Foundation

extension IndexSegment {
  /// The bytes of a segment file of `items` (see ``write(_:isCaseSensitive:transliteration:searchable:built:storedFields:to:)``).
  static func fileBytes(
    _ items: [AutocompleteItem], isCaseSensitive: Bool, transliteration: Transliteration,
    searchable: SearchableAttributes, built: IndexStorage?, storedFields: StoredFieldsFormat
  ) throws -> [UInt8] {
    guard items.count < Int(UInt32.max) else {
      throw DiskIndexError.tooLarge(reason: "over 2^32 items in a segment")
    }
    let storage =
      built
      ?? IndexStorage(
        items: items, folder: TextFolder(isCaseSensitive: isCaseSensitive), sortsKeys: true,
        transliteration: transliteration, searchable: searchable)
    guard storage.bytes.count < Int(UInt32.max) else {
      throw DiskIndexError.tooLarge(reason: "over 4 GiB of keys")
    }
    var writer = SegmentFileWriter(
      sectionCount: storage.sectionCount + StoredItems.sectionCount + (storedFields.hasColumns ? 1 : 0))
    storage.write(to: &writer)
    let table = storedFields.hasColumns ? AttributeTable(count: items.count) { items[$0].attributes } : nil
    try StoredItems.write(items, columns: storedFields == .compact ? table : nil, to: &writer)
    if let table { AttributeColumnSection.write(table, singleRows: storedFields == .compact, to: &writer) }
    var flags: SegmentFile.Flags = [.sorted]
    if isCaseSensitive { flags.insert(.caseSensitive) }
    if storage.droppedWhitespace { flags.insert(.droppedWhitespace) }
    return writer.finish(flags: flags, itemCount: items.count, keyCount: storage.keyCount)
  }

  /// Checks what checksums cannot: that every section follows from the segment's stored records,
  /// by building the segment again from its decoded items and comparing it with the file, section
  /// by section. A forged file whose checksums were recomputed (keys that do not come from the
  /// records, sorted orders out of order, ranks that are not a permutation, counts or ranges that
  /// disagree) differs from the rebuild; the first differing section, in file order, is named.
  /// Costs a build of the segment (time and memory).
  func verifyAgainstRecords() throws {
    guard let file, let name = fileName else { return }
    try verify()
    let rebuilt = try Self.fileBytes(
      try allItems(), isCaseSensitive: isCaseSensitive, transliteration: transliteration,
      searchable: searchable, built: nil, storedFields: .of(file))
    if rebuilt.elementsEqual(file.file.bytes) { return }
    let expected = try rebuilt.withUnsafeBytes {
      try SegmentFile(file: MappedFile(copying: $0, path: name), name: name)
    }
    func inconsistent(_ what: String) -> DiskIndexError {
      .malformed(file: name, reason: "\(what) does not follow from its stored records")
    }
    guard file.flags == expected.flags else { throw inconsistent("its header's flags") }
    guard file.keyCount == expected.keyCount else { throw inconsistent("its key count") }
    // Sections in the file's order; the attribute columns and the list of items whose keys lost
    // whitespace may be missing (a file written before them), and sections this build does not
    // write are not read either.
    let optional: Set<UInt32> = [AttributeColumnSection.tag, IndexStorage.Tag.trimmedOwners]
    // A segment without a word index of this version (written before it, or in its first format)
    // is read without one: its word index sections, if any, are not compared.
    let wordVersion =
      file.sections[WordIndex.Tag.scalars] == nil
      ? nil : try file.array(WordIndex.Tag.scalars, as: UInt64.self).first
    let skipsWords = wordVersion != WordIndex.formatVersion
    // A trie of the first format (IndexSegment+FirstTrieFormat) has run tables the rebuild does not
    // write: they are checked against a trie of that format over the file's keys.
    let firstFormat = try Self.firstTrieFormatSpaces(of: file)
    func isCompared(_ tag: UInt32) -> Bool {
      (!skipsWords || !WordIndex.Tag.isWordIndexTag(tag)) && !Self.isTrieFormatTag(tag, in: firstFormat)
    }
    for (tag, section) in file.sections.sorted(by: { $0.value.offset < $1.value.offset })
    where isCompared(tag) {
      guard let wanted = expected.sections[tag] else { continue }
      guard section.elementSize == wanted.elementSize,
        try file.bytes(tag, checks: false)?.elementsEqual(
          try expected.bytes(tag, checks: false) ?? .init(start: nil, count: 0)) == true
      else { throw inconsistent("section \(SegmentFile.name(ofTag: tag))") }
    }
    for tag in expected.sections.keys
    where file.sections[tag] == nil && !optional.contains(tag) && isCompared(tag) {
      throw inconsistent("section \(SegmentFile.name(ofTag: tag)) (missing)")
    }
    for space in firstFormat {
      try Self.verifyFirstTrieFormat(of: file, space: space, against: expected, name: name)
    }
  }
}
