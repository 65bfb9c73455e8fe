import TestSupport
import Testing

@testable import AutocompleteCore

/// `--where` expressions nested deeper than the parser allows are a clear error, never a stack
/// overflow; attribute names that `filter_by` cannot hold safely are never written into it.
@Suite struct FilterNestingAndNamesTests {
  static func nested(_ depth: Int) -> String {
    String(repeating: "(", count: depth) + "country:=BR" + String(repeating: ")", count: depth)
  }

  @Test(.offThePool) func nestingUpToTheLimitParses() throws {
    let filter = try AttributeFilter(parsing: Self.nested(FilterParser.maximumDepth))
    #expect(filter == .isIn("country", [.string("BR")]))
  }

  @Test(.offThePool) func deeperNestingIsAnError() {
    for depth in [FilterParser.maximumDepth + 1, 31_000] {
      #expect(
        throws: FilterSyntaxError(
          position: FilterParser.maximumDepth, problem: "parentheses nested deeper than 256 levels")
      ) {
        _ = try AttributeFilter(parsing: Self.nested(depth))
      }
    }
  }

  @Test(.offThePool) func plainFieldNamesAreWritten() {
    #expect((Attribute("address.city") == "Rio").filterByText == "address.city:=Rio")
    #expect((Attribute("pop_2020") > 5).filterByText == "pop_2020:>5")
    #expect((Attribute("país") != "BR").filterByText == "país:!=BR")
  }

  @Test(.offThePool) func namesThatWouldChangeTheExpressionAreNotWritten() {
    let escape = "owner:=alice) || (owner:=mallory) || (owner"
    for name in [escape, "a b", "a`b", "a:b", "a,b", "a&&b", "$other", "", "-x", ".x", "a(b"] {
      #expect((Attribute(name) == "zz").filterByText == nil, "\(name)")
      #expect((Attribute(name) > 1).filterByText == nil, "\(name)")
      #expect((!(Attribute(name) == "zz")).filterByText == nil, "\(name)")
      #expect((Attribute("team") == "red" && Attribute(name) == "zz").filterByText == nil, "\(name)")
    }
  }
}
