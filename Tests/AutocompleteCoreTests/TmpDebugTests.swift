import AutocompleteCore
import Testing

@Test func tmpDebug() {
  let items = [
    AutocompleteItem("Zürich (Kreis 4) / Aussersihl", alternateSearchTexts: ["Zurich (Kreis 4) / Aussersihl", "Aussersihl", "Zuerich (Kreis 4)", "Zürich (Kreis 4)"]),
    AutocompleteItem("Zürich", alternateSearchTexts: ["Zurich", "Cirihe"]),
    AutocompleteItem("Zürich (Kreis 11)", alternateSearchTexts: ["Zurich (Kreis 11)"]),
  ]
  for smart in [false, true] {
    let options = SearchOptions(mode: .prefix, maximumCount: 5, typoTolerance: .automatic, usesSmartCase: smart)
    let q = SuggestionQuery("zurcih", options: options)
    for item in items { print("smart \(smart):", item.searchText, String(describing: item.match(q.prepared))) }
  }
}
