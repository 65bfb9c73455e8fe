import TestSupport
import Testing

@testable import AutocompleteCore

/// Typesense's `filter_by` syntax: every operator, and every error with its position.
@Suite struct FilterParserTests {
  private func parse(_ text: String, known: Set<String>? = nil) throws -> AttributeFilter {
    try AttributeFilter(parsing: text, knownAttributes: known)
  }

  private func error(_ text: String, known: Set<String>? = nil) -> FilterSyntaxError? {
    do {
      _ = try AttributeFilter(parsing: text, knownAttributes: known)
      return nil
    } catch {
      return error
    }
  }

  @Test(.offThePool) func equalityWithAndWithoutEquals() throws {
    #expect(try parse("country:=BR") == .isIn("country", ["BR"]))
    #expect(try parse("country:BR") == .isIn("country", ["BR"]))
    #expect(try parse("  country :=  BR ") == .isIn("country", ["BR"]))
    #expect(try parse("name:=`New York`") == .isIn("name", ["New York"]))
  }

  @Test(.offThePool) func membershipAndNegation() throws {
    #expect(try parse("country:=[BR, PT]") == .isIn("country", ["BR", "PT"]))
    #expect(try parse("country:!=BR") == .not(.isIn("country", ["BR"])))
    #expect(try parse("country:!=[BR,PT]") == .not(.isIn("country", ["BR", "PT"])))
  }

  @Test(.offThePool) func comparisons() throws {
    #expect(
      try parse("population:>100000")
        == .inRange("population", NumberRange(lower: 100_000, includesLower: false)))
    #expect(try parse("population:>=5") == .inRange("population", NumberRange(lower: 5)))
    #expect(try parse("population:<5") == .inRange("population", NumberRange(upper: 5, includesUpper: false)))
    #expect(try parse("population:<=-2.5") == .inRange("population", NumberRange(upper: -2.5)))
  }

  @Test(.offThePool) func rangesAndMixedLists() throws {
    #expect(try parse("population:[10..20]") == .inRange("population", NumberRange(lower: 10, upper: 20)))
    #expect(
      try parse("population:[10..20, 50]")
        == .any([.isIn("population", ["50"]), .inRange("population", NumberRange(lower: 10, upper: 20))]))
  }

  @Test(.offThePool) func connectivesAndPrecedence() throws {
    let a = AttributeFilter.isIn("a", ["1"])
    let b = AttributeFilter.isIn("b", ["2"])
    let c = AttributeFilter.isIn("c", ["3"])
    #expect(try parse("a:1 && b:2") == .all([a, b]))
    #expect(try parse("a:1 || b:2 && c:3") == .any([a, .all([b, c])]))
    #expect(try parse("(a:1 || b:2) && c:3") == .all([.any([a, b]), c]))
    #expect(try parse("country:=[BR,PT] && population:>100000").attributeNames == ["country", "population"])
  }

  @Test(.offThePool) func parsedFiltersMatchLikeBuiltOnes() throws {
    let rio: Attributes = ["country": "BR", "population": 6_748_000, "tags": ["coastal", "capital"]]
    #expect(try parse("country:=[BR,PT] && population:>100000").matches(rio))
    #expect(try parse("tags:=capital").matches(rio))
    #expect(try parse("population:=6748000").matches(rio))
    #expect(try !parse("country:!=BR").matches(rio))
    #expect(try parse("missing:!=x").matches(rio))
    #expect(try !parse("population:[1..10]").matches(rio))
  }

  @Test(
    .offThePool,
    arguments: [
      ("country:=", 9, "expected a value after `:=`"),
      ("country:=[BR", 12, "expected `,` or `]` to close the list opened at position 10"),
      ("country:=[", 10, "expected a value in the list opened at position 10"),
      ("country:=[BR,]", 13, "expected a value in the list after `:=`"),
      ("population:>abc", 12, "expected a number after `:>`, found `abc`"),
      ("population:>[1,2]", 12, "`:>` compares with one number, not a list"),
      ("population:[a..5]", 12, "expected a number before `..`, found `a`"),
      ("population:[1..b]", 15, "expected a number after `..`, found `b`"),
      ("country:=BR &&", 14, "expected a condition after `&&`"),
      ("country:=BR || ", 15, "expected a condition after `||`"),
      ("&& country:=BR", 0, "expected a condition"),
      ("", 0, "expected a condition"),
      ("country", 7, "expected `:` after the attribute name `country`"),
      ("(country:=BR", 12, "expected `)` to close the parenthesis at position 1"),
      ("()", 1, "expected a condition after `(`"),
      ("country:=BR)", 11, "unexpected `)`"),
      ("country:=BR population:>1", 12, "unexpected `p`"),
      ("name:=`New York", 6, "unterminated backquoted value"),
      (":=BR", 0, "expected an attribute name, found `:`"),
    ])
  func errorsNameThePositionAndTheProblem(text: String, position: Int, problem: String) {
    let found = error(text)
    #expect(found == FilterSyntaxError(position: position, problem: problem), "\(text)")
  }

  @Test(.offThePool) func unknownAttributesAreErrors() {
    let found = error("country:=BR && cuntry:=PT", known: ["country", "population"])
    #expect(
      found
        == FilterSyntaxError(position: 15, problem: "unknown attribute `cuntry` (known: country, population)")
    )
    #expect(found?.description == "position 16: unknown attribute `cuntry` (known: country, population)")
    #expect(error("country:=BR", known: ["country"]) == nil)
  }
}

/// Writing filters in `filter_by` syntax: what is written parses back to a filter that agrees on
/// every item.
@Suite struct FilterByTextTests {
  @Test(.offThePool) func writesTypesenseSyntax() {
    let filter: AttributeFilter =
      Attribute("country").isIn(["BR", "PT"]) && Attribute("population") > 100_000
    #expect(filter.filterByText == "(country:=[BR,PT]) && (population:>100000)")
    #expect((Attribute("city") == "New York").filterByText == "city:=`New York`")
    #expect((!Attribute("population").isIn(1...5)).filterByText == "population:!=[1..5]")
    #expect(Attribute("country").exists.filterByText == nil)
    #expect((!(Attribute("population") > 5)).filterByText == nil)
  }

  @Test(.offThePool) func whatIsWrittenParsesBackToAnEquivalentFilter() throws {
    var random = SplitMix64(seed: 41)
    var written = 0
    for _ in 0..<2000 {
      let filter = FilteredSearchDifferentialTests.filter(&random)
      guard let text = filter.filterByText else { continue }
      written += 1
      let parsed = try AttributeFilter(parsing: text)
      for item in FilteredSearchDifferentialTests.items(&random, count: 20) {
        #expect(parsed.matches(item.attributes) == filter.matches(item.attributes), "\(text)")
      }
    }
    #expect(written > 500)
  }
}
