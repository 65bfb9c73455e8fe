import AutocompleteCore
import TestSupport
import Testing

/// Georgian, Armenian, Thai and Hebrew names found from a Latin keyboard through their readings
/// (issue 48, "Readings of the scripts left out"), through the public API: an index and the streaming
/// line filter with ``Transliteration/latin``.
@Suite("Georgian, Armenian, Thai and Hebrew readings")
struct AlphabetReadingsTests {
  static let cities: [String] = [
    "თბილისი", "ქუთაისი", "ბათუმი", "ზუგდიდი", "Երևան", "Գյումրի", "Վանաձոր", "Աբովյան", "เชียงใหม่", "ตรัง",
    "สามร้อยยอด", "นครปฐม", "ชลบุรี", "ท่าม่วง", "חולון", "נתניה", "תל אביב", "זִכְרוֹן יַעֲקֹב", "אשדוד",
    "פתח תקווה", "Tbilisi Mall", "Москва",
  ]
  /// Each city's Latin name as a map writes it.
  static let latinNames: [(String, String)] = [
    ("tbilisi", "თბილისი"), ("kutaisi", "ქუთაისი"), ("batumi", "ბათუმი"), ("zugdidi", "ზუგდიდი"),
    ("yerevan", "Երևան"), ("gyumri", "Գյումրի"), ("vanadzor", "Վանաձոր"), ("abovyan", "Աբովյան"),
    ("chiang mai", "เชียงใหม่"), ("trang", "ตรัง"), ("sam roi yot", "สามร้อยยอด"),
    ("nakhon pathom", "นครปฐม"), ("chonburi", "ชลบุรี"), ("tha muang", "ท่าม่วง"), ("holon", "חולון"),
    ("netanya", "נתניה"), ("tel aviv", "תל אביב"), ("zikhron yaakov", "זִכְרוֹן יַעֲקֹב"), ("ashdod", "אשדוד"),
    ("petah tikva", "פתח תקווה"),
  ]

  func top(_ index: SearchIndex<AutocompleteItem>, _ query: String) throws -> [String] {
    try index.search(query, options: SearchOptions(maximumCount: 5, typoTolerance: .automatic))
      .map(\.item.searchText)
  }

  @Test("Each city is found from its Latin name and a 60 % prefix of it", .offThePool)
  func foundFromLatin() throws {
    let index = SearchIndex(Self.cities.map { AutocompleteItem($0) }, transliteration: .latin)
    for (name, city) in Self.latinNames {
      #expect(try top(index, name).contains(city), "\(name)")
      let prefix = String(name.prefix(max(4, (name.count * 6 + 9) / 10)))
      #expect(try top(index, prefix).contains(city), "\(prefix)")
    }
  }

  @Test("A match through a reading highlights the characters read", .offThePool)
  func highlights() throws {
    let index = SearchIndex(Self.cities.map { AutocompleteItem($0) }, transliteration: .latin)
    for (query, city, bold) in [
      ("tbil", "თბილისი", "თბილ"), ("yere", "Երևան", "Երև"), ("chiang", "เชียงใหม่", "เชียง"),
      ("holo", "חולון", "חולו"),
    ] {
      let result = try #require(try index.search(query).first { $0.item.searchText == city }, "\(query)")
      #expect(result.match.ranges.map { String(result.match.matchedText[$0]) } == [bold], "\(query)")
      #expect(result.match.reading != nil)
    }
  }

  @Test("A name in the script ranks below a Latin name that matches the same way", .offThePool)
  func ranking() throws {
    let index = SearchIndex(Self.cities.map { AutocompleteItem($0) }, transliteration: .latin)
    #expect(try top(index, "tbil").prefix(2) == ["Tbilisi Mall", "თბილისი"])
  }

  @Test("The Hebrew skeleton of a query counts only through a reading", .offThePool)
  func skeletonOnlyThroughReadings() throws {
    // "ntn" is the skeleton of "netanya": the Latin item "Ntn" must not answer "netanya".
    let items = ["Ntn", "נתניה", "Tl bb"].map { AutocompleteItem($0) }
    let index = SearchIndex(items, transliteration: .latin)
    #expect(try top(index, "netanya") == ["נתניה"])
    #expect(try top(index, "tel aviv") == [])
    #expect(try top(index, "ntn") == ["Ntn", "נתניה"])
  }

  @Test("The streaming line filter finds the lines as the index does", .offThePool)
  func streamingFilter() throws {
    let text = Array((Self.cities.joined(separator: "\n") + "\n").utf8)
    let lines = try LineFilter(utf8: text)
    for (name, city) in Self.latinNames {
      let options = SearchOptions(maximumCount: 5, typoTolerance: .automatic)
      let filter = StreamingLineFilter(name, options: options)
      let streamed = try text.withUnsafeBufferPointer { try filter.matches(in: $0, transliteration: .latin) }
      let indexed = try lines.matches(for: name, options: options, transliteration: .latin).map {
        lines.byteRange(of: $0.line)
      }
      #expect(Array(streamed) == indexed, "\(name)")
      #expect(indexed.contains { String(decoding: text[$0], as: UTF8.self) == city }, "\(name)")
    }
  }

  @Test("Latin-only data answers exactly as without readings", .offThePool)
  func latinOnlyUnchanged() throws {
    let items = [
      "Netanya Beach", "Ntn", "Tel Aviv", "Tl bb", "Holon", "Tbilisi", "Yerevan", "Chiang Mai", "ln",
      "pt tkb",
    ].map { AutocompleteItem($0) }
    let plain = SearchIndex(items)
    let read = SearchIndex(items, transliteration: .latin)
    #expect(read.keyCount == plain.keyCount)
    for query in ["netanya", "ntn", "tel aviv", "holon", "petah tikva", "chiang", "yerevan", "tbil", "l"] {
      for mode in [MatchMode.prefix, .fuzzy, .words] {
        let options = SearchOptions(mode: mode, maximumCount: 10, typoTolerance: .automatic)
        #expect(
          try read.search(query, options: options).map(\.offset)
            == plain.search(query, options: options).map(\.offset), "\(query) \(mode)")
      }
    }
  }
}
