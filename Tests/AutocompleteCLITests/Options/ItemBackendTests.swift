import TestSupport
import Testing

@testable import autocomplete

/// `filter` and `pick` choose where their items come from in one place (``ItemBackend``).
@Suite("Item backend: one choice for filter and pick")
struct ItemBackendTests {
  func choose(
    typesense: Bool = false, index: String? = nil, tsv: String? = nil, lines: String? = nil,
    transliterate: Bool = false, ordered: Bool = false
  ) -> ItemBackend {
    ItemBackend.choose(
      typesense: typesense, indexPath: index, tsv: tsv, dataPath: lines, transliterate: transliterate,
      ordersLines: ordered)
  }

  @Test(.offThePool) func theFirstThatAppliesWins() {
    #expect(choose(typesense: true, tsv: "a.tsv", lines: "-") == .typesense)
    #expect(choose(index: "idx", lines: "-") == .diskIndex(path: "idx"))
    #expect(choose(tsv: "a.tsv", lines: "-") == .tsv(path: "a.tsv"))
    #expect(choose(lines: "f") == .lines(path: "f", reading: .streamed))
    #expect(choose(lines: "f", ordered: true) == .lines(path: "f", reading: .ordered))
    #expect(choose(lines: "f", transliterate: true) == .lines(path: "f", reading: .transliterated))
    #expect(choose() == .cities)
    #expect(choose(transliterate: true, ordered: true) == .cities)
  }

  @Test(.offThePool) func linesIndexesAndRowsAreSearchedFuzzilyByDefault() {
    #expect(choose(lines: "f").searchesFuzzilyByDefault)
    #expect(choose(index: "idx").searchesFuzzilyByDefault)
    #expect(choose(tsv: "a.tsv").searchesFuzzilyByDefault)
    #expect(!choose().searchesFuzzilyByDefault)
    #expect(!choose(typesense: true).searchesFuzzilyByDefault)
    #expect(choose(lines: "-").isLines && !choose(tsv: "a.tsv").isLines)
  }

  @Test(.offThePool) func anIndexWithLinesOrRowsIsAConflict() {
    #expect(
      ItemBackend.conflict(indexPath: "idx", tsv: nil, data: "f")
        == "--index and --data cannot be used together")
    #expect(
      ItemBackend.conflict(indexPath: "idx", tsv: "a.tsv", data: nil)
        == "--index and --tsv cannot be used together")
    #expect(ItemBackend.conflict(indexPath: "idx", tsv: nil, data: nil) == nil)
    #expect(ItemBackend.conflict(indexPath: nil, tsv: "a.tsv", data: "f") == nil)
  }
}
