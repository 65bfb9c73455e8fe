import AutocompleteCities
import AutocompleteCore
import Foundation
import TestSupport
import Testing

/// Typo tolerance changes nothing unless asked for: `Fixtures/typos-off-golden.tsv` holds the
/// answers of the commit before typo tolerance (c44115d^) — 74 queries in every match mode over the
/// embedded cities, top 15, with each row's matched key, kind and highlighted UTF-16 ranges — and
/// today's index must give exactly those with `.off` (the default) and with `.fixed(0)`. (The one
/// query with surrounding whitespace, "al ", was left out: issue 22 changed that rule on purpose.
/// Issue 38 changed the fuzzy ranking on purpose — fzf's v2 score alone, every match of the fuzzy
/// kind — so the fuzzy mode's rows with `.fixed(0)` are compared with today's `.off` instead.)
@Suite("Typos: .off answers as before typo tolerance")
struct TyposOffGoldenTests {
  static let golden: [String] = {
    let url = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()
      .appendingPathComponent("Fixtures/typos-off-golden.tsv")
    let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    return text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
  }()

  /// One line of the fixture for `query` in `mode`: mode, query, then each result (a tab after the
  /// query also when there is none).
  static func line(
    _ index: SearchIndex<AutocompleteItem>, mode: MatchMode, query: String, tolerance: TypoTolerance
  ) throws -> String {
    let options = SearchOptions(mode: mode, maximumCount: 15, typoTolerance: tolerance)
    let results = try index.search(query, options: options).map { result in
      let text = result.match.matchedText
      let ranges = result.match.ranges.map { range in
        "\(text.utf16.distance(from: text.startIndex, to: range.lowerBound))-"
          + "\(text.utf16.distance(from: text.startIndex, to: range.upperBound))"
      }
      return "\(result.item.searchText)|\(text)|\(result.match.kind)|\(ranges.joined(separator: ","))"
    }
    return "\(mode)\t\(query)\t" + results.joined(separator: "\t")
  }

  @Test("every mode, 74 queries: the same rows, kinds and highlights as before typo tolerance", .offThePool)
  func offAnswersAsBefore() throws {
    #expect(Self.golden.count == 444)  // 6 modes × 74 queries
    let index = SearchIndex(Cities.all.map(\.autocompleteItem))
    for tolerance in [TypoTolerance.off, .fixed(0)] {
      var differences = 0
      for expected in Self.golden {
        let fields = expected.split(separator: "\t", omittingEmptySubsequences: false)
        let mode = try #require(MatchMode.allCases.first { String(describing: $0) == fields[0] })
        let actual = try Self.line(index, mode: mode, query: String(fields[1]), tolerance: tolerance)
        let expected =
          mode == .fuzzy
          ? try Self.line(index, mode: mode, query: String(fields[1]), tolerance: .off) : expected
        if actual != expected, differences < 5 {
          Issue.record("\(tolerance) \(fields[0]) “\(fields[1])”:\nbefore: \(expected)\nnow:    \(actual)")
        }
        if actual != expected { differences += 1 }
      }
      #expect(differences == 0, "\(tolerance)")
    }
  }

}
