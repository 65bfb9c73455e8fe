import AutocompleteCore
import Foundation
import TestSupport
import Testing

/// The snippet of Guides/Index.md, as written, with `print` recording what it prints.
@Suite("Guides/Index.md snippet")
struct IndexGuideTests {
  @Test("an incremental search while the user types", .offThePool)
  func snippet() throws {
    var printed: [String] = []
    func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
    let cities: [AutocompleteItem] = [
      "Stuttgart", "Istanbul", "Stavanger", "Sydney", "Seoul", "Astana", "Oslo", "Sankt Gallen",
    ]

    let index = SearchIndex(cities)  // [City] or [AutocompleteItem]
    let searcher = index.makeSearcher()
    for typed in ["s", "st", "sta"] {  // the user types "sta"
      let top = try searcher.search(typed, options: SearchOptions(mode: .contains, maximumCount: 10))
      print(typed, top.map(\.item.displayText))  // the best 10, "sta" narrowed from "st"'s answer
    }

    #expect(
      printed == [
        #"s ["Seoul", "Sydney", "Stuttgart", "Stavanger", "Sankt Gallen", "Oslo", "Astana", "Istanbul"]"#,
        #"st ["Stuttgart", "Stavanger", "Astana", "Istanbul"]"#,
        #"sta ["Stavanger", "Astana", "Istanbul"]"#,
      ])
  }

  @Test(
    "the DiskIndex snippet: a shipped index opened read-only, the app's own changed and committed",
    .offThePool)
  func diskIndex() throws {
    try? FileManager.default.removeItem(at: Bundle.folder)
    defer { try? FileManager.default.removeItem(at: Bundle.folder) }
    let cities = ["Stuttgart", "Stavanger", "Berlin"].map { AutocompleteItem($0) }
    _ = try DiskIndex.create(at: Bundle.folder.appendingPathComponent("cities.index"), items: cities)
    let supportURL = Bundle.folder.appendingPathComponent("mine.index")

    let url = Bundle.main.url(forResource: "cities", withExtension: "index")!
    let shipped = try DiskIndex(contentsOf: url)  // read-only: no lock, no writes
    let top = try shipped.search("sta", options: SearchOptions(mode: .prefix, maximumCount: 10))

    let mine = try DiskIndex.create(at: supportURL, items: [AutocompleteItem("Ada Lovelace", id: "42")])
    try mine.add([AutocompleteItem("Grace Hopper", id: "43")])  // the next search finds it
    try mine.update(AutocompleteItem("Ada King", id: "42"))  // replaces item 42
    try mine.remove(id: "43")
    try mine.commit()  // durable

    #expect(top.map(\.item.searchText) == ["Stavanger"])
    let reopened = try DiskIndex(contentsOf: supportURL)
    #expect(
      try reopened.search("", options: SearchOptions(maximumCount: nil)).map(\.item.searchText) == [
        "Ada King"
      ])
  }

  @Test("the verification snippet: a bundled index opened deferred, the user's own checked", .offThePool)
  func verification() throws {
    // A folder of its own: the tests of this suite run in parallel.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "index-guide-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("cities.index")
    let supportURL = folder.appendingPathComponent("mine.index")
    _ = try DiskIndex.create(at: url, items: ["Stuttgart", "Stavanger"].map { AutocompleteItem($0) })
    _ = try DiskIndex.create(at: supportURL, items: [AutocompleteItem("Ada Lovelace", id: "42")])

    // An index in the app's signed bundle: the code signature guarantees its bytes.
    let bundled = try DiskIndex(contentsOf: url, verification: .deferred)
    // The user's own index in Application Support: checked.
    let mine = try DiskIndex(contentsOf: supportURL, access: .readWrite)

    #expect(try bundled.search("stu").map(\.item.searchText) == ["Stuttgart"])
    try bundled.verify()
    #expect(mine.count == 1)
  }

  @Test("the install snippet: a writable copy of a shipped index, without its lock, once", .offThePool)
  func install() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "index-guide-install-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let bundledURL = folder.appendingPathComponent("bundle/catalog.index")
    let supportURL = folder.appendingPathComponent("support")
    _ = try DiskIndex.create(at: bundledURL, items: [AutocompleteItem("Trail shoe", id: "P2")])
    // As in a bundle: read-only files, a lock file beside them.
    for name in try FileManager.default.contentsOfDirectory(atPath: bundledURL.path) {
      try FileManager.default.setAttributes(
        [.posixPermissions: 0o444], ofItemAtPath: bundledURL.appendingPathComponent(name).path)
    }

    let writable = supportURL.appendingPathComponent("catalog.index", isDirectory: true)
    try DiskIndex.install(from: bundledURL, to: writable)
    let catalog = try DiskIndex(contentsOf: writable, access: .readWrite)

    try catalog.update(AutocompleteItem("Trail shoe", weight: 2, id: "P2"))
    try catalog.commit()
    #expect(try catalog.items().map(\.weight) == [2])
    #expect(try DiskIndex.install(from: bundledURL, to: writable) == false)  // there already
    let files = try FileManager.default.contentsOfDirectory(atPath: writable.path)
    for name in files where name != "LOCK" {  // the lock is the writer's own, not the bundle's
      let mode =
        try FileManager.default.attributesOfItem(atPath: writable.appendingPathComponent(name).path)[
          .posixPermissions] as? NSNumber
      #expect(mode?.intValue == 0o644, "\(name)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: supportURL.path) == ["catalog.index"])
  }

  @Test(
    "the catalogue walk-through: a TSV file, a shipped index, a writable copy, a daily update", .offThePool)
  func catalogue() throws {
    var printed: [String] = []
    func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "index-guide-catalogue-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let catalogueURL = folder.appendingPathComponent("catalogue.tsv")
    let file = [
      "sku\tname\tbrand\tcategory\tprice\tpopularity", "P1\tRunning shoe\tAdidas\tShoes\t79.5\t10",
      "P2\tTrail running shoe\tSalomon\tShoes\t120\t50", "P3\tRunning socks\tAdidas\tSocks\t9\t5",
      "P4\tRug\tAdidas\tHome\t30\t1",
    ]
    try file.joined(separator: "\n").write(to: catalogueURL, atomically: true, encoding: .utf8)
    let bundledURL = folder.appendingPathComponent("bundle/catalog.index")
    let supportURL = folder.appendingPathComponent("support")
    let changed = [
      AutocompleteItem(
        "Running shoe", weight: 10, id: "P1",
        attributes: ["brand": "Adidas", "category": "Shoes", "price": 59]),
      AutocompleteItem(
        "Road running shoe", weight: 20, id: "P5",
        attributes: ["brand": "Asics", "category": "Shoes", "price": 99]),
    ]
    let removedIDs = ["P4", "P9"]

    // At build time: the rows of a TSV file (sku, name, brand, category, price, popularity) as items.
    let rows = try String(contentsOf: catalogueURL, encoding: .utf8).split(separator: "\n").dropFirst()
    let products = rows.map { row in
      let cells = row.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      let attributes: Attributes = [
        "brand": .string(cells[2]), "category": .string(cells[3]), "price": .number(Double(cells[4]) ?? 0),
      ]
      return AutocompleteItem(cells[1], weight: Double(cells[5]) ?? 0, id: cells[0], attributes: attributes)
    }
    _ = try DiskIndex.create(at: bundledURL, items: products, searchableAttributes: ["brand"])

    // In the app, at first launch: a writable copy (atomic; nothing done when it is there).
    let writable = supportURL.appendingPathComponent("catalog.index", isDirectory: true)
    try DiskIndex.install(from: bundledURL, to: writable)
    let catalog = try DiskIndex(contentsOf: writable, access: .readWrite)

    // Every day: changed and new products replace theirs by id, removed ones go, one commit.
    for product in changed { try catalog.update(product) }
    for id in removedIDs where try catalog.remove(id: id) == 0 { print("no product \(id)") }
    try catalog.commit()

    // Searching: the facets count with the search's own options (mode and filter).
    var options = SearchOptions(mode: .words, maximumCount: 5)
    options.filter = Attribute("category") == "Shoes"
    let shoes = try catalog.search("running", options: options)
    let brands = try catalog.facetCounts(of: "brand", for: "running", options: options)

    #expect(printed == ["no product P9"])
    #expect(Set(shoes.map(\.item.searchText)) == ["Running shoe", "Trail running shoe", "Road running shoe"])
    #expect(brands.map(\.value).sorted() == ["Adidas", "Asics", "Salomon"])
    #expect(try catalog.items().first { $0.id == "P1" }?.attributes["price"] == 59)
    #expect(try DiskIndex(contentsOf: writable).count == 4)
    // With the default options, facets count prefix matches of "running": not the shoes the search
    // shows (the call without options is deprecated for that reason).
    #expect(
      try catalog.facetCounts(of: "brand", for: "running", options: SearchOptions()).map(\.value) == [
        "Adidas"
      ])
  }

  @Test("the snippet of filters over a DiskIndex", .offThePool)
  func diskIndexFilters() throws {
    let citiesURL = FileManager.default.temporaryDirectory.appendingPathComponent(
      "guide-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: citiesURL) }
    _ = try DiskIndex.create(
      at: citiesURL,
      items: [
        AutocompleteItem("Salvador", attributes: ["country": "BR", "population": 2_900_000]),
        AutocompleteItem("Santos", attributes: ["country": "BR", "population": 430_000]),
        AutocompleteItem("Santarém", attributes: ["country": "PT", "population": 60_000]),
        AutocompleteItem("Sabará", attributes: ["country": "BR", "population": 99_000]),
      ])

    let cities = try DiskIndex(contentsOf: citiesURL)
    let filter = try AttributeFilter(
      parsing: "country:=BR && population:>100000",
      knownAttributes: try cities.attributeNames)
    var options = SearchOptions(mode: .prefix, maximumCount: 10)
    options.filter = filter
    let brazil = try cities.search("sa", options: options)
    let counts = try cities.facetCounts(of: "country", for: "sa", options: options, limit: 5)  // BR: 2
    let mine = DiskIndexSource(cities, scope: Attribute("country") == "PT")  // no query widens it

    #expect(brazil.map(\.item.searchText) == ["Santos", "Salvador"])
    #expect(counts == [FacetCount(value: "BR", count: 2)])
    #expect(
      mine.immediateSuggestions(for: SuggestionQuery("sa", options: SearchOptions(maximumCount: 5)))?.map(
        \.displayText) == ["Santarém"])
  }

  @Test("the snippet of Latin readings on disk", .offThePool)
  func readingsOnDisk() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("guide-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: url) }
    let items = [AutocompleteItem("北京"), AutocompleteItem("Москва"), AutocompleteItem("Paris")]

    let cities = try DiskIndex.create(at: url, items: items, transliteration: .latin)
    let reading = try cities.search("bj").first?.match.reading  // "bj" (北京's pinyin initials)

    #expect(reading == "bj")
    #expect(try cities.search("bj").first?.item.searchText == "北京")
  }
}

/// The app bundle of the guide's snippet: here a folder of the test's own.
private enum Bundle {
  static let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "autocomplete-index-guide-\(ProcessInfo.processInfo.processIdentifier)")
  static let main = Resources()

  struct Resources {
    func url(forResource name: String, withExtension ext: String) -> URL? {
      Bundle.folder.appendingPathComponent("\(name).\(ext)")
    }
  }
}
