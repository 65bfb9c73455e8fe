import Foundation
import Testing

@testable import AutocompleteCore

@Suite("Disk index source")
struct DiskIndexSourceTests {
  @Test func answersAsItsIndexDoesAndSeesChanges() async throws {
    let directory = DiskIndexTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let index = try DiskIndex.create(at: directory, items: ["Paris", "Perth", "Porto"])
    let source = DiskIndexSource(index, title: "Cities")
    let query = SuggestionQuery("p", options: SearchOptions(maximumCount: 10))
    #expect(source.immediateSuggestions(for: query)?.map(\.displayText) == ["Paris", "Perth", "Porto"])
    try index.add(["Pau"])
    _ = try index.remove(id: "Perth")
    #expect(try await source.suggestions(for: query).map(\.displayText) == ["Pau", "Paris", "Porto"])
    #expect(!source.isCacheable)
    #expect(DiskIndexSource(index, answersImmediately: false).immediateSuggestions(for: query) == nil)
  }
}
