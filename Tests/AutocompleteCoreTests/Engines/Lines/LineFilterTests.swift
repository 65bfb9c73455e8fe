import AutocompleteCore
import TestSupport
import Testing

@Suite("Line filter")
struct LineFilterTests {
  let text = Array("Standard\r\nstand\nSão Paulo\nGrandstand\nThủ Đức\nfooBar\nfoobar\n".utf8)

  @Test(.offThePool) func splitsLinesAndDropsCarriageReturns() throws {
    let filter = try LineFilter(utf8: text)
    #expect(filter.count == 7)
    #expect(filter[0] == "Standard")
    #expect(try LineFilter(utf8: []).count == 0)
    #expect(try LineFilter(utf8: Array("a".utf8)).count == 1)
  }

  @Test(.offThePool) func agreesWithTheIndexInEveryMode() throws {
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

  @Test(.offThePool) func camelHumpsCountInTheFuzzyScore() throws {
    let results = try LineFilter(utf8: text).matches(for: "fb", options: SearchOptions(mode: .fuzzy))
    #expect(results.map(\.text) == ["fooBar", "foobar"])
  }

  @Test(.offThePool) func refusesNULAndInvalidUTF8NamingTheLine() {
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

  @Test(.offThePool) func utf8ValidationAgreesWithTheStandardLibrary() {
    var rng = SplitMix64(seed: 7)
    let interesting: [UInt8] = [
      0x41, 0x7F, 0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xA0, 0x9F, 0xED, 0xEF, 0xF0, 0x90, 0x8F, 0xF4,
      0xF5, 0xFF,
    ]
    for _ in 0..<5000 {
      let bytes = (0..<Int.random(in: 1...6, using: &rng)).map { _ in
        Bool.random(using: &rng)
          ? interesting.randomElement(using: &rng)! : UInt8.random(in: 0x80...0xFF, using: &rng)
      }
      var iterator = bytes.makeIterator()
      var parser = Unicode.UTF8.ForwardParser()
      var valid = true
      loop: while true {
        switch parser.parseScalar(from: &iterator) {
        case .valid: continue
        case .emptyInput: break loop
        case .error: valid = false
        }
      }
      let accepted = (try? LineFilter(utf8: bytes)) != nil
      #expect(accepted == valid, "\(bytes.map { String($0, radix: 16) })")
    }
  }

  @Test(.offThePool) func aLineIndexAgreesWithTheFilterAndCountsEveryMatch() throws {
    let filter = try LineFilter(utf8: text)
    let index = try LineIndex(filter)
    #expect(index.count == filter.count && index[2] == "São Paulo")
    #expect(filter.byteRange(of: 0) == 0..<8)  // without the CR LF
    for mode in MatchMode.allCases {
      for query in ["", "s", "stand", "sao", "fb", "zz"] {
        for sensitive in [false, true] {
          let all = SearchOptions(mode: mode, isCaseSensitive: sensitive, maximumCount: -1)
          let expected = try filter.matches(for: query, options: all)
          let (matches, total) = try index.search(query, options: all)
          #expect(matches.map(\.line) == expected.map(\.line), "\(mode) \(query) \(sensitive)")
          #expect(total == expected.count, "\(mode) \(query) \(sensitive)")
          let two = SearchOptions(mode: mode, isCaseSensitive: sensitive, maximumCount: 2)
          let (top, sameTotal) = try index.search(query, options: two)
          #expect(top.map(\.line) == Array(expected.prefix(2).map(\.line)), "\(mode) \(query)")
          #expect(sameTotal == expected.count, "\(mode) \(query) \(sensitive)")
        }
      }
    }
  }
}
