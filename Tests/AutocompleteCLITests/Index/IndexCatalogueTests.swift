import Foundation
import Testing

/// A catalogue kept with the CLI (issue 48): `index build|add|remove --tsv` with named columns (id,
/// display, weight, types) round-trip, an id that is not there is a warning and exit 1, bad headers
/// and mistyped columns are errors, and `index install` copies an index so that a kill leaves no
/// half copy.
@Suite("Index catalogue", .serialized)
struct IndexCatalogueTests {
  static func directory() throws -> String {
    let directory = NSTemporaryDirectory() + "ac-index-catalogue-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    return directory
  }

  static let header = "sku\tname\tbrand\tcategory\tprice\ttags\tpopularity\n"
  static let catalogue =
    header
    + "P1\tRunning shoe\tAdidas\tShoes\t79.5\tsport, road\t10\n"
    + "P2\tTrail shoe\tSalomon\tShoes\t120\tsport,trail\t50\n"
    + "P3\tRug\tAdidas\tHome\t30\t\t5\n"
  static let columns = [
    "--id-column", "sku", "--weight-column", "popularity", "--column-type", "tags=list", "--search",
    "name,brand",
  ]

  static func write(_ text: String, _ path: String) throws -> String {
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  static func filter(_ index: String, _ arguments: [String]) async throws -> CommandRunner.Outcome {
    try await CommandRunner.run(["filter", "--index", index] + arguments)
  }

  @Test func namedColumnsRoundTripThroughBuildAddAndRemove() async throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let index = directory + "/catalog.index"
    let tsv = try Self.write(Self.catalogue, directory + "/catalog.tsv")
    let built = try await CommandRunner.run(["index", "build", "--tsv", tsv, "-o", index] + Self.columns)
    #expect(built.status == 0, "\(built.stderr)")
    // The name alone prints; the weight ranks the trail shoe (50) before the running shoe (10).
    #expect(
      try await Self.filter(index, ["--mode", "contains", "shoe"]).stdout == "Trail shoe\nRunning shoe\n")
    #expect(
      try await Self.filter(index, ["--where", "category:=Shoes", ""]).stdout == "Running shoe\nTrail shoe\n")
    #expect(try await Self.filter(index, ["--where", "tags:=trail", ""]).stdout == "Trail shoe\n")
    #expect(try await Self.filter(index, ["--where", "price:>100", ""]).stdout == "Trail shoe\n")
    #expect(try await Self.filter(index, ["--where", "popularity:<8", ""]).stdout == "Rug\n")
    #expect(try await Self.filter(index, ["salomon"]).stdout == "Trail shoe\n")  // a searchable brand

    // A number comparison on an attribute that holds text is an error, not an empty answer.
    let brand = try await Self.filter(index, ["--where", "category:>5", ""])
    #expect(brand.status == 2 && brand.stderr.contains("“category” is a text column"), "\(brand.stderr)")

    // The day's update: P1's new price replaces its row, P4 is new.
    let update = try Self.write(
      Self.header
        + "P1\tRunning shoe\tAdidas\tShoes\t59\tsport\t10\nP4\tTrail sock\tSalomon\tSocks\t9\t\t1\n",
      directory + "/update.tsv")
    let added = try await CommandRunner.run(["index", "add", index, "--tsv", update] + Self.columns)
    #expect(added.status == 0, "\(added.stderr)")
    #expect(try await Self.filter(index, [""]).stdout.split(separator: "\n").count == 4)
    #expect(
      try await Self.filter(index, ["--where", "price:<70", ""]).stdout == "Rug\nRunning shoe\nTrail sock\n")
    #expect(try await Self.filter(index, ["--where", "category:=Socks", "sock"]).stdout == "Trail sock\n")
    #expect(try await Self.filter(index, ["--where", "tags:=road", ""]).status == 1)  // replaced

    // Removing by id: one there, one not (a warning naming it, exit 1).
    let removed = try await CommandRunner.run(
      ["index", "remove", index, "--ids"], stdin: Data("P3\nP9\n".utf8))
    #expect(removed.status == 1)
    #expect(
      removed.stderr.contains("removed 1 item(s)") && removed.stderr.contains("“P9”"), "\(removed.stderr)")
    #expect(try await Self.filter(index, ["--mode", "prefix", "rug"]).status == 1)
    // Removing the rows of a TSV file by their ids.
    let byRows = try await CommandRunner.run([
      "index", "remove", index, "--tsv", update, "--id-column", "sku",
    ])
    #expect(byRows.status == 0 && byRows.stderr == "removed 2 item(s)\n", "\(byRows.stderr)")
    #expect(try await Self.filter(index, [""]).stdout == "Trail shoe\n")
    // Nothing removed by text is no longer silent either.
    let byText = try await CommandRunner.run(["index", "remove", index], stdin: Data("Nope\n".utf8))
    #expect(byText.status == 1 && byText.stderr.contains("“Nope”"), "\(byText.stderr)")
  }

  @Test func displayColumnAndUnnamedRowsKeepTheirOwnText() async throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let tsv = try Self.write("name\tlabel\tcountry\nsao paulo\tSão Paulo, Brazil\tBR\n", directory + "/t.tsv")
    let label = try await CommandRunner.run(["filter", "--tsv", tsv, "--display-column", "label", "sao"])
    #expect(label.stdout == "São Paulo, Brazil\n", "\(label.stderr)")
    // Without --id-column or --display-column a row still prints as read.
    let row = try await CommandRunner.run(["filter", "--tsv", tsv, "sao"])
    #expect(row.stdout == "sao paulo\tSão Paulo, Brazil\tBR\n")
    let ids = try await CommandRunner.run(["index", "build", "--tsv", tsv, "--ids", "-o", directory + "/x"])
    #expect(ids.status != 0 && ids.stderr.contains("--id-column"), "\(ids.stderr)")
  }

  @Test func badHeadersAndMistypedColumnsAreErrors() async throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let empty = try Self.write("name\t\tprice\nshoe\tx\t3\n", directory + "/empty.tsv")
    let emptyHeader = try await CommandRunner.run(["filter", "--tsv", empty, "sh"])
    #expect(emptyHeader.status == 2 && emptyHeader.stderr.contains("column 2 of the header row has no name"))
    let twice = try Self.write("name\tprice\tprice\nshoe\t1\t2\n", directory + "/twice.tsv")
    let repeated = try await CommandRunner.run(["index", "build", "--tsv", twice, "-o", directory + "/i"])
    #expect(repeated.status == 2 && repeated.stderr.contains("two columns “price” (columns 2 and 3)"))
    #expect(!FileManager.default.fileExists(atPath: directory + "/i"))

    let prices = try Self.write(
      "name\tcountry\tprice\nshoe\tBR\t3\nboot\tPT\tn/a\nsock\tBR\t1\n", directory + "/prices.tsv")
    // A column most of whose values are numbers, read as text: a warning names the stray value.
    let inferred = try await CommandRunner.run(["filter", "--tsv", prices, "--where", "price:=3", "s"])
    #expect(inferred.stderr.contains("the column “price” is read as text") && inferred.stderr.contains("n/a"))
    // A number comparison on a text column is an error, not an empty answer.
    let country = try await CommandRunner.run(["filter", "--tsv", prices, "--where", "country:>5", ""])
    #expect(country.status == 2 && country.stderr.contains("“country” is a text column"), "\(country.stderr)")
    let price = try await CommandRunner.run(["filter", "--tsv", prices, "--where", "price:>2", ""])
    #expect(price.status == 2 && price.stderr.contains("“price” is a text column"), "\(price.stderr)")
    // Said to be a number, the stray value is an error naming its line.
    let declared = try await CommandRunner.run([
      "filter", "--tsv", prices, "--column-type", "price=number", "s",
    ])
    #expect(declared.status == 2 && declared.stderr.contains("line 3: “n/a”"), "\(declared.stderr)")
    let unknown = try await CommandRunner.run(["filter", "--tsv", prices, "--id-column", "sku", "s"])
    #expect(unknown.status == 2 && unknown.stderr.contains("--id-column: no column “sku”"))
    let badType = try await CommandRunner.run([
      "filter", "--tsv", prices, "--column-type", "price=money", "s",
    ])
    #expect(badType.status == 2 && badType.stderr.contains("price=money"))
    let ids = try Self.write("sku\tname\nA\tx\nA\ty\n", directory + "/ids.tsv")
    let repeatedID = try await CommandRunner.run([
      "filter", "--tsv", ids, "--id-column", "sku", "--search", "name", "x",
    ])
    #expect(repeatedID.status == 2 && repeatedID.stderr.contains("line 3 repeats the id “A” of line 2"))
    // Rows are data: a NUL byte or invalid UTF-8 is an error naming the first such line (they were
    // read repaired, silently).
    let nul = try Self.write("name\tcategory\nA\u{0}x\tShoes\nB\tHats\n", directory + "/nul.tsv")
    for command in [
      ["filter", "--tsv", nul, "a"], ["index", "build", "--tsv", nul, "-o", directory + "/n"],
    ] {
      let refused = try await CommandRunner.run(command)
      #expect(
        refused.status == 2 && refused.stderr.contains("nul.tsv: line 2"), "\(command): \(refused.stderr)")
    }
    #expect(!FileManager.default.fileExists(atPath: directory + "/n"))
    let invalid = directory + "/invalid.tsv"
    #expect(
      FileManager.default.createFile(
        atPath: invalid, contents: Data("name\tcategory\nok\tShoes\n".utf8) + Data([0xFF, 0x09, 0x78, 0x0A])))
    let invalidRow = try await CommandRunner.run(["filter", "--tsv", invalid, "o"])
    #expect(
      invalidRow.status == 2 && invalidRow.stderr.contains("invalid.tsv: line 3"), "\(invalidRow.stderr)")
  }

  @Test func filterWithStandardInputFromDevNullSearchesTheCities() async throws {
    let outcome = try await CommandRunner.shell("\"$BIN\" filter 'sao paulo' --limit 1 </dev/null")
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stdout.hasPrefix("São Paulo"), "\(outcome.stdout)")
    #expect(outcome.stderr.isEmpty, "\(outcome.stderr)")
  }
}
