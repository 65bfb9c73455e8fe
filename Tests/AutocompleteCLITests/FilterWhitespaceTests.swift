import Foundation
import Testing

/// Issue 22: one whitespace rule for lines and queries — a line's whitespace at an end counts only
/// when the query has whitespace at that end — checked through `autocomplete filter` against brute
/// force (and `grep -F -c`) on lines with leading and trailing spaces and tabs.
@Suite("autocomplete filter: whitespace at the ends of lines and queries")
struct FilterWhitespaceTests {
  /// Lines of lowercase ASCII (which folds to itself) with random whitespace inside and at the ends.
  static let lines: [String] = {
    var rng = SplitMix64(seed: 22)
    let pieces = ["a", "b", "xa", "ab", " ", "  ", "\t", "ba", "a b"]
    return (0..<3000).map { _ in
      (0..<Int.random(in: 1...6, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
    }
  }()

  /// The lines in a temporary file; removed by the caller.
  static func file() throws -> String {
    let path = NSTemporaryDirectory() + "whitespace-\(UUID().uuidString).txt"
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// The lines `filter` prints for `query` in `mode`.
  static func filtered(_ query: String, mode: String, path: String) async throws -> [String] {
    let outcome = try await CommandRunner.run(["filter", "--mode", mode, "--data", path, "--", query])
    #expect(outcome.status == 0 || outcome.status == 1, "\(outcome.stderr)")
    return outcome.stdout.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
  }

  static func isWhitespace(_ character: Character) -> Bool { character == " " || character == "\t" }

  @Test("contains finds exactly the lines grep -F finds, whitespace at either end included")
  func containsAgreesWithGrep() async throws {
    let path = try Self.file()
    defer { try? FileManager.default.removeItem(atPath: path) }
    for query in ["a ", " a", "a", " ", "b a", "a  ", "\t", " a ", "xa\t"] {
      let expected = Self.lines.filter { $0.contains(query) }
      let found = try await Self.filtered(query, mode: "contains", path: path)
      #expect(found.count == expected.count, "contains \(query.debugDescription)")
      #expect(Self.difference(found, expected).isEmpty, "contains \(query.debugDescription)")
      if let grep = try await Self.grepCount(query, path: path) {
        #expect(found.count == grep, "grep -F -c \(query.debugDescription)")
      }
    }
  }

  @Test("prefix: a query without leading whitespace skips a line's, one with it does not")
  func prefixWithLeadingWhitespace() async throws {
    let path = try Self.file()
    defer { try? FileManager.default.removeItem(atPath: path) }
    for query in ["a", "ab", "a ", " a", "  a", "\ta", " "] {
      let skipsLead = !Self.isWhitespace(query.first!)
      let expected = Self.lines.filter { line in
        let seen = skipsLead ? Substring(line.drop(while: Self.isWhitespace)) : Substring(line)
        return seen.hasPrefix(query)
      }
      let found = try await Self.filtered(query, mode: "prefix", path: path)
      #expect(
        Self.difference(found, expected).isEmpty && found.count == expected.count,
        "prefix \(query.debugDescription)")
      if !skipsLead {  // literal: every line found starts with the query's whitespace
        #expect(found.allSatisfy { $0.hasPrefix(query) })
      }
    }
    // A line with leading whitespace is found by a query without it (shorter lines first), and by
    // one with that whitespace.
    let input = Data("  apple\napple\n apple\n".utf8)
    #expect(
      try await CommandRunner.run(["filter", "--mode", "prefix", "app"], stdin: input).stdout
        == "apple\n apple\n  apple\n")
    #expect(
      try await CommandRunner.run(["filter", "--mode", "prefix", "--", "  app"], stdin: input).stdout
        == "  apple\n")
  }

  @Test("suffix and exact follow the same rule at the end")
  func suffixAndExact() async throws {
    let path = try Self.file()
    defer { try? FileManager.default.removeItem(atPath: path) }
    for query in ["a", "a ", "b\t", "xa", " a"] {
      let trimsEnd = !Self.isWhitespace(query.last!)
      let trimsStart = !Self.isWhitespace(query.first!)
      func seen(_ line: String) -> String {
        var text = Substring(line)
        if trimsEnd { while let last = text.last, Self.isWhitespace(last) { text.removeLast() } }
        if trimsStart { text = text.drop(while: Self.isWhitespace) }
        return String(text)
      }
      let suffix = Self.lines.filter { seen($0).hasSuffix(query) }
      let suffixFound = try await Self.filtered(query, mode: "suffix", path: path)
      #expect(Self.difference(suffixFound, suffix).isEmpty, "suffix \(query.debugDescription)")
      let exact = Self.lines.filter { seen($0) == query }
      let exactFound = try await Self.filtered(query, mode: "exact", path: path)
      #expect(Self.difference(exactFound, exact).isEmpty, "exact \(query.debugDescription)")
    }
  }

  /// The first few lines found but not expected, or expected but not found.
  static func difference(_ found: [String], _ expected: [String]) -> [String] {
    Array(Set(found).symmetricDifference(Set(expected)).sorted().prefix(5))
  }

  /// `grep -F -c QUERY PATH`, or `nil` without grep.
  static func grepCount(_ query: String, path: String) async throws -> Int? {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/grep") else { return nil }
    let outcome = try await CommandRunner.shell("LC_ALL=C /usr/bin/grep -F -c -e '\(query)' '\(path)'")
    return Int(outcome.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
  }
}
