import AutocompleteCore
import Testing

@Suite("Line filter")
struct LineFilterTests {
  let text = Array("Standard\r\nstand\nSão Paulo\nGrandstand\nThủ Đức\nfooBar\nfoobar\n".utf8)

  @Test func splitsLinesAndDropsCarriageReturns() throws {
    let filter = try LineFilter(utf8: text)
    #expect(filter.count == 7)
    #expect(filter[0] == "Standard")
    #expect(try LineFilter(utf8: []).count == 0)
    #expect(try LineFilter(utf8: Array("a".utf8)).count == 1)
  }

  @Test func agreesWithTheIndexInEveryMode() throws {
    let filter = try LineFilter(utf8: text)
    let lines = (0..<filter.count).map { AutocompleteItem(filter[$0]) }
    let index = SearchIndex(lines)
    for mode in MatchMode.allCases {
      for query in ["", "s", "st", "stand", "sao", "duc", "fb", "an", "paulo sao", "zz"] {
        let options = SearchOptions(mode: mode, maximumCount: -1)
        let expected = try index.search(query, options: options)
        let actual = try filter.matches(for: query, options: options)
        #expect(actual.map(\.line) == expected.map(\.offset), "\(mode) \(query)")
        #expect(actual.map(\.match.ranges) == expected.map(\.match.ranges), "\(mode) \(query)")
      }
    }
  }

  @Test func camelHumpsCountInTheFuzzyScore() throws {
    let results = try LineFilter(utf8: text).matches(for: "fb", options: SearchOptions(mode: .fuzzy))
    #expect(results.map(\.text) == ["fooBar", "foobar"])
  }

  @Test func refusesNULAndInvalidUTF8NamingTheLine() {
    #expect(throws: LineFilter.InputError.nulByte(line: 2)) {
      try LineFilter(utf8: [0x61, 0x0A, 0x62, 0x00])
    }
    #expect(throws: LineFilter.InputError.invalidUTF8(line: 3)) {
      try LineFilter(utf8: [0x61, 0x0A, 0x62, 0x0A, 0xC3, 0x28])
    }
    // An encoded surrogate is not UTF-8.
    #expect(throws: LineFilter.InputError.invalidUTF8(line: 1)) { try LineFilter(utf8: [0xED, 0xA0, 0x80]) }
    #expect(LineFilter.InputError.nulByte(line: 2).description == "line 2 contains a NUL byte")
  }
}
