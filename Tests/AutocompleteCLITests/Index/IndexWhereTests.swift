import Foundation
import Testing

/// `index build --tsv` and `--cities`, then `filter --index --where/--facet` and `pick --index
/// --where`: the same output as `filter --tsv` and `filter --cities` over the same items.
@Suite("Index where")
struct IndexWhereTests {
  /// A fresh directory for one test's files.
  static func directory() throws -> String {
    let path = NSTemporaryDirectory() + "ac-index-where-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  @Test func tsvIndexAnswersAsFilterTSV() async throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let tsv = try WhereAndFacetTests.tsvFile(WhereAndFacetTests.people)
    defer { try? FileManager.default.removeItem(atPath: tsv) }
    let index = directory + "/idx"
    let built = try await CommandRunner.run(["index", "build", "--tsv", tsv, "-o", index])
    #expect(built.status == 0, "\(built.stderr)")
    for query in ["", "b", "ana", "bz", "x"] {
      for options in [
        ["--where", "team:=red"], ["--where", "age:<30 || team:=green", "--mode", "prefix"],
        ["--where", "team:!=blue", "--limit", "1"], ["--facet", "team"],
        ["--facet", "age", "--where", "age:>20"],
        ["--mode", "contains", "--highlight"], ["--where", "team:=pink"],
      ] {
        let expected = try await CommandRunner.run(["filter", "--tsv", tsv] + options + [query])
        let actual = try await CommandRunner.run(["filter", "--index", index] + options + [query])
        #expect(
          actual.stdout == expected.stdout && actual.status == expected.status,
          "\(query) \(options): \(actual.stdout) \(actual.stderr) instead of \(expected.stdout)")
      }
    }
    let searched = directory + "/nicks"
    #expect(
      try await CommandRunner.run(["index", "build", "--tsv", tsv, "--search", "nick", "-o", searched]).status
        == 0)
    let nick = try await CommandRunner.run(["filter", "--index", searched, "--mode", "exact", "bia"])
    #expect(nick.stdout == "Beatriz Costa\tbia\tred\t41\n")
  }

  @Test func citiesIndexAnswersAsFilterCities() async throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let index = directory + "/cities"
    let built = try await CommandRunner.run(["index", "build", "--cities", "-o", index])
    #expect(built.status == 0, "\(built.stderr)")
    for (query, options) in [
      ("são", ["--where", "country:=BR && population:>1000000"]),
      ("san", ["--facet", "country", "--limit", "3"]),
      ("san", ["--where", "country:=[PT,ES]", "--limit", "10"]),
      ("rio", ["--where", "population:[100000..2000000]", "--facet", "country"]),
    ] {
      let expected = try await CommandRunner.run(
        ["filter", "--cities", "--mode", "prefix"] + options + [query])
      let actual = try await CommandRunner.run(
        ["filter", "--index", index, "--mode", "prefix"] + options + [query])
      #expect(expected.status == 0 && !expected.stdout.isEmpty)
      #expect(actual.stdout == expected.stdout && actual.status == expected.status, "\(query) \(options)")
    }
    let picked = try await CommandRunner.run([
      "pick", "--index", index, "--where", "country:=BR", "--mode", "exact", "--select-1", "--query",
      "Rio de Janeiro",
    ])
    #expect(picked.status == 0 && picked.stdout == "Rio de Janeiro\n", "\(picked.stderr)")
    let elsewhere = try await CommandRunner.run([
      "pick", "--index", index, "--where", "country:=PT", "--mode", "exact", "--exit-0", "--query",
      "Rio de Janeiro",
    ])
    #expect(elsewhere.status == 1 && elsewhere.stdout.isEmpty, "\(elsewhere.stderr)")
  }

  @Test func errorsExitTwo() async throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let tsv = try WhereAndFacetTests.tsvFile(WhereAndFacetTests.people)
    defer { try? FileManager.default.removeItem(atPath: tsv) }
    _ = try await CommandRunner.run(["index", "build", "--tsv", tsv, "-o", directory + "/people"])
    _ = try await CommandRunner.run(
      ["index", "build", "-o", directory + "/lines"], stdin: Data("a\nb\n".utf8))
    // An unknown attribute: the words of `filter --tsv`.
    let unknown = try await CommandRunner.run([
      "filter", "--index", directory + "/people", "--where", "tem:=red", "a",
    ])
    let unknownTSV = try await CommandRunner.run(["filter", "--tsv", tsv, "--where", "tem:=red", "a"])
    #expect(unknown.status == 2 && unknown.stderr == unknownTSV.stderr, "\(unknown.stderr)")
    #expect(unknown.stderr.contains("unknown attribute `tem`"))
    let facet = try await CommandRunner.run([
      "filter", "--index", directory + "/people", "--facet", "colour", "",
    ])
    #expect(facet.status == 2 && facet.stderr.contains("--facet: unknown attribute “colour”"))
    // An index of lines has no attributes.
    let lines = try await CommandRunner.run([
      "filter", "--index", directory + "/lines", "--where", "a:=b", "a",
    ])
    #expect(lines.status == 2 && lines.stderr.contains("the index at"), "\(lines.stderr)")
    let pick = try await CommandRunner.run([
      "pick", "--index", directory + "/lines", "--where", "a:=b", "--exit-0", "--query", "a",
    ])
    #expect(pick.status == 2 && pick.stderr.contains("this index has none"), "\(pick.stderr)")
    let both = try await CommandRunner.run([
      "index", "build", "--tsv", tsv, "--cities", "-o", directory + "/x",
    ])
    #expect(both.status == 2 && both.stderr.contains("cannot be used together"))
  }
}
