import AutocompleteCore
import Foundation
import Testing

/// `filter --index --facet` counts with the mode of the matches it replaces, as the library's
/// `facetCounts(of:for:options:limit:)` counts with the search's options; over an index the
/// command's default mode is fuzzy (fzf's), the library's prefix, and `--mode` gives the app's
/// answer (issue 48; Guides/Index.md, "Filters, facets and scopes on disk").
@Suite("Index facet mode")
struct IndexFacetModeTests {
  static let products = """
    name\tcategory
    Running shoe\tShoes
    Trail running shoe\tShoes
    Shorts for running\tClothes
    Rug\tHome

    """

  @Test func facetsOfTheCommandAreTheLibrarysInTheSameMode() async throws {
    let directory = NSTemporaryDirectory() + "ac-facet-mode-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let tsv = directory + "/products.tsv"
    try Self.products.write(toFile: tsv, atomically: true, encoding: .utf8)
    let path = directory + "/idx"
    let built = try await CommandRunner.run(["index", "build", "--tsv", tsv, "-o", path])
    #expect(built.status == 0, "\(built.stderr)")
    let index = try DiskIndex(contentsOf: URL(fileURLWithPath: path))
    for (flags, mode) in [
      ([], MatchMode.fuzzy), (["--mode", "prefix"], .prefix), (["--mode", "words"], .words),
    ] {
      let printed = try await CommandRunner.run(
        ["filter", "--index", path, "--facet", "category"] + flags + ["running"])
      let counts = try index.facetCounts(
        of: "category", for: "running", options: SearchOptions(mode: mode, maximumCount: nil))
      #expect(printed.status == 0, "\(printed.stderr)")
      #expect(printed.stdout == counts.map { "\($0.value)\t\($0.count)\n" }.joined(), "\(flags)")
    }
    // The library's default is prefix: only "Running shoe" starts with the query.
    let library = try index.facetCounts(of: "category", for: "running", options: SearchOptions())
    #expect(library == [FacetCount(value: "Shoes", count: 1)])
    let words = try await CommandRunner.run([
      "filter", "--index", path, "--mode", "words", "--facet", "category", "running",
    ])
    #expect(words.stdout == "Shoes\t2\nClothes\t1\n")
  }
}
