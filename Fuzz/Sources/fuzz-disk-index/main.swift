// Opening damaged and truncated on-disk indexes. At start the target writes a small valid index
// (two segments, a deletion set, the manifest, a log holding one commit; two attributes searched as
// keys) and keeps its files' bytes; each input damages one file — byte edits, truncation, cut or
// inserted ranges, counts and offsets overwritten, or the file replaced by the input's own bytes
// (the corpus holds the valid files so) — and the index is opened from the damaged copy. Every
// input must end in a `DiskIndexError` or an index that answers correctly: items, searches in every
// mode (typos too), `verify()`, and (opened for writing) a removal and an addition seen by the next
// search. Correct means: when every file is as written, exactly the answers of a `SearchIndex` of
// the items; when some byte differs but the index opens, its items can be read and `verify()`
// passes (damage where nothing is read, such as padding), the answers of a `SearchIndex` of the
// items it reads. The items carry attributes (strings, tags, numbers, booleans), so the searches
// also filter, boost, take `distinct` values and count facets over the stored attributes (the
// `anam` section, each record's attributes, the `acol` columns): forged attribute bytes must end in
// a `DiskIndexError` too. A damaged log's last record may be dropped as a torn tail (what a crash
// during a commit leaves); a damaged record with bytes after it is an error.
//
// Half the inputs are forgeries rather than damage: after the edits, every checksum of the file is
// recomputed as `Checksum.swift` does (sections, section table, header; the manifest's body; a
// deletion set's bits; the log's header and records), so the edits reach past the checksums into
// the contents. A forgery must end in a `DiskIndexError` or an index that passes `verify(.full)`
// and then answers exactly as a `SearchIndex` of the items it holds: the full check rebuilds each
// segment from its records, so no forged section can make answers the records do not justify.
//
// `FUZZ_DISK_INDEX_SEEDS=DIR fuzz-disk-index` writes the seed inputs (each file whole, and a few
// edit sequences) into DIR and exits: `Fuzz/Corpus/disk-index` was made so.
import AutocompleteCore
import Foundation
import FuzzSupport

/// The items of the valid index: ids, alternates, weights, accents, several scripts, attributes.
let seedItems: [AutocompleteItem] = (0..<48).map { number in
  let words = ["são paulo", "straße", "łódź", "naïve café", "क्षमा", "东京", "Zürich", "new york", "ss"]
  let text = words[number % words.count] + " \(number)"
  var attributes: Attributes = [:]
  if number % 6 != 0 { attributes["country"] = .string(["BR", "DE", "PL", "JP"][number % 4]) }
  if number % 3 != 0 { attributes["population"] = .number(Double(number * 1000 % 7000)) }
  if number % 4 == 1 { attributes["tags"] = .strings(["port", "capital", "port"].suffix(number % 3 + 1)) }
  if number % 5 == 2 { attributes["old"] = .bool(number % 2 == 0) }
  return AutocompleteItem(
    text, alternateSearchTexts: number % 4 == 0 ? ["alt \(number)"] : [], weight: Double(number % 3),
    id: number % 5 == 0 ? text : "id-\(number)", attributes: attributes)
}

/// A valid index, written once: its files' names and bytes, and the items it holds.
struct ValidIndex {
  let files: [(name: String, bytes: [UInt8])]
  let items: [AutocompleteItem]

  init() {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "fuzz-disk-index-seed-\(getpid())")
    try? FileManager.default.removeItem(at: directory)
    defer { try? FileManager.default.removeItem(at: directory) }
    do {
      // 38 items, then 8: a checkpoint's segment absorbs trailing segments of at most twice its
      // items (DiskIndex's merge policy), so these stay two segments, the first with a deletion
      // set. The last 2 items and a removal are a commit: a record in the log.
      let index = try DiskIndex.create(
        at: directory, items: Array(seedItems[..<38]), searchableAttributes: searchableAttributes)
      try index.add(Array(seedItems[38..<46]))
      _ = try index.remove(id: "id-7")
      try index.checkpoint()
      try index.add(Array(seedItems[46...]))
      _ = try index.remove(id: "id-13")
      try index.commit()
      self.items = try index.items()
    } catch {
      fatalError("cannot write the valid index: \(error)")
    }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    files = names.filter { $0 != "LOCK" }.sorted().map { name in
      (name, [UInt8](FileManager.default.contents(atPath: directory.path + "/" + name) ?? Data()))
    }
    expect(
      files.count == 5 && files.contains { $0.name == "WAL" } && files.contains { $0.name.hasSuffix(".del") },
      "the valid index has \(files.map(\.name))")
  }
}

/// The attributes whose values the valid index searches as keys (its segments' `afld` sections).
let searchableAttributes = ["country", "tags"]
let valid = ValidIndex()
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-disk-index-\(getpid())")
let queries = ["", "s", "sao", "STRASSE", "lodz 1", "naive", "क्ष", "东", "zurich 2", "alt", "yrok", "ss 8"]
/// Filters over the items' attributes. (One naming an attribute no item has is an
/// `UnknownAttributeError` on a `DiskIndex` and an empty answer from the `SearchIndex` oracle, so it
/// is left out; `DiskIndexUnknownAttributeTests` covers it.)
let filters: [AttributeFilter?] = [
  nil, Attribute("country") == "BR", Attribute("population") > 2000,
  Attribute("tags") == "port" || !Attribute("old").exists,
]

/// One edit of a file's bytes, read from the input.
func edit(_ bytes: inout [UInt8], _ input: inout FuzzInput) {
  let at = input.number(below: bytes.count + 1)
  switch input.number(below: 6) {
  case 0:  // truncate
    bytes.removeSubrange(at...)
  case 1:  // flip bits
    if at < bytes.count { bytes[at] ^= max(1, input.byte()) }
  case 2:  // overwrite with a little-endian number (a count, an offset, a size)
    let width = input.pick([1, 2, 4, 8])
    let value: UInt64 = input.pick([0, 1, 63, 64, 255, 4096, UInt64(bytes.count), UInt64(UInt32.max), .max])
    for index in 0..<width where at + index < bytes.count {
      bytes[at + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(index)))
    }
  case 3:  // cut a range
    bytes.removeSubrange(at..<min(bytes.count, at + input.number(below: 256) + 1))
  case 4:  // insert bytes from the input
    bytes.insert(contentsOf: input.take(input.number(below: 16) + 1), at: at)
  default:  // overwrite with bytes from the input
    for byte in input.take(input.number(below: 16) + 1) where at < bytes.count {
      bytes[at] = byte
    }
  }
}

/// The index files' checksum (a copy of `Checksum.of`, which is internal to AutocompleteCore).
func checksum(_ bytes: ArraySlice<UInt8>) -> UInt64 {
  func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 {
    let scrambled = word &* 0x87C3_7B91_1142_53D5
    let combined = hash ^ ((scrambled << 31) | (scrambled >> 33))
    return ((combined << 27) | (combined >> 37)) &* 0x4CF5_AD43_2745_937F &+ 0x52DC_E729
  }
  var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
  var index = bytes.startIndex
  while index + 8 <= bytes.endIndex {
    hash = mix(hash, (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[index + $1]) << (8 * UInt64($1)) })
    index += 8
  }
  if index < bytes.endIndex {
    hash = mix(
      hash, (index..<bytes.endIndex).reduce(UInt64(0)) { $0 | UInt64(bytes[$1]) << (8 * UInt64($1 - index)) })
  }
  hash ^= hash >> 33
  hash &*= 0xFF51_AFD7_ED55_8CCD
  hash ^= hash >> 33
  hash &*= 0xC4CE_B9FE_1A85_EC53
  hash ^= hash >> 33
  return hash
}

/// Recomputes every checksum of file `name` (as edited), so that only its contents are wrong.
func forgeChecksums(_ bytes: inout [UInt8], name: String) {
  func load(_ at: Int, _ width: Int) -> Int {
    guard at >= 0, at + width <= bytes.count else { return -1 }
    return (0..<width).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) }
  }
  func store(_ value: UInt64, at: Int, width: Int = 8) {
    guard at >= 0, at + width <= bytes.count else { return }
    for index in 0..<width { bytes[at + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(index))) }
  }
  switch name {
  case "MANIFEST":
    guard bytes.count >= 24 else { return }
    store(UInt64(bytes.count - 24), at: 12, width: 4)
    store(checksum(bytes[24...]), at: 16)
  case "WAL":
    guard bytes.count >= 32 else { return }
    store(checksum(bytes[0..<24]), at: 24)
    var position = 32
    while position + 16 <= bytes.count {
      let end = position + 8 + load(position, 4) + 8
      guard end <= bytes.count else { break }
      store(checksum(bytes[position..<(end - 8)]), at: end - 8)
      position = end
    }
  case _ where name.hasSuffix(".del"):
    guard bytes.count >= 32 else { return }
    store(checksum(bytes[32...]), at: 24)
  default:  // a segment
    guard bytes.count >= 64 else { return }
    store(UInt64(bytes.count), at: 40)
    let count = load(20, 4)
    guard count >= 0, count <= 4096, 64 + 32 * count <= bytes.count else { return }
    for entry in (0..<count).map({ 64 + 32 * $0 }) {
      let (offset, size) = (load(entry + 8, 8), load(entry + 16, 8))
      guard offset >= 0, size >= 0, offset <= bytes.count, size <= bytes.count - offset else { continue }
      store(checksum(bytes[offset..<(offset + size)]), at: entry + 24)
    }
    store(checksum(bytes[64..<(64 + 32 * count)]), at: 48)
    store(checksum(bytes[0..<56]), at: 56)
  }
}

/// An item as text, every stored field.
func describe(_ item: AutocompleteItem) -> String {
  "\(item.id)|\(item.searchText)|\(item.displayText)|\(item.completionText)|\(item.alternateSearchTexts)|\(item.weight)"
    + "|\(item.attributes.sorted { $0.key < $1.key })"
}

/// The results as text: offsets, items and matches, for comparing.
func describe(_ results: [SearchResult<AutocompleteItem>]) -> [String] {
  results.map {
    "\($0.offset) \(describe($0.item)) \($0.match.kind) \($0.match.score) \($0.match.typos) \($0.match.keyIndex)"
      + " \($0.match.ranges)"
  }
}

/// Runs `body`; a `DiskIndexError` ends the test case (returns `nil`), and so does an
/// `UnknownAttributeError` (a forged record that renamed the attribute a filter names: the index no
/// longer knows it, and says so); any other error fails it.
func orDamage<T>(_ what: String, _ body: () throws -> T) -> T? {
  do {
    return try body()
  } catch is DiskIndexError {
    return nil
  } catch is UnknownAttributeError {
    return nil
  } catch {
    expect(false, "\(what) threw \(error), not a DiskIndexError")
    return nil
  }
}

/// Checks that `index` answers as a `SearchIndex` of `expected` does.
func expectAnswers(
  _ index: DiskIndex, _ expected: [AutocompleteItem], _ input: inout FuzzInput, _ what: String
) {
  let oracle = SearchIndex(expected, searchableAttributes: searchableAttributes)
  expect(index.count == expected.count, "\(what): \(index.count) items, expected \(expected.count)")
  for _ in 0..<3 {
    let query = input.pick(queries)
    var options = SearchOptions(
      mode: input.pick(MatchMode.allCases), maximumCount: input.pick([5, 20, -1]),
      typoTolerance: input.flag() ? .automatic : .off)
    options.filter = input.pick(filters)
    options.boost = input.pick(filters)
    options.distinct = input.pick([nil, "country", "tags"])
    options.fields = input.pick([
      nil, .name, SearchFields(name: 1, attributes: ["country": 2]),
      SearchFields(alternates: 1, attributes: ["tags": 1]),
    ])
    guard let answer = orDamage("search", { try index.search(query, options: options) }) else { return }
    let wanted = describe((try? oracle.search(query, options: options)) ?? [])
    expect(
      describe(answer) == wanted,
      "\(what): \(query) \(options.mode) \(options.typoTolerance): \(describe(answer)) vs \(wanted)")
    let attribute = input.pick(["country", "population", "tags", "old"])
    guard
      let counts = orDamage("facets", { try index.facetCounts(of: attribute, for: query, options: options) })
    else { return }
    expect(
      counts == (try? oracle.facetCounts(of: attribute, for: query, options: options)),
      "\(what): facets of \(attribute) for \(query)")
  }
}

/// libFuzzer's entry: one test case from `count` bytes at `data`; 0 when it holds.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDiskIndex(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  var input = FuzzInput(UnsafeBufferPointer(start: data, count: count))
  var files = valid.files
  let target = input.number(below: files.count)
  if input.flag() {
    files[target].bytes = Array(input.rest())
  } else {
    for _ in 0..<(input.number(below: 4) + 1) { edit(&files[target].bytes, &input) }
  }
  if input.flag() { forgeChecksums(&files[target].bytes, name: files[target].name) }
  let changed = !files.elementsEqual(valid.files) { $0.bytes == $1.bytes }

  try? FileManager.default.removeItem(at: scratch)
  try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: scratch) }
  for file in files {
    expect(
      FileManager.default.createFile(atPath: scratch.path + "/" + file.name, contents: Data(file.bytes)),
      "cannot write \(file.name)")
  }

  let writes = input.flag()
  // A deferred open checks the header, the section table and the manifest only; `verify()` then
  // finds what a checked open would have refused.
  let verification: DiskIndex.Verification = input.flag() ? .deferred : .checksums
  guard
    let index = orDamage(
      "open",
      {
        try DiskIndex(
          contentsOf: scratch, access: writes ? .readWrite : .readOnly, verification: verification)
      })
  else { return 0 }
  _ = index.info
  guard let held = orDamage("items", { try index.items() }) else { return 0 }
  // The full check: checksums, and every segment what its records build (forgeries included).
  let verified = orDamage("verify", { try index.verify(.full) }) != nil
  expect(changed || verified, "the valid index fails verify(.full)")
  expect(changed || held.map(describe) == valid.items.map(describe), "the valid index's items differ")
  guard verified else {
    // A deferred open's search sections are as trusted as the file: damage there is for `verify()`
    // to find, and a search over it may stop the program, as a damaged array would.
    guard verification == .checksums else { return 0 }
    // Damage `verify()` finds after a checked open: searches end in an error or some answer, never
    // a crash.
    for query in queries.prefix(4) { _ = orDamage("search") { try index.search(query) } }
    return 0
  }
  expectAnswers(index, held, &input, changed ? "damaged" : "valid")
  guard writes else { return 0 }
  let removed = input.pick(["id-3", "id-7", "straße 1", "none"])
  let added = AutocompleteItem("straße neu", id: "new")
  guard orDamage("remove", { try index.remove(id: removed) }) != nil,
    orDamage("add", { try index.add([added]) }) != nil
  else { return 0 }
  expectAnswers(index, held.filter { $0.id != removed } + [added], &input, "changed")
  return 0
}

if let seeds = ProcessInfo.processInfo.environment["FUZZ_DISK_INDEX_SEEDS"] {
  // Each file whole (file number, flag 1, the bytes), and a few edit sequences.
  var inputs: [[UInt8]] = valid.files.indices.map { [UInt8($0), 1] + valid.files[$0].bytes }
  inputs += [[0, 0, 0], [1, 0, 3, 0, 40, 2, 3, 0], [2, 0, 1, 0, 10, 1, 0x80], [3, 0, 0, 0, 2, 4, 0, 9]]
  for bytes in inputs {
    let name = String(
      bytes.reduce(0xcbf2_9ce4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }, radix: 16)
    _ = FileManager.default.createFile(atPath: seeds + "/" + name, contents: Data(bytes))
  }
  exit(0)
}

runFuzzer(fuzzDiskIndex)
