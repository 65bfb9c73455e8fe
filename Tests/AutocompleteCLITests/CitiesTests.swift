import AutocompleteCities
import AutocompleteCore
import Foundation
import TestSupport
import Testing

@Suite("Cities data set")
struct CitiesTests {
  @Test(.offThePool) func loadsTheEmbeddedTable() throws {
    let cities = try Cities.load()
    #expect(cities.count > 25_000)
    #expect(cities.count < 60_000)
    #expect(Cities.all.count == cities.count)
  }

  @Test(.offThePool) func saoPauloIsABigBrazilianCity() throws {
    let saoPaulo = try #require(Cities.all.first { $0.name == "São Paulo" && $0.countryCode == "BR" })
    #expect(saoPaulo.asciiName == "Sao Paulo")
    #expect(saoPaulo.countryName == "Brazil")
    #expect(saoPaulo.population > 10_000_000)
    #expect(saoPaulo.alternateNames.contains("Sampa"))
  }

  @Test(.offThePool) func vietnameseCitiesKeepTheirLetterDWithStroke() throws {
    let vietnamese = Cities.all.filter { $0.countryCode == "VN" }
    #expect(vietnamese.count > 50)
    let thuDuc = try #require(vietnamese.first { $0.name == "Thủ Đức" })
    #expect(thuDuc.asciiName == "Thu Duc")
    #expect(vietnamese.contains { $0.name.contains("đ") || $0.name.contains("Đ") })
  }

  @Test(.offThePool) func otherScriptsAreAlternateNames() throws {
    let moscow = try #require(Cities.all.first { $0.name == "Moscow" && $0.countryCode == "RU" })
    #expect(moscow.alternateNames.contains("Москва"))
    #expect(moscow.alternateNames.contains("モスクワ"))
  }

  @Test(.offThePool) func everyRowIsComplete() {
    for city in Cities.all {
      #expect(!city.name.isEmpty && !city.asciiName.isEmpty, "\(city)")
      #expect(city.asciiName.unicodeScalars.allSatisfy { $0.isASCII }, "\(city.asciiName)")
      #expect(city.countryCode.count == 2, "\(city.countryCode)")
      #expect(Countries.name(forCode: city.countryCode) == city.countryName, "\(city.countryCode)")
      #expect(!city.alternateNames.contains(""), "\(city.name)")
      #expect(city.population >= 0)
    }
  }

  @Test(.offThePool) func autocompleteItemSearchesAllNamesOnce() throws {
    let city = City(
      name: "Kraków", asciiName: "Krakow", alternateNames: ["Cracovia", "Krakow", "Kraków", "Краков"],
      countryCode: "PL", population: 800_000)
    #expect(city.countryName == "Poland")
    let item = city.autocompleteItem
    #expect(item.searchText == "Kraków")
    #expect(item.displayText == "Kraków, Poland")
    #expect(item.alternateSearchTexts == ["Krakow", "Cracovia", "Краков"])
    #expect(item.weight == 800_000)
    #expect(item.payload as? City == city)
  }

  @Test(.offThePool) func longAlternateListsAreDeduplicatedToo() {
    let names = (0..<30).map { "Name \($0 % 20)" } + ["Big City", "Big City"]
    let city = City(name: "Big City", alternateNames: names, countryCode: "FR", population: 2_000_000)
    let alternates = city.autocompleteItem.alternateSearchTexts
    #expect(alternates == (0..<20).map { "Name \($0)" })
  }

  @Test(.offThePool) func unknownCountryCodeFallsBackToTheCode() {
    let city = City(name: "Atlantis", countryCode: "QQ", population: 1)
    #expect(city.countryName == "QQ")
    #expect(city.asciiName == "Atlantis")
  }

  @Test(.offThePool) func parsesMinimalTables() throws {
    let table = "name\tascii\talternates\tcountry\tpopulation\r\nŁódź\tLodz\tLodza||Лодзь\tPL\t670000\n\n"
    let cities = try Cities.parse(Data(table.utf8))
    #expect(
      cities == [
        City(
          name: "Łódź", asciiName: "Lodz", alternateNames: ["Lodza", "Лодзь"], countryCode: "PL",
          population: 670_000)
      ])
    #expect(try Cities.parse(Data("name\tascii\talternates\tcountry\tpopulation".utf8)).isEmpty)
  }

  @Test(
    .offThePool,
    arguments: [
      (Data(), CitiesError.missingHeader),
      (Data("name,ascii\n".utf8), .missingHeader),
      (Data("name\tascii\talternates\tcountry\tpopulation\nX\tX\t\tFR\n".utf8), .malformedRow(line: 2)),
      (Data("name\tascii\talternates\tcountry\tpopulation\n\nX\tX\t\tFR\t-3\n".utf8), .malformedRow(line: 3)),
      (Data("name\tascii\talternates\tcountry\tpopulation\n\tX\t\tFR\t3\n".utf8), .malformedRow(line: 2)),
      (
        Data("name\tascii\talternates\tcountry\tpopulation\nX\tX\t\tFR\t99999999999999999999\n".utf8),
        .malformedRow(line: 2)
      ),
    ])
  func rejectsMalformedTables(data: Data, error: CitiesError) {
    #expect(throws: error) { try Cities.parse(data) }
  }

  @Test(.offThePool) func invalidUTF8AndNULBecomeDefinedText() throws {
    var bytes = Array("name\tascii\talternates\tcountry\tpopulation\n".utf8)
    bytes += [0x41, 0xFF, 0x00, 0x42] + Array("\t\t\tDE\t5\n".utf8)
    let city = try #require(try Cities.parse(Data(bytes)).first)
    #expect(city.name == "A\u{FFFD}\u{0}B")
    #expect(city.asciiName == city.name)
    #expect(city.countryName == "Germany")
  }
}

@Suite("Demo directories")
struct DemoDirectoriesTests {
  @Test(.offThePool) func peopleHaveUniqueHandles() {
    let people = People.all
    #expect(people.count >= 30)
    #expect(Set(people.map(\.completionText)).count == people.count)
    for person in people {
      #expect(person.completionText.hasPrefix("@"))
      #expect(person.alternateSearchTexts == [String(person.completionText.dropFirst())])
      #expect(person.displayText == "\(person.searchText) (\(person.completionText))")
      #expect(person.completionText.unicodeScalars.allSatisfy { $0.isASCII })
    }
    #expect(people.contains { $0.searchText == "Nguyễn Văn An" })
    let rightToLeft = people.filter { person in
      person.searchText.unicodeScalars.contains { (0x0590...0x06FF).contains($0.value) }
    }
    #expect(rightToLeft.count >= 3)
  }

  @Test(.offThePool) func countriesHaveUniqueHashtags() throws {
    let countries = Countries.all
    #expect(countries.count > 200)
    #expect(Set(countries.map(\.completionText)).count == countries.count)
    #expect(Set(countries.map(\.searchText)).count == countries.count)
    for country in countries {
      #expect(country.completionText.hasPrefix("#"))
      #expect(!country.completionText.contains(" ") && !country.completionText.contains("-"))
      #expect(country.alternateSearchTexts.count == 1)
    }
    let brazil = try #require(countries.first { $0.alternateSearchTexts == ["BR"] })
    #expect(brazil.searchText == "Brazil")
    #expect(brazil.completionText == "#Brazil")
    #expect(brazil.weight > 100_000_000)
    let emirates = try #require(countries.first { $0.alternateSearchTexts == ["AE"] })
    #expect(emirates.completionText == "#UnitedArabEmirates")
    #expect(Countries.name(forCode: "VN") == "Vietnam")
    #expect(Countries.name(forCode: "vn") == nil)
  }
}
