import AutocompleteCore

/// The world's countries (GeoNames `countries.json`, about 250) for the `#` trigger of the
/// message-composer demo.
public enum Countries {
  /// One item per country, sorted by ISO code: search text is the English name, the code is an
  /// alternate key ("BR" finds Brazil), the completion is a hashtag of the name's letters and digits
  /// ("#UnitedArabEmirates"), the weight is the population and the payload the ISO code.
  public static let all: [AutocompleteItem] = rows.map { row in
    AutocompleteItem(
      row.name,
      completionText: hashtag(for: row.name),
      alternateSearchTexts: [row.code],
      weight: Double(row.population),
      payload: row.code
    )
  }

  /// One item per country for a country field (a city field then follows it, see
  /// `FieldDependency`): the English name completes as itself, the code is an alternate key ("BR"
  /// finds Brazil), the weight is the population, and the `country` attribute is the ISO code, the
  /// attribute the embedded cities carry.
  public static let fieldItems: [AutocompleteItem] = rows.map { row in
    AutocompleteItem(
      row.name, alternateSearchTexts: [row.code], weight: Double(row.population), payload: row.code,
      attributes: ["country": .string(row.code)])
  }

  /// The English name of the country with ISO 3166 alpha-2 code `code` ("BR" → "Brazil"), or `nil`
  /// when the code is unknown. The code is matched exactly (upper case).
  public static func name(forCode code: String) -> String? {
    namesByCode[code]
  }

  /// `name` as a hashtag: "#" followed by its letters and digits ("Bosnia and Herzegovina" →
  /// "#BosniaandHerzegovina", "Guinea-Bissau" → "#GuineaBissau").
  static func hashtag(for name: String) -> String {
    "#"
      + String(name.unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil })
  }

  /// The parsed ``countryTable``.
  static let rows: [(code: String, name: String, population: Int)] = countryTable.split(
    separator: "\n"
  ).compactMap { line in
    let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
    guard fields.count == 3 else { return nil }
    return (String(fields[0]), String(fields[1]), Int(fields[2]) ?? 0)
  }

  /// Country names keyed by ISO code.
  static let namesByCode: [String: String] = Dictionary(
    rows.map { ($0.code, $0.name) }, uniquingKeysWith: { first, _ in first })
}
