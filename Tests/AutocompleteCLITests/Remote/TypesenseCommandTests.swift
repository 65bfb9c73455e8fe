import Foundation
import Testing
import TypesenseTestSupport

/// `--typesense` in `filter`, `pick` and the demo's async screen, against a real Typesense on
/// 127.0.0.1 holding the embedded cities (skipped, saying why, without the server binary).
@Suite("autocomplete --typesense")
struct TypesenseCommandTests {
  static let fields = "name:3,asciiname:2,alternates"

  @Test("incomplete options are refused with what is missing")
  func validation() async throws {
    // Everything missing is named in one run, not one run at a time.
    let missing = try await CommandRunner.shell(
      "env -u TYPESENSE_API_KEY $BIN filter --typesense 127.0.0.1:1 zu")
    #expect(missing.status != 0)
    #expect(
      missing.stderr.contains(
        "--typesense needs --collection NAME, --query-by FIELDS and --api-key KEY (or TYPESENSE_API_KEY in the environment)"
      ), "\(missing.stderr)")
    let twoMissing = try await CommandRunner.run(
      ["filter", "--typesense", "127.0.0.1:1", "--api-key", "k", "zu"])
    #expect(twoMissing.stderr.contains("--typesense needs --collection NAME and --query-by FIELDS"))
    let noKey = try await CommandRunner.shell(
      "env -u TYPESENSE_API_KEY $BIN filter --typesense 127.0.0.1:1 --collection c --query-by name zu")
    #expect(
      noKey.stderr.contains("--typesense needs --api-key KEY (or TYPESENSE_API_KEY in the environment)"))
    let weight = try await CommandRunner.run(
      [
        "filter", "--typesense", "127.0.0.1:1", "--api-key", "k", "--collection", "c", "--query-by", "name:x",
        "zu",
      ])
    #expect(weight.stderr.contains("--query-by: the weight of “name” must be a whole number ≥ 0"))
    let orphan = try await CommandRunner.run(["filter", "--collection", "c", "zu"])
    #expect(orphan.stderr.contains("need --typesense"))
    let orphanTimeout = try await CommandRunner.run(["filter", "--connection-timeout", "5", "zu"])
    #expect(orphanTimeout.status != 0 && orphanTimeout.stderr.contains("need --typesense"))
    let noTime = try await CommandRunner.run(
      [
        "filter", "--typesense", "127.0.0.1:1", "--api-key", "k", "--collection", "c", "--query-by", "name",
        "--connection-timeout", "0", "zu",
      ])
    #expect(noTime.stderr.contains("--connection-timeout: give seconds above 0 and at most 3600"))
  }

  @Test(
    "filter, pick and the demo's F4 screen ask Typesense",
    .enabled(if: TypesenseServer.runsTests, Comment(rawValue: TypesenseServer.skipReason)),
    // A guard against a hang, not a speed check: 14 processes one after another, under a loaded
    // parallel test run.
    .timeLimit(.minutes(8)))
  func againstTheServer() async throws {
    let server = try await TypesenseServer()
    defer { server.stop() }
    try await server.createCities("cities", documents: TypesenseServer.cityDocuments())
    let url = server.nodes[0].url.absoluteString
    // The default of 2 s a node ran out once under a loaded parallel test run (load 15 on 2 cores).
    let common = "--typesense \(url) --collection cities --query-by \(Self.fields) --connection-timeout 30"

    // filter: the first field of each hit, best first; --typos applies; the key from the environment.
    let typed = try await CommandRunner.shell(
      "TYPESENSE_API_KEY=\(server.apiKey) $BIN filter \(common) --typos auto --limit 3 zurcih")
    #expect(typed.status == 0, "\(typed.stderr)")
    #expect(typed.stdout.split(separator: "\n").first == "Zürich")
    let strict = try await CommandRunner.shell(
      "TYPESENSE_API_KEY=\(server.apiKey) $BIN filter \(common) zurcih")
    #expect(strict.status == 1)
    // A bad key: the server's reason, exit 2, and the key is not repeated.
    let bad = try await CommandRunner.shell("$BIN filter \(common) --api-key not-the-key-42 zur")
    #expect(bad.status == 2)
    #expect(bad.stderr.contains("Typesense: the server answered 401 unauthorized"))
    #expect(!bad.stderr.contains("not-the-key-42"))
    // A field the collection does not have: the message names the field, not a missing collection.
    let field = try await CommandRunner.shell(
      "$BIN filter --typesense \(url) --api-key \(server.apiKey) --collection cities --query-by nmae zur")
    #expect(field.status == 2)
    #expect(field.stderr.contains("no field “nmae” in collection “cities”"), "\(field.stderr)")
    #expect(!field.stderr.contains("no collection"))
    // A node that is down before one that is up: the next node answers.
    let deadNode = "http://127.0.0.1:\(try TypesenseServer.freePort())"
    let failover = try await CommandRunner.shell(
      "$BIN filter --typesense \(deadNode),\(url) --api-key \(server.apiKey) --collection cities "
        + "--query-by \(Self.fields) --connection-timeout 30 --limit 1 reykj")
    #expect(failover.stdout == "Reykjavík\n", "\(failover.stderr)")

    guard TmuxSession.isAvailable || TmuxSession.isRequired else { return }
    // pick: type, Enter prints the row.
    let pick = try await TmuxSession("$BIN pick \(common) --api-key \(server.apiKey)")
    try await pick.waitFor("Enter pick")
    try await pick.type("reykj")
    try await pick.waitFor("Reykjavík")
    try await pick.keys("Enter")
    let picked = try await pick.result()
    #expect(picked.stdout == "Reykjavík\n")

    // The demo's async screen asks the server instead of the simulated one.
    let demo = try await TmuxSession(
      "$BIN --screen 4 \(common) --sort-by population:desc --api-key \(server.apiKey)")
    let screen4 = try await demo.waitFor("4 · Async source: a real server")
    #expect(screen4.contains("Typesense \(url) · collection “cities”"), "\(screen4)")
    #expect(!screen4.contains("1 in 5") && !screen4.contains("simulated"))
    try await demo.type("zür")
    try await demo.waitFor("Zürich")
    try await demo.keys("Enter")
    try await demo.waitFor("Picked “Zürich”")
    try await demo.keys("Escape")
    let result = try await demo.result()
    #expect(result.stdout == "Zürich\n")
  }
}
