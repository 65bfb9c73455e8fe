import AutocompleteCore
import Testing

/// The snippet of Guides/Index.md, as written, with `print` recording what it prints.
@Suite("Guides/Index.md snippet")
struct IndexGuideTests {
  @Test("an incremental search while the user types")
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
}
