/// A city of the embedded GeoNames data set (every city with at least 15,000 inhabitants).
public struct City: Sendable, Hashable {
  /// The name in its local Latin spelling, with diacritics: "São Paulo", "Thủ Đức", "Łódź".
  public var name: String
  /// The name without diacritics and special letters: "Sao Paulo", "Thu Duc", "Lodz".
  public var asciiName: String
  /// Other names of the city (exonyms and other scripts): "Sampa", "Москва", "モスクワ".
  public var alternateNames: [String]
  /// The ISO 3166 alpha-2 code of the country: "BR".
  public var countryCode: String
  /// The English name of the country: "Brazil".
  public var countryName: String
  /// The number of inhabitants GeoNames records.
  public var population: Int

  /// Creates a city.
  /// - Parameters:
  ///   - name: The local name.
  ///   - asciiName: The name without diacritics; defaults to `name`.
  ///   - alternateNames: Other names.
  ///   - countryCode: The ISO 3166 alpha-2 country code.
  ///   - countryName: The country's name; defaults to the name ``Countries`` knows for the code, or
  ///     the code itself.
  ///   - population: The number of inhabitants.
  public init(
    name: String,
    asciiName: String? = nil,
    alternateNames: [String] = [],
    countryCode: String,
    countryName: String? = nil,
    population: Int
  ) {
    self.name = name
    self.asciiName = asciiName ?? name
    self.alternateNames = alternateNames
    self.countryCode = countryCode
    self.countryName = countryName ?? Countries.name(forCode: countryCode) ?? countryCode
    self.population = population
  }
}
