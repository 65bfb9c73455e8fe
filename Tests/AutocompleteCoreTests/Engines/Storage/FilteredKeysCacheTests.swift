import TestSupport
import Testing

@testable import AutocompleteCore

/// The per-filter cache of a filter's item count and its items' keys: reused only for the same filter
/// and the same mask, bounded, and never stale in the answers of an index.
@Suite struct FilteredKeysCacheTests {
  static func mask(count: Int, _ items: [Int]) -> ItemMask {
    var mask = ItemMask(count: count, allSet: false)
    for item in items { mask.insert(item) }
    return mask
  }

  @Test(.offThePool) func listsOncePerFilterAndMask() {
    let cache = FilteredKeysCache()
    let filter = Attribute("country") == "BR"
    let mask = Self.mask(count: 100, [3, 50])
    var lists = 0
    let first = cache.keys(of: filter, mask: mask) {
      lists += 1
      return [3, 50]
    }
    let again = cache.keys(of: filter, mask: mask) {
      lists += 1
      return []
    }
    #expect(first == [3, 50] && again == [3, 50])
    #expect(lists == 1)
    #expect(cache.setCount(of: filter, mask: mask) == 2)
  }

  @Test(.offThePool) func aChangedFilterListsAgain() {
    let cache = FilteredKeysCache()
    let mask = Self.mask(count: 100, [3])
    _ = cache.keys(of: Attribute("country") == "BR", mask: mask) { [3] }
    let other = cache.keys(of: Attribute("country") == "PT", mask: mask) { [7] }
    #expect(other == [7])
    #expect(cache.count == 2)
  }

  @Test(.offThePool) func anotherMaskOfTheSameFilterListsAgain() {
    // The same filter over changed items (a rebuilt attribute table, or the table's cache evicted
    // the mask): its mask is another buffer, even when the bits are equal, and the keys are listed
    // again; the stale entry goes.
    let cache = FilteredKeysCache()
    let filter = Attribute("country") == "BR"
    _ = cache.keys(of: filter, mask: Self.mask(count: 100, [3])) { [3] }
    #expect(cache.setCount(of: filter, mask: Self.mask(count: 100, [4, 5, 6])) == 3)
    let changed = cache.keys(of: filter, mask: Self.mask(count: 100, [4, 5, 6])) { [4, 5, 6] }
    #expect(changed == [4, 5, 6])
    let equalBits = cache.keys(of: filter, mask: Self.mask(count: 100, [3])) { [30] }
    #expect(equalBits == [30])
    #expect(cache.count == 1)
  }

  @Test(.offThePool) func keepsAtMostItsCapacity() {
    let cache = FilteredKeysCache(capacity: 3)
    let mask = Self.mask(count: 10, [1])
    for value in 0..<5 {
      _ = cache.keys(of: Attribute("n") == Double(value), mask: mask) { [UInt32(value)] }
    }
    #expect(cache.count == 3)
    // The most recent ones are kept, the oldest listed again.
    #expect(cache.keys(of: Attribute("n") == 4.0, mask: mask) { [99] } == [4])
    #expect(cache.keys(of: Attribute("n") == 0.0, mask: mask) { [99] } == [99])
  }

  /// 3,000 items, a few of them in rare countries: filters that keep so few that a search reads
  /// only their keys, changed between searches, in scoped views, after the attribute table's own
  /// cache dropped their masks, and over a rebuilt index with other items: every answer equals the
  /// unfiltered one filtered.
  @Test(.offThePool) func indexAnswersFollowEveryChange() throws {
    var random = SplitMix64(seed: 351)
    func items(rare: [String]) -> [AutocompleteItem] {
      (0..<3000).map { position in
        let name = FilteredSearchDifferentialTests.word(&random, length: 1...5)
        let country = position % 500 < rare.count ? rare[position % 500] : "ZZ"
        return AutocompleteItem(
          name, attributes: ["country": .string(country), "n": .number(Double(position))])
      }
    }
    func check(_ index: SearchIndex<AutocompleteItem>, _ items: [AutocompleteItem], scope: AttributeFilter?)
      throws
    {
      let filters: [AttributeFilter] =
        [Attribute("country") == "AA", Attribute("country") == "BB", Attribute("country") == "AA"]
        + (0..<10).map { Attribute("n") < Double($0) }  // more than the attribute table keeps
        + [Attribute("country") == "AA", Attribute("country") == "BB"]
      for filter in filters {
        for typos in [TypoTolerance.off, .automatic] {
          for mode in [MatchMode.prefix, .contains] {
            for query in ["a", "ab", "c", "", "bé"] {
              var options = SearchOptions(mode: mode, maximumCount: nil, typoTolerance: typos)
              options.includesHighlightRanges = false
              let unfiltered = try index.search(query, options: options)
              options.filter = filter
              let found = try index.search(query, options: options).map(\.offset)
              let wanted = unfiltered.map(\.offset).filter {
                filter.matches(items[$0].attributes) && (scope?.matches(items[$0].attributes) ?? true)
              }
              #expect(
                found == wanted, "\(query) \(mode) \(typos) \(filter) scope \(String(describing: scope))")
            }
          }
        }
      }
    }
    let first = items(rare: ["AA", "BB"])
    let index = SearchIndex(first)
    try check(index, first, scope: nil)
    let scope = Attribute("n") >= 1500.0
    try check(index.scoped(to: scope), first, scope: scope)
    try check(index, first, scope: nil)
    // Other items under the same filters: another index, its own cache.
    let second = items(rare: ["BB", "AA", "AA"])
    try check(SearchIndex(second), second, scope: nil)
  }
}
