import AutocompleteCore
import AutocompletePresentation
import Foundation
import TestSupport
import Testing

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

@Suite("Suggestion row metrics: heights from the fonts' line heights")
@MainActor
struct SuggestionRowMetricsTests {
  /// A state whose first suggestion has a detail line (an alternate name matched) and the second not.
  static func state() -> SessionState {
    let items = [
      AutocompleteItem("Mumbai", alternateSearchTexts: ["Bombay"]),
      AutocompleteItem("Bordeaux"),
    ]
    let session = AutocompleteSession(configuration: SessionConfiguration(source: ListSource(items)))
    session.send(.focusChanged(true))
    session.textChanged("bo")
    return session.state
  }

  @Test(
    "a suggestion with a detail line is two lines tall; other rows one line, never under the minimum",
    .offThePool)
  func detail() throws {
    let state = Self.state()
    let withDetail = try #require(state.suggestions.firstIndex { $0.displayText == "Mumbai" })
    let without = try #require(state.suggestions.firstIndex { $0.displayText == "Bordeaux" })
    #expect(!(state.suggestions[withDetail].detailText ?? "").isEmpty)
    let metrics = SuggestionRowMetrics()
    #expect(SuggestionRowMetrics.hasDetail(.suggestion(withDetail), in: state))
    #expect(!SuggestionRowMetrics.hasDetail(.suggestion(without), in: state))
    #expect(metrics.height(for: .suggestion(withDetail), in: state) == 39)  // 4 + 16 + 1 + 14 + 4
    #expect(metrics.height(for: .suggestion(without), in: state) == 24)  // 24 minimum > 4 + 16 + 4
    #expect(metrics.height(for: .actionRow, in: state) == 24)
    #expect(metrics.height(for: .status("Loading…"), in: state) == 24)
    #expect(metrics.height(for: .suggestion(99), in: state) == 24)
    #expect(metrics.headerHeight == 22)
  }

  @Test("larger text makes taller rows, rounded up to whole points", .offThePool)
  func largerText() throws {
    let state = Self.state()
    let withDetail = try #require(state.suggestions.firstIndex { $0.displayText == "Mumbai" })
    let without = try #require(state.suggestions.firstIndex { $0.displayText == "Bordeaux" })
    let large = SuggestionRowMetrics(titleLineHeight: 23.4, detailLineHeight: 19.1, headerLineHeight: 18.2)
    #expect(large.height(for: .suggestion(without), in: state) == 32)  // 4 + 23.4 + 4 = 31.4
    #expect(large.height(for: .suggestion(withDetail), in: state) == 52)  // 31.4 + 1 + 19.1 = 51.5
    #expect(large.headerHeight == 27)
    let negative = SuggestionRowMetrics(titleLineHeight: -5, minimumHeight: 0)
    #expect(negative.height(for: .actionRow, in: state) == 8)
  }
}
