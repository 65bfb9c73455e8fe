import AutocompleteCore

extension City {
  /// The city as an autocomplete item: searched by name, ASCII name and alternate names (each once,
  /// the name itself not repeated), shown as "Name, Country", weighted by population, carrying the
  /// city as payload and its `country` (ISO code, "BR") and `population` as attributes.
  public var autocompleteItem: AutocompleteItem {
    AutocompleteItem(
      name,
      displayText: "\(name), \(countryName)",
      alternateSearchTexts: alternateSearchTexts,
      weight: Double(population),
      payload: self,
      attributes: ["country": .string(countryCode), "population": .number(Double(population))]
    )
  }

  /// `asciiName` followed by `alternateNames`, without `name` and without repeats, in order.
  private var alternateSearchTexts: [String] {
    var texts: [String] = []
    texts.reserveCapacity(alternateNames.count + 1)
    if asciiName != name { texts.append(asciiName) }
    if alternateNames.count <= 16 {
      // Small lists (nearly all cities): a linear scan beats hashing.
      for text in alternateNames where text != name && !texts.contains(text) { texts.append(text) }
    } else {
      var seen = Set(texts)
      seen.insert(name)
      for text in alternateNames where seen.insert(text).inserted { texts.append(text) }
    }
    return texts
  }
}
