import Foundation
import Testing

/// `index build --transliterate` (issue 37): `filter --index PATH --transliterate` answers exactly as
/// `filter --data` on the same lines with `--transliterate` (order and highlights too), after adds as
/// well; an index built without readings still finds a query typed on another layout; `pick --index`
/// picks through a reading.
@Suite("Index --transliterate")
struct IndexTransliterateTests {
  static let lines = (0..<300).map { number in
    [
      "北京", "上海", "Москва", "Київ", "Αθήνα", "Θεσσαλονίκη", "서울", "부산", "とうきょう", "Beirut", "Berlin",
      "beijing road", "São Paulo", "москва река",
    ][number % 14] + " \(number % 23)"
  }

  static func directory() throws -> String {
    let directory = NSTemporaryDirectory() + "ac-index-translit-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    return directory
  }

  static func write(_ lines: [String], to path: String) throws {
    try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
  }

  static let queries = [
    "bei", "beijing 1", "bj", "moskva", "mosk 2", "vjcrdf", "athina", "seoul", "tokyo", "kyyiv", "s", "xyz",
  ]
  static let optionSets = [
    ["--mode", "prefix"], ["--mode", "contains", "--highlight"], ["--mode", "fuzzy"], ["--typos", "auto"],
    ["--limit", "3", "--highlight"], ["--mode", "prefix", "--typos", "auto", "--limit", "5"],
  ]

  /// Checks that `filter --index index --transliterate` prints what `filter --data data
  /// --transliterate` does, for every query and option set.
  static func expectSameAnswers(index: String, data: String) async throws {
    for query in queries {
      for options in optionSets {
        let expected = try await CommandRunner.run(
          ["filter", "--data", data, "--transliterate"] + options + [query])
        let actual = try await CommandRunner.run(
          ["filter", "--index", index, "--transliterate"] + options + [query])
        #expect(
          actual.stdout == expected.stdout && actual.status == expected.status,
          "\(query) \(options): \(actual.stdout) vs \(expected.stdout) \(actual.stderr)")
      }
    }
  }

  @Test func filterIndexAnswersAsFilterDataTransliterated() async throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let data = directory + "/lines.txt"
    try Self.write(Array(Self.lines[..<200]), to: data)
    let index = directory + "/idx"
    let built = try await CommandRunner.run([
      "index", "build", "--transliterate", "--data", data, "-o", index,
    ])
    #expect(built.status == 0, "\(built.stderr)")
    let found = try await CommandRunner.run([
      "filter", "--index", index, "--transliterate", "--mode", "prefix", "--limit", "1", "bj",
    ])
    #expect(found.stdout == "北京 0\n", "\(found.stdout)")
    try await Self.expectSameAnswers(index: index, data: data)
    // Lines added later get readings too (the option is the index's).
    let more = directory + "/more.txt"
    try Self.write(Array(Self.lines[200...]), to: more)
    let added = try await CommandRunner.run(["index", "add", index, "--data", more])
    #expect(added.status == 0, "\(added.stderr)")
    try Self.write(Self.lines, to: data)
    try await Self.expectSameAnswers(index: index, data: data)
    let info = try await CommandRunner.run(["index", "info", index])
    #expect(info.stdout.contains("readings: latin"))
    let picked = try await CommandRunner.run([
      "pick", "--index", index, "--transliterate", "--mode", "exact", "--select-1", "--query", "athina 3",
    ])
    #expect(picked.status == 0 && picked.stdout == "Αθήνα 3\n", "\(picked.stderr)")
  }

  @Test func indexWithoutReadingsStillRetypes() async throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let data = directory + "/lines.txt"
    try Self.write(Self.lines, to: data)
    let index = directory + "/idx"
    let built = try await CommandRunner.run(["index", "build", "--data", data, "-o", index])
    #expect(built.status == 0, "\(built.stderr)")
    let retyped = try await CommandRunner.run(
      ["filter", "--index", index, "--transliterate", "--mode", "prefix", "--limit", "1", "vjcrdf"])
    #expect(retyped.status == 0 && retyped.stdout.hasPrefix("Москва"), "\(retyped.stdout)")
    let unread = try await CommandRunner.run(
      ["filter", "--index", index, "--transliterate", "--mode", "prefix", "moskva"])
    #expect(unread.status == 1 && unread.stdout.isEmpty)
    let info = try await CommandRunner.run(["index", "info", index])
    #expect(!info.stdout.contains("readings"))
  }
}
