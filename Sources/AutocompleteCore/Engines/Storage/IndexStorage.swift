/// The arrays behind a ``SearchIndex``: every key (search text or alternate) folded into one
/// contiguous buffer, numbered in ranking order, plus two sorted orders for prefix and suffix
/// lookups.
///
/// Keys are stored in the items' order (so building reads the items once, in order) and each key
/// has a rank from the ranking's tie-breakers (heavier item first, then shorter text, then earlier
/// item, then earlier key): among matches of one kind a smaller rank always comes first. That lets
/// sorted ranges give their top k through block minima of ranks without visiting every match.
struct IndexStorage: Sendable {
  /// Keys per block for the block minima.
  static let blockSize = 64
  /// Separates keys in ``bytes``; never occurs in UTF-8.
  static let separator: UInt8 = 0xFF

  /// Folded keys in the items' order, each followed by ``separator``.
  let bytes: Column<UInt8>
  /// Where key `k` starts in ``bytes``; one extra entry at the end.
  let starts: Column<UInt32>
  /// The item each key belongs to; empty when every item has exactly one key (key k is item k).
  let owners: Column<UInt32>
  /// Key numbers sorted by their folded bytes.
  let forward: Column<UInt32>
  /// Key numbers sorted by their folded bytes read backwards.
  let backward: Column<UInt32>
  /// The smallest rank in each block of ``forward``.
  let forwardMinima: Column<UInt32>
  /// The smallest rank in each block of ``backward``.
  let backwardMinima: Column<UInt32>
  /// Each key's place in the ranking's tie-break order: smaller ranks first. Every search text
  /// ranks before every alternate key.
  let ranks: Column<UInt32>
  /// How many keys are search texts: ranks below this belong to search texts.
  let primaryCount: UInt32
  /// The first rank of the keys that are Latin readings (``Transliteration/latin``): they rank after
  /// every search text and alternate key. `UInt32.max` without readings.
  var readingStart: UInt32 = .max
  /// Per searchable attribute (``SearchableAttributes``), the first rank of its values' keys: they
  /// rank after every alternate key, each attribute's after the one before, and before the readings.
  /// Empty when the storage searches no attributes.
  var attributeStarts: [UInt32] = []
  /// How often each byte value occurs in ``bytes``: scans jump between occurrences of the
  /// query's rarest byte.
  let byteCounts: [Int]
  /// Per key, which byte classes it holds (``ByteMask``): a fuzzy match needs every class of the
  /// query, so a full fuzzy scan tests four bytes per key before reading the key. Empty for
  /// one-shot storage.
  let masks: Column<UInt32>

  var keyCount: Int { starts.count - 1 }

  /// The bytes of every array this storage keeps.
  var byteCount: Int {
    bytes.count + 4 * (starts.count + owners.count + forward.count + backward.count)
      + 4 * (forwardMinima.count + backwardMinima.count + ranks.count) + 2 * keyIndexes.count
      + 8 * (humps.count + byteCounts.count) + 4 * masks.count + (trie?.byteCount ?? 0)
      + (wordIndex?.madeValue?.byteCount ?? 0)
  }

  /// The field of the key of rank `rank` (``FieldOrder``): 0 a search text, 1 an alternate key or a
  /// reading, 2 + i a value of the i-th searchable attribute.
  @inline(__always)
  static func field(
    ofRank rank: UInt32, primaryCount: UInt32, attributeStarts: [UInt32], readingStart: UInt32
  )
    -> Int
  {
    if rank < primaryCount { return 0 }
    if rank >= readingStart { return 1 }
    var field = 1
    for start in attributeStarts {
      guard rank >= start else { break }
      field += 1
    }
    return field
  }

  /// The field of the key of rank `rank` (``field(ofRank:primaryCount:attributeStarts:readingStart:)``).
  @inline(__always)
  func field(ofRank rank: UInt32) -> Int {
    Self.field(
      ofRank: rank, primaryCount: primaryCount, attributeStarts: attributeStarts, readingStart: readingStart)
  }

  /// The rank of owner `owner`'s search text (its first key): the items' order in the ranking's
  /// tie-breakers (heavier, shorter, earlier).
  func itemRank(of owner: UInt32) -> UInt32 {
    guard !owners.isEmpty else { return ranks[Int(owner)] }
    var (low, high) = (0, keyCount)
    while low < high {
      let middle = (low + high) / 2
      if owners[middle] < owner { low = middle + 1 } else { high = middle }
    }
    return ranks[low]
  }

  /// The item key `key` belongs to.
  @inline(__always)
  func owner(_ key: Int) -> UInt32 {
    owners.isEmpty ? UInt32(key) : owners[key]
  }

  /// Which key of its item key `key` is.
  @inline(__always)
  func keyIndex(_ key: Int) -> Int {
    keyIndexes.isEmpty ? 0 : Int(keyIndexes[key])
  }

  @inline(__always)
  func keyRange(_ key: Int) -> Range<Int> {
    Int(starts[key])..<(Int(starts[key + 1]) - 1)
  }

  /// Whether ``forward`` and ``backward`` were built; without them prefix, exact and suffix scan.
  ///
  /// Sorted keys are stored without their leading and trailing whitespace, which is what every
  /// query without whitespace at its ends sees of them (``KeyTrimming``); unsorted keys are stored
  /// as they are, and the matchers drop what a query ignores.
  let isSorted: Bool
  /// The items (owners) some of whose keys lost whitespace at an end when they were stored (sorted
  /// storage only), in increasing order: a query with whitespace at an end is answered from the
  /// sorted keys for every other item, and by matching these items' keys as they are. `nil` where
  /// some key lost whitespace but its items are not known (a segment written before they were
  /// stored): then such a query is answered from unsorted storage of every key as it is.
  let trimmedOwners: Column<UInt32>?
  /// Whether a key lost whitespace at an end when it was stored: then a query with whitespace at an
  /// end must see it for that key's item (``trimmedOwners``).
  var droppedWhitespace: Bool { trimmedOwners?.isEmpty != true }

  /// Whether the index-folded query `folded` has whitespace at an end, which must see the keys'
  /// whitespace there, where this storage dropped some (``KeyTrimming``).
  func dropsWhitespace(seenBy folded: [UInt8]) -> Bool {
    droppedWhitespace && KeyTrimming.Ends(query: folded).seesWhitespace
  }
  /// The sorted keys read as a trie, for typo-tolerant prefix and exact searches; `nil` unsorted.
  let trie: SortedKeyTrie?
  /// Which key of its item each key is: 0 for the search text, then the alternates (saturating);
  /// empty when every item has exactly one key.
  let keyIndexes: Column<UInt16>
  /// One bit per byte of ``bytes``: set where a camel-case hump starts in the original text
  /// (an ASCII capital after an ASCII small letter), for the fuzzy score.
  let humps: Column<UInt64>
  /// The words of the keys (``WordIndex``), made on first use or read from a segment; `nil` where
  /// words mode scans (unsorted storage, a word dictionary itself, a segment written without one).
  var wordIndex: LazyValue<WordIndex>? = nil
  /// How a segment's word index is read (its sections checked where the open checks), by the first
  /// query that reads it (``checkedWords()``); `nil` where it is made from the keys.
  var readWordIndex: (@Sendable () throws -> WordIndex)? = nil
  /// Whether this is a word index's dictionary (``init(sortedWords:starts:)``): its ranks are its
  /// sorted order (one array), and it has no suffix order and no byte masks.
  var isWordDictionary = false

  /// The keys of a collection, gathered once so that the build itself is not generic.
  struct Keys {
    var texts: [String] = []
    var infos: [KeyInfo] = []
    var itemCount = 0
    /// How many attributes are searchable (``IndexStorage/attributeStarts``).
    var attributeCount = 0
  }

  /// A key's item, key number within the item, weight and length.
  struct KeyInfo {
    var weight: Double
    var length: Int32
    var owner: UInt32
    var keyIndex: UInt32
    /// Whether the key is a Latin reading of another key of its item.
    var isReading = false
    /// The position of the searchable attribute whose value the key is; -1 for none.
    var attribute: Int32 = -1

    /// Search texts first, then alternate keys, then each searchable attribute's values, then
    /// readings.
    var tier: Int { isReading ? Int(Int32.max) : attribute >= 0 ? 2 + Int(attribute) : keyIndex == 0 ? 0 : 1 }
  }

  /// Unsorted storage from its parts.
  init(
    bytes: [UInt8], starts: [UInt32], owners: [UInt32], keyIndexes: [UInt16], humps: [UInt64], ranks: [UInt32]
  ) {
    self.bytes = Column(bytes)
    self.starts = Column(starts)
    self.owners = Column(owners)
    self.keyIndexes = Column(keyIndexes)
    self.humps = Column(humps)
    self.ranks = Column(ranks)
    self.primaryCount = UInt32(keyIndexes.isEmpty ? ranks.count : keyIndexes.lazy.filter { $0 == 0 }.count)
    self.byteCounts = Self.countBytes(bytes)
    self.masks = []
    self.isSorted = false
    self.trimmedOwners = []
    self.trie = nil
    (forward, backward, forwardMinima, backwardMinima) = ([], [], [], [])
  }

  init<Item: AutocompleteSearchable>(
    items: [Item], folder: TextFolder, sortsKeys: Bool = true, transliteration: Transliteration = .none,
    searchable: SearchableAttributes = .none
  ) {
    var keys = Keys()
    keys.attributeCount = searchable.names.count
    keys.texts.reserveCapacity(items.count)
    keys.infos.reserveCapacity(items.count)
    var offset = 0
    while offset < items.count {
      let item = items[offset]
      let weight = item.weight
      let text = item.searchText
      keys.infos.append(
        KeyInfo(
          weight: weight, length: Int32(clamping: text.utf8.count), owner: UInt32(offset), keyIndex: 0))
      keys.texts.append(text)
      var keyIndex: UInt32 = 1
      for alternate in item.alternateSearchTexts {
        keys.infos.append(
          KeyInfo(
            weight: weight, length: Int32(clamping: text.utf8.count), owner: UInt32(offset),
            keyIndex: keyIndex))
        keys.texts.append(alternate)
        keyIndex += 1
      }
      for key in searchable.keys(of: item) {
        keys.infos.append(
          KeyInfo(
            weight: weight, length: Int32(clamping: text.utf8.count), owner: UInt32(offset),
            keyIndex: keyIndex, attribute: Int32(key.attribute)))
        keys.texts.append(key.text)
        keyIndex += 1
      }
      if transliteration == .latin {
        for reading in ReadingKeys.readings(
          of: item, keyLimit: Int(UInt16.max) - Int(keyIndex), mapsParts: false)
        {
          keys.infos.append(
            KeyInfo(
              weight: weight, length: Int32(clamping: text.utf8.count), owner: UInt32(offset),
              keyIndex: keyIndex, isReading: true))
          keys.texts.append(reading.text)
          keyIndex += 1
        }
      }
      offset += 1
    }
    keys.itemCount = items.count
    self.init(keys: keys, folder: folder, sortsKeys: sortsKeys)
  }

  init(keys: Keys, folder: TextFolder, sortsKeys: Bool) {
    // 1. Order the keys by the ranking's tie-breakers: search texts first, then heavier, shorter,
    // earlier.
    var order = [UInt32](fullyInitializedCount: keys.infos.count) { buffer in
      for index in buffer.indices { buffer.initializeElement(at: index, to: UInt32(index)) }
    }
    let infos = keys.infos
    if infos.allSatisfy({ $0.weight == infos.first?.weight }) {
      order = Self.countingSortedByLength(order, infos)  // already in owner and key order: stable
      if infos.count != keys.itemCount {
        // Stable by tier: names, alternates, each attribute's values, readings.
        var byTier: [Int: [UInt32]] = [:]
        for key in order { byTier[infos[Int(key)].tier, default: []].append(key) }
        order = byTier.keys.sorted().flatMap { byTier[$0]! }
      }
    } else {
      infos.withUnsafeBufferPointer { infos in
        // The ranking order (``MatchGrade``) of keys that tie in everything a match adds: their
        // field (readings last), heavier, shorter, then owner and key as gathered.
        func grade(_ key: UInt32) -> MatchGrade {
          let info = infos[Int(key)]
          return MatchGrade(
            typos: 0, kind: .exact, isReading: info.isReading, fieldRank: info.tier, weight: info.weight,
            length: Int(info.length), itemRank: Int(key))
        }
        order.sort { grade($0) < grade($1) }
      }
    }

    var ranks = [UInt32](repeating: 0, count: order.count)
    for (rank, key) in order.enumerated() { ranks[Int(key)] = UInt32(rank) }
    self.primaryCount = UInt32(keys.itemCount)
    let readingCount = infos.lazy.filter(\.isReading).count
    if readingCount > 0 { self.readingStart = UInt32(infos.count - readingCount) }
    if keys.attributeCount > 0 {
      var counts = [Int](repeating: 0, count: keys.attributeCount)
      for info in infos where info.attribute >= 0 { counts[Int(info.attribute)] += 1 }
      var start = infos.count - readingCount - counts.reduce(0, +)
      self.attributeStarts = counts.map { count in
        defer { start += count }
        return UInt32(start)
      }
    }

    // 2. Fold the keys into one buffer in the items' order, marking camel humps.
    var bytes: [UInt8] = []
    bytes.reserveCapacity(infos.reduce(0) { $0 + Int($1.length) + 1 } + 16)
    var starts: [UInt32] = []
    starts.reserveCapacity(infos.count + 1)
    var humpPositions: [Int] = []
    var trimmedOwners: [UInt32] = []
    for (key, text) in keys.texts.enumerated() {
      let start = bytes.count
      starts.append(UInt32(start))
      folder.appendFolded(text, to: &bytes)
      var lead = 0
      if sortsKeys {  // see `isSorted`
        let trimming = KeyTrimming.trim(&bytes, from: start)
        lead = trimming.lead
        if trimming.trimmed { trimmedOwners.append(infos[key].owner) }
      }
      bytes.append(Self.separator)
      Self.appendHumps(of: text, foldedFrom: start - lead, folder: folder, to: &humpPositions)
    }
    self.trimmedOwners = Column(Set(trimmedOwners).sorted())  // each owner once
    starts.append(UInt32(bytes.count))
    let humps = HumpMask.bits(marking: humpPositions, count: bytes.count)
    self.bytes = Column(bytes)
    self.starts = Column(starts)
    let oneKeyEach = infos.count == keys.itemCount
    self.owners = oneKeyEach ? [] : Column(infos.map(\.owner))
    self.keyIndexes = oneKeyEach ? [] : Column(infos.map { UInt16(clamping: $0.keyIndex) })
    self.humps = Column(humps)
    self.ranks = Column(ranks)
    self.byteCounts = Self.countBytes(bytes)
    self.masks = Column(ByteMask.masks(of: bytes, starts: starts))

    // 3. Sort the key numbers both ways and record block minima.
    self.isSorted = sortsKeys
    guard sortsKeys else {
      (forward, backward, forwardMinima, backwardMinima) = ([], [], [], [])
      trie = nil
      return
    }
    self.wordIndex = LazyValue()
    let forward = Self.keysSorted(bytes: bytes, starts: starts, ranks: ranks, by: Self.compareForward)
    let backward = Self.keysSorted(bytes: bytes, starts: starts, ranks: ranks, by: Self.compareBackward)
    self.forward = Column(forward)
    self.backward = Column(backward)
    self.forwardMinima = Column(Self.blockMinima(forward, ranks: ranks))
    self.backwardMinima = Column(Self.blockMinima(backward, ranks: ranks))
    self.trie = SortedKeyTrie(bytes: bytes, starts: starts, forward: forward)
  }

  /// How often each byte value occurs.
  static func countBytes(_ bytes: [UInt8]) -> [Int] {
    var counts = [Int](repeating: 0, count: 256)
    counts.withUnsafeMutableBufferPointer { counts in
      for byte in bytes { counts[Int(byte)] &+= 1 }
    }
    return counts
  }

  /// The position in `query` of its rarest byte in this storage.
  func rarestBytePosition(in query: UnsafeBufferPointer<UInt8>) -> Int {
    var best = 0
    for index in query.indices where byteCounts[Int(query[index])] < byteCounts[Int(query[best])] {
      best = index
    }
    return best
  }

  /// A stable counting sort of key numbers by length, for collections whose weights are equal.
  private static func countingSortedByLength(_ order: [UInt32], _ infos: [KeyInfo]) -> [UInt32] {
    guard let longest = infos.map(\.length).max(), longest < 1 << 20 else {
      return order.sorted { infos[Int($0)].length < infos[Int($1)].length }  // stable in Swift
    }
    var counts = [Int](repeating: 0, count: Int(longest) + 2)
    for info in infos { counts[Int(info.length) + 1] += 1 }
    for index in 1..<counts.count { counts[index] += counts[index - 1] }
    return [UInt32](fullyInitializedCount: order.count) { buffer in
      for key in order {
        let length = Int(infos[Int(key)].length)
        buffer.initializeElement(at: counts[length], to: key)
        counts[length] += 1
      }
    }
  }

  /// Appends the buffer positions of `text`'s camel humps, given its folded bytes start at `start`.
  static func appendHumps(
    of text: String, foldedFrom start: Int, folder: TextFolder, to positions: inout [Int]
  ) {
    guard !folder.isCaseSensitive else { return }
    var text = text
    text.withUTF8 { appendHumps(utf8: $0, foldedFrom: start, folder: folder, to: &positions) }
  }

  /// Appends the buffer positions of the camel humps of the UTF-8 `utf8` (folded from `start`): an
  /// ASCII capital after an ASCII small letter.
  static func appendHumps(
    utf8: UnsafeBufferPointer<UInt8>, foldedFrom start: Int, folder: TextFolder, to positions: inout [Int]
  ) {
    var hasHump = false
    var isASCII = true
    var previousIsLower = false
    for byte in utf8 {
      if byte >= 0x80 { isASCII = false }
      if byte &- 0x41 < 26 && previousIsLower { hasHump = true }
      previousIsLower = byte &- 0x61 < 26
    }
    guard hasHump else { return }
    if isASCII {  // folded byte i came from original byte i
      for index in 1..<utf8.count where utf8[index] &- 0x41 < 26 && utf8[index - 1] &- 0x61 < 26 {
        positions.append(start + index)
      }
      return
    }
    let folded = folder.foldedWithMap(String(decoding: utf8, as: UTF8.self))
    for index in folded.utf8.indices where folded.isHumpStart(index) { positions.append(start + index) }
  }

  /// Key numbers sorted by `compare` on their folded bytes, ties by rank.
  static func keysSorted(
    bytes: [UInt8], starts: [UInt32], ranks: [UInt32],
    by compare: (UnsafePointer<UInt8>, Int, UnsafePointer<UInt8>, Int, Bool) -> Bool
  ) -> [UInt32] {
    var order = (0..<UInt32(starts.count - 1)).map { $0 }
    bytes.withUnsafeBufferPointer { buffer in
      starts.withUnsafeBufferPointer { starts in
        guard let base = buffer.baseAddress else { return }
        order.withUnsafeMutableBufferPointer { order in
          order.sort { a, b in
            let (sa, ea) = (Int(starts[Int(a)]), Int(starts[Int(a) + 1]) - 1)
            let (sb, eb) = (Int(starts[Int(b)]), Int(starts[Int(b) + 1]) - 1)
            return compare(base + sa, ea - sa, base + sb, eb - sb, ranks[Int(a)] < ranks[Int(b)])
          }
        }
      }
    }
    return order
  }

  @inline(__always)
  static func compareForward(
    _ a: UnsafePointer<UInt8>, _ la: Int, _ b: UnsafePointer<UInt8>, _ lb: Int, tie: Bool
  ) -> Bool {
    let common = min(la, lb)
    if common > 0 {
      let c = memcmpOrder(a, b, common)
      if c != 0 { return c < 0 }
    }
    if la != lb { return la < lb }
    return tie
  }

  @inline(__always)
  static func compareBackward(
    _ a: UnsafePointer<UInt8>, _ la: Int, _ b: UnsafePointer<UInt8>, _ lb: Int, tie: Bool
  ) -> Bool {
    var i = la - 1
    var j = lb - 1
    while i >= 0 && j >= 0 {
      let x = a[i]
      let y = b[j]
      if x != y { return x < y }
      i -= 1
      j -= 1
    }
    if la != lb { return la < lb }
    return tie
  }

  static func blockMinima(_ order: [UInt32], ranks: [UInt32]) -> [UInt32] {
    var minima: [UInt32] = []
    minima.reserveCapacity(order.count / blockSize + 1)
    var index = 0
    while index < order.count {
      let end = min(index + blockSize, order.count)
      var smallest = UInt32.max
      for position in index..<end where ranks[Int(order[position])] < smallest {
        smallest = ranks[Int(order[position])]
      }
      minima.append(smallest)
      index = end
    }
    return minima
  }
}

extension IndexStorage {
  /// The keys of the owners in `mask`, in key order: an owner's keys are consecutive, found by a
  /// binary search of ``owners``.
  func keys(ofOwnersIn mask: ItemMask) -> [UInt32] {
    var keys: [UInt32] = []
    if owners.isEmpty {
      keys.reserveCapacity(mask.setCount)
      mask.forEach { keys.append(UInt32($0)) }
      return keys
    }
    owners.withUnsafeBufferPointer { owners in
      mask.forEach { owner in
        var (low, high) = (0, owners.count)
        while low < high {
          let middle = (low + high) / 2
          if Int(owners[middle]) < owner { low = middle + 1 } else { high = middle }
        }
        while low < owners.count, Int(owners[low]) == owner {
          keys.append(UInt32(low))
          low += 1
        }
      }
    }
    return keys
  }
}
