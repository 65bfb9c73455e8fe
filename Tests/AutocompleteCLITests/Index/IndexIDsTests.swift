import Foundation
import Testing

/// `autocomplete index` with ids (`--ids`: lines `ID<TAB>TEXT`; `index remove --ids` by id, without
/// it by text), and no progress on standard error when it is not a terminal (the terminal's case:
/// IndexProgressEndToEndTests).
@Suite("Index ids", .serialized)
struct IndexIDsTests {
  static func directory() throws -> String {
    let directory = NSTemporaryDirectory() + "ac-index-ids-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    return directory
  }

  static func lines(_ index: String) async throws -> [String] {
    let listed = try await CommandRunner.run(["filter", "--index", index, ""])
    return listed.stdout.split(separator: "\n").map(String.init)
  }

  @Test func removesByIDAndByText() async throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let index = directory + "/idx"
    let input = "c1\tstraße 1\nc2\tstraße 1\nc3\tparis\nc4\tparis\tfrance\n"
    let built = try await CommandRunner.run(
      ["index", "build", "--ids", "-o", index], stdin: Data(input.utf8))
    #expect(built.status == 0, "\(built.stderr)")
    #expect(try await Self.lines(index) == ["straße 1", "straße 1", "paris", "paris\tfrance"])
    // By id: one of two equal texts goes; an `ID<TAB>TEXT` line gives its id.
    let byID = try await CommandRunner.run(
      ["index", "remove", index, "--ids"], stdin: Data("c1\nc3\tparis\nnone\n".utf8))
    // An id that is not there ("none") is named in a warning, and the exit status is 1.
    #expect(byID.status == 1 && byID.stderr.hasPrefix("removed 2 item(s)\n"), "\(byID.stderr)")
    #expect(byID.stderr.contains("no item with that id): “none”"), "\(byID.stderr)")
    #expect(try await Self.lines(index) == ["straße 1", "paris\tfrance"])
    let added = try await CommandRunner.run(
      ["index", "add", index, "--ids"], stdin: Data("c5\tparis\n".utf8))
    #expect(added.status == 0, "\(added.stderr)")
    // By text: every item whose text is the line, whatever its id.
    let byText = try await CommandRunner.run(
      ["index", "remove", index], stdin: Data("straße 1\nparis\n".utf8))
    #expect(byText.status == 0 && byText.stderr == "removed 2 item(s)\n", "\(byText.stderr)")
    #expect(try await Self.lines(index) == ["paris\tfrance"])
  }

  @Test func plainLinesAreRemovedByText() async throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let index = directory + "/idx"
    _ = try await CommandRunner.run(["index", "build", "-o", index], stdin: Data("a\nb\na\nc\n".utf8))
    let removed = try await CommandRunner.run(["index", "remove", index], stdin: Data("a\n".utf8))
    #expect(removed.stderr == "removed 2 item(s)\n", "\(removed.stderr)")
    #expect(try await Self.lines(index) == ["b", "c"])
  }

  @Test func badIDLinesAreErrorsNamingTheLine() async throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let noTab = try await CommandRunner.run(
      ["index", "build", "--ids", "-o", directory + "/a"], stdin: Data("x\ta\nplain\n".utf8))
    #expect(noTab.status == 2 && noTab.stderr.contains("line 2 has no tab"), "\(noTab.stderr)")
    let emptyID = try await CommandRunner.run(
      ["index", "build", "--ids", "-o", directory + "/b"], stdin: Data("\ta\n".utf8))
    #expect(emptyID.status == 2 && emptyID.stderr.contains("line 1 has an empty id"), "\(emptyID.stderr)")
  }

  /// 150,000 lines, about 2.5 MB: over the progress threshold.
  static func writeBigInput(_ path: String) throws {
    let text = (0..<150_000).map { "line \($0) são paulo\n" }.joined()
    try text.write(toFile: path, atomically: true, encoding: .utf8)
  }

  @Test func noProgressWhenStandardErrorIsNotATerminal() async throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try Self.writeBigInput(directory + "/big.txt")
    let built = try await CommandRunner.run([
      "index", "build", "--data", directory + "/big.txt", "-o", directory + "/idx",
    ])
    #expect(built.status == 0)
    #expect(built.stderr.isEmpty, "\(built.stderr)")
    let added = try await CommandRunner.run(
      ["index", "add", directory + "/idx", "--data", directory + "/big.txt", "--commit-every", "50000"])
    #expect(added.status == 0)
    #expect(added.stderr.isEmpty, "\(added.stderr)")
  }
}
