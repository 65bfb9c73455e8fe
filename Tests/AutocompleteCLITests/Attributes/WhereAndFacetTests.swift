import AutocompleteCities
import AutocompleteCore
import Foundation
import Testing

/// `filter --where`, `--tsv`, `--search` and `--facet`, and their errors (exit 2 with the position).
@Suite struct WhereAndFacetTests {
  /// A TSV file with a header row, written to a temporary path.
  static func tsvFile(_ text: String) throws -> String {
    let path = NSTemporaryDirectory() + "where-\(UUID().uuidString).tsv"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  static let people = """
    name\tnick\tteam\tage
    Ana Lima\tani\tred\t34
    Bruno Souza\tbru\tblue\t27
    Beatriz Costa\tbia\tred\t41
    Bento Alves\tben\tgreen\t
    Carla Dias\tcarl\tblue\t19

    """

  /// (Lower-case queries: an upper-case letter makes the CLI's search case- and diacritic-sensitive.)
  @Test func citiesFilteredByCountryAndPopulation() async throws {
    let outcome = try await CommandRunner.run([
      "filter", "--cities", "--where", "country:=BR && population:>1000000", "são",
    ])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let lines = outcome.stdout.split(separator: "\n").map(String.init)
    // The brute force: the unfiltered answers, filtered.
    let cities = try Cities.load()
    let all = try SearchIndex(cities.map(\.autocompleteItem)).search(
      "são", options: SearchOptions(maximumCount: nil))
    let expected = all.filter {
      cities[$0.offset].countryCode == "BR" && cities[$0.offset].population > 1_000_000
    }
    .map(\.item.displayText)
    #expect(!lines.isEmpty)
    #expect(lines == expected)
  }

  @Test func citiesFacetCountsByCountry() async throws {
    let outcome = try await CommandRunner.run([
      "filter", "--cities", "--facet", "country", "--limit", "3", "san",
    ])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let index = SearchIndex(try Cities.load().map(\.autocompleteItem))
    let counts = try index.facetCounts(of: "country", for: "san", options: SearchOptions(), limit: 3)
    #expect(outcome.stdout == counts.map { "\($0.value)\t\($0.count)\n" }.joined())
    #expect(counts.count == 3 && counts[0].count >= counts[1].count)
  }

  @Test func tsvSearchesTheFirstColumnAndFiltersTheOthers() async throws {
    let path = try Self.tsvFile(Self.people)
    let red = try await CommandRunner.run([
      "filter", "--tsv", path, "--mode", "prefix", "--where", "team:=red", "",
    ])
    #expect(red.stdout == "Ana Lima\tani\tred\t34\nBeatriz Costa\tbia\tred\t41\n")
    let young = try await CommandRunner.run([
      "filter", "--tsv", path, "--mode", "prefix", "--where", "age:<30", "b",
    ])
    #expect(young.stdout == "Bruno Souza\tbru\tblue\t27\n")
    let nick = try await CommandRunner.run([
      "filter", "--tsv", path, "--search", "nick", "--mode", "exact", "bia",
    ])
    #expect(nick.stdout == "Beatriz Costa\tbia\tred\t41\n")
    // The columns named after the first are searchable attributes, ranked after the name and
    // filterable as any other column.
    let searched = try await CommandRunner.run([
      "filter", "--tsv", path, "--search", "name,nick", "--mode", "prefix", "--where", "team:=red", "b",
    ])
    #expect(searched.stdout == "Beatriz Costa\tbia\tred\t41\n")
    let byNick = try await CommandRunner.run([
      "filter", "--tsv", path, "--search", "name,nick", "--where", "nick:=ani", "--mode", "exact", "ani",
    ])
    #expect(byNick.stdout == "Ana Lima\tani\tred\t34\n")
    let facet = try await CommandRunner.run(["filter", "--tsv", path, "--facet", "team", ""])
    #expect(facet.stdout == "blue\t2\nred\t2\ngreen\t1\n")
    let none = try await CommandRunner.run(["filter", "--tsv", path, "--where", "team:=pink", ""])
    #expect(none.status == 1 && none.stdout.isEmpty)
  }

  @Test(arguments: [
    ("country:=", "autocomplete: --where: position 10: expected a value after `:=`"),
    (
      "country:=[BR",
      "autocomplete: --where: position 13: expected `,` or `]` to close the list opened at position 10"
    ),
    ("population:>abc", "autocomplete: --where: position 13: expected a number after `:>`, found `abc`"),
    ("country:=BR &&", "autocomplete: --where: position 15: expected a condition after `&&`"),
    (
      "cuntry:=BR",
      "autocomplete: --where: position 1: unknown attribute `cuntry` (known: country, population)"
    ),
  ])
  func malformedExpressionsExitTwoNamingThePosition(expression: String, message: String) async throws {
    let outcome = try await CommandRunner.run(["filter", "--cities", "--where", expression, "a"])
    #expect(outcome.status == 2)
    #expect(outcome.stderr.hasPrefix(message), "\(outcome.stderr)")
    #expect(outcome.stdout.isEmpty)
  }

  @Test func whereNeedsAttributes() async throws {
    let outcome = try await CommandRunner.run(["filter", "--where", "a:=b", "x"], stdin: Data("x\n".utf8))
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("--where and --facet need items with attributes"))
  }
}

/// `pick --where` decides without a terminal with `--select-1` and `--exit-0`.
@Suite struct PickWhereTests {
  @Test func pickHonoursWhere() async throws {
    let brazil = try await CommandRunner.run([
      "pick", "--cities", "--where", "country:=BR", "--mode", "exact", "--select-1", "--query",
      "Rio de Janeiro",
    ])
    #expect(brazil.status == 0, "\(brazil.stderr)")
    #expect(brazil.stdout == "Rio de Janeiro, Brazil\n")
    let portugal = try await CommandRunner.run([
      "pick", "--cities", "--where", "country:=PT", "--mode", "exact", "--exit-0", "--query",
      "Rio de Janeiro",
    ])
    #expect(portugal.status == 1 && portugal.stdout.isEmpty, "\(portugal.stderr)")
    let bad = try await CommandRunner.run([
      "pick", "--cities", "--where", "country:=[BR", "--exit-0", "--query", "x",
    ])
    #expect(bad.status == 2)
    #expect(bad.stderr.contains("position 13"))
    // A number comparison on a text attribute is an error, not an empty picker (issue 48).
    let text = try await CommandRunner.run([
      "pick", "--cities", "--where", "country:>5", "--exit-0", "--query", "rio",
    ])
    #expect(text.status == 2 && text.stderr.contains("“country” is a text column"), "\(text.stderr)")
  }
}
