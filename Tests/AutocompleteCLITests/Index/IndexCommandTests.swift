import Foundation
import Testing

/// `autocomplete index` and `filter --index`: the same answers as `filter --data` on the same lines,
/// and a writer killed with SIGKILL mid-commit leaves a gap-free prefix of what it committed, and no
/// lock that stops the next writer.
@Suite("Index command")
struct IndexCommandTests {
  static let lines = (0..<400).map { number in
    ["san", "são paulo", "straße", "new york", "naïve café", "東京", "zürich"][number % 7] + " \(number % 37)"
  }

  @Test func filterIndexAnswersAsFilterData() async throws {
    let directory = NSTemporaryDirectory() + "ac-index-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let data = directory + "/lines.txt"
    try (Self.lines.joined(separator: "\n") + "\n").write(toFile: data, atomically: true, encoding: .utf8)
    let built = try await CommandRunner.run(["index", "build", "--data", data, "-o", directory + "/idx"])
    #expect(built.status == 0, "\(built.stderr)")
    for query in ["", "s", "sao", "strasse", "york 1", "cafe", "東", "zur", "snа", "xyz"] {
      for options in [
        ["--mode", "prefix"], ["--mode", "contains", "--highlight"], ["--mode", "fuzzy"],
        ["--typos", "auto"], ["--limit", "3"],
      ] {
        let expected = try await CommandRunner.run(["filter", "--data", data] + options + [query])
        let actual = try await CommandRunner.run(
          ["filter", "--index", directory + "/idx"] + options + [query])
        #expect(actual.stdout == expected.stdout && actual.status == expected.status, "\(query) \(options)")
      }
    }
    let info = try await CommandRunner.run(["index", "info", directory + "/idx"])
    #expect(info.stdout.contains("items: 400"))
    // Two sources of items are refused by `filter` as by `pick` (`filter` searched the index alone).
    for command in ["filter", "pick"] {
      let both = try await CommandRunner.run([command, "--index", directory + "/idx", "--data", data, "s"])
      #expect(
        both.status != 0 && both.stderr.contains("--index and --data cannot be used together"), "\(command)")
    }
  }

  @Test func killedWriterLeavesAGapFreePrefixOfItsCommits() async throws {
    let directory = NSTemporaryDirectory() + "ac-index-kill-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let index = directory + "/idx"
    let first = try await CommandRunner.run(["index", "build", "-o", index], stdin: Data("start\n".utf8))
    #expect(first.status == 0, "\(first.stderr)")
    var random = SplitMix64(seed: UInt64(Date().timeIntervalSince1970))
    // The kills fall after the command's start-up (a debug build under load, or under TSan, can
    // take longer than the whole random window to start). The start-up is measured in the same
    // shell, just before each writer, as one run that opens the index: measured by the test
    // process instead, a starved thread pool (every test of the process shares it) counted in
    // minutes, and the writer had finished before its kill.
    var expected = ["start"]
    // Lines of 32 KB: about 30 commits fill the log (1 MiB), about what a writer commits before
    // its kill, so writers are also killed while a checkpoint writes segments in the background.
    let padding = " " + String(repeating: "abcdefgh", count: 4000)
    for round in 0..<5 {
      let batch = (0..<60).map { "round \(round) line \($0)" + padding }
      let data = directory + "/batch.txt"
      try (batch.joined(separator: "\n") + "\n").write(toFile: data, atomically: true, encoding: .utf8)
      let jitter = Double(random.next() % 400) / 1000 + 0.05
      // The writer commits after every line; it is killed with SIGKILL after start-up + jitter.
      let killed = try await CommandRunner.shell(
        """
        s=$(date +%s%N); $BIN filter --index '\(index)' '' > /dev/null; e=$(date +%s%N)
        delay=$(awk "BEGIN { print ($e - $s) / 1000000000 + \(jitter) }")
        $BIN index add '\(index)' --data '\(data)' --commit-every 1 & pid=$!
        sleep "$delay"; kill -9 $pid; wait $pid; true
        """
      )
      _ = killed
      let after = try await CommandRunner.run(["filter", "--index", index, ""])
      #expect(after.status == 0, "round \(round): \(after.stderr)")
      let items = after.stdout.split(separator: "\n").map(String.init)
      let added = Array(items.dropFirst(expected.count))
      #expect(Array(items.prefix(expected.count)) == expected, "round \(round)")
      #expect(added == Array(batch.prefix(added.count)), "round \(round): not a prefix of the commits")
      expected = items
    }
    #expect(expected.count > 1, "no writer committed before it was killed")
    // No lock is left behind: a writer opens and commits. Its one commit (1.6 MB) passes the log's
    // size, so a checkpoint starts in the background, and the command waits for it before it exits
    // (else it would start again at every later run, over a log that only grows).
    let before = try await CommandRunner.run(["index", "info", index])
    let tail = (0..<50).map { "end line \($0)" + padding }
    let last = try await CommandRunner.run(
      ["index", "add", index], stdin: Data((tail.joined(separator: "\n") + "\n").utf8))
    #expect(last.status == 0, "\(last.stderr)")
    let after = try await CommandRunner.run(["index", "info", index])
    func generation(_ info: String) -> Int? {
      info.split(separator: "\n").first?.split(separator: " ").last.flatMap { Int($0) }
    }
    #expect(
      (generation(after.stdout) ?? 0) > (generation(before.stdout) ?? .max),
      "no checkpoint: \(before.stdout) then \(after.stdout)")
    #expect(after.stdout.contains("log: 0 commits"), "\(after.stdout)")
    let merged = try await CommandRunner.run(["index", "merge", index])
    #expect(merged.status == 0, "\(merged.stderr)")
    let final = try await CommandRunner.run(["filter", "--index", index, ""])
    #expect(final.stdout.split(separator: "\n").map(String.init) == expected + tail)
  }
}
