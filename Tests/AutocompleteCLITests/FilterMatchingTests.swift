import Foundation
import Testing

/// Issue #11 through `autocomplete filter`: ranking by own name before alternate names, the matched
/// alternate under `--highlight`, punctuation and letters that fold, invisible characters and
/// surrounding whitespace that do not block a match, and grapheme-cluster boundaries.
@Suite("autocomplete filter: matching in every script")
struct FilterMatchingTests {
  func lines(_ arguments: [String], stdin: String? = nil) async throws -> [String] {
    let outcome = try await CommandRunner.run(arguments, stdin: stdin.map { Data($0.utf8) })
    return outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
  }

  @Test func citiesMatchedByTheirOwnNameComeFirst() async throws {
    let par = try await lines(["filter", "--cities", "--limit", "10", "par"])
    #expect(par.first == "Paris, France")
    #expect(par.firstIndex(of: "Perth, Australia").map { $0 > par.firstIndex(of: "Paris, France")! } ?? true)
    let k = try await lines(["filter", "--cities", "--limit", "10", "k"])
    #expect(k.first?.hasPrefix("K") == true)
    #expect(!k.contains("Shanghai, China"))
    let san = try await lines(["filter", "--cities", "--limit", "10", "san"])
    #expect(san.count == 10)
    #expect(san.allSatisfy { $0.hasPrefix("San") }, "\(san)")
  }

  @Test func highlightShowsTheAlternateThatMatched() async throws {
    let rows = try await lines(["filter", "--cities", "--limit", "1", "--highlight", "paratha"])
    #expect(rows == ["Perth, Australia · \u{1B}[1mparatha\u{1B}[22m"])
    let plain = try await lines(["filter", "--cities", "--limit", "1", "paratha"])
    #expect(plain == ["Perth, Australia"])
  }

  @Test func punctuationAndUndecomposedLettersFold() async throws {
    let list = "don’t stop\n“quoted”\nkŀz\nᴀʙᴇ\nɐǝɛ\n⓵ ⓫ ❶\nnine – ten\n"
    #expect(try await lines(["filter", "--data", "-", "don't"], stdin: list) == ["don’t stop"])
    #expect(try await lines(["filter", "--data", "-", "\"quoted\""], stdin: list) == ["“quoted”"])
    #expect(try await lines(["filter", "--data", "-", "klz"], stdin: list) == ["kŀz"])
    #expect(try await lines(["filter", "--data", "-", "abe"], stdin: list) == ["ᴀʙᴇ"])
    #expect(try await lines(["filter", "--data", "-", "aee"], stdin: list) == ["ɐǝɛ"])
    #expect(try await lines(["filter", "--data", "-", "1 11 1"], stdin: list) == ["⓵ ⓫ ❶"])
    await #expect(
      try lines(["filter", "--data", "-", "--mode", "contains", "e - t"], stdin: list) == ["nine – ten"])
  }

  @Test func invisibleCharactersAndSurroundingWhitespaceDoNotBlockMatches() async throws {
    let list = "\u{200E}Paris\n\u{FEFF}Lyon\n\u{AD}Nice\n  Lille  \nRou\u{200B}en\n\u{2067}Metz\u{2069}\n"
    #expect(try await lines(["filter", "--data", "-", "par"], stdin: list) == ["\u{200E}Paris"])
    #expect(try await lines(["filter", "--data", "-", "lyon"], stdin: list) == ["\u{FEFF}Lyon"])
    #expect(
      try await lines(["filter", "--data", "-", "--mode", "words", "nice"], stdin: list) == ["\u{AD}Nice"])
    #expect(try await lines(["filter", "--data", "-", "lil"], stdin: list) == ["  Lille  "])
    #expect(
      try await lines(["filter", "--data", "-", "--mode", "suffix", "ille"], stdin: list) == ["  Lille  "])
    #expect(
      try await lines(["filter", "--data", "-", "--mode", "exact", "lille"], stdin: list) == ["  Lille  "])
    await #expect(
      try lines(["filter", "--data", "-", "--mode", "exact", "rouen"], stdin: list) == ["Rou\u{200B}en"])
    await #expect(
      try lines(["filter", "--data", "-", "--mode", "exact", "metz"], stdin: list) == ["\u{2067}Metz\u{2069}"]
    )
  }

  @Test func matchesStartAndEndOnGraphemeClusterBoundaries() async throws {
    let list = "🇺🇸🇫🇷\n🇸🇫 flag\n👍🏽 thumbs\nが\nか\n"
    let flags = try await lines(["filter", "--data", "-", "--all", "--mode", "contains", "🇸🇫"], stdin: list)
    #expect(flags == ["🇸🇫 flag"])
    #expect(
      try await lines(["filter", "--data", "-", "--all", "--mode", "contains", "🇫🇷"], stdin: list) == ["🇺🇸🇫🇷"])
    #expect(
      try await lines(["filter", "--data", "-", "--all", "--mode", "fuzzy", "🇸🇫"], stdin: list) == ["🇸🇫 flag"])
    #expect(try await lines(["filter", "--data", "-", "--all", "👍"], stdin: list) == [])
    #expect(try await lines(["filter", "--data", "-", "--all", "か"], stdin: list) == ["か"])
  }
}
