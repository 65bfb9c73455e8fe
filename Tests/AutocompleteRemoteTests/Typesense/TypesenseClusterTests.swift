import AutocompleteCore
import AutocompleteRemote
import Foundation
import Testing
import TypesenseTestSupport

/// A three-node Typesense cluster (Raft) on 127.0.0.1 and one source configured with all three
/// nodes: a node killed while queries are typed costs no keystroke its answer, and a document
/// written to the cluster after the kill shows up in suggestions.
@Suite(
  "Typesense, a three-node cluster",
  .enabled(if: TypesenseServer.runsTests, Comment(rawValue: TypesenseServer.skipReason)),
  .timeLimit(.minutes(4)))
@MainActor struct TypesenseClusterTests {
  @Test("a node killed mid-typing: every keystroke answered; a write after the kill is found")
  func failover() async throws {
    let (cluster, leader) = try await Self.replicatedCluster()
    defer { cluster.stop() }
    let source = try TypesenseIntegrationTests.source(cluster, narrowsLocally: false)
    let words = ["london", "paris", "tokyo", "berlin", "madrid", "sydney", "toronto", "cairo"]
    // The node to kill is the leader, so that writes need a new election too.
    let survivor = (leader + 1) % 3
    var worst = Duration.zero
    var answered = 0
    var keystrokes = 0
    for (wordIndex, word) in words.enumerated() {
      if wordIndex == 3 { cluster.kill(node: leader) }
      for length in 2...word.count {
        let query = SuggestionQuery(String(word.prefix(length)), options: SearchOptions(maximumCount: 5))
        let start = ContinuousClock.now
        let rows = try await source.suggestions(for: query)
        worst = max(worst, ContinuousClock.now - start)
        keystrokes += 1
        if !rows.isEmpty { answered += 1 }
      }
    }
    #expect(answered == keystrokes)
    print(
      "cluster failover (leader \(leader) killed): \(keystrokes) keystrokes answered, worst \(worst), \(source.requestCount) requests"
    )

    // A document written after the kill (through a surviving node; Raft forwards it to the leader,
    // re-elected if the killed node led) shows up in suggestions.
    let document =
      #"{"id": "new-1", "name": "Zzyzx Springs", "asciiname": "Zzyzx Springs", "country": "United States", "population": 1}"#
    try await Self.writeWithRetry {
      try await cluster.request(
        "POST", "/collections/cities/documents", body: Data(document.utf8), node: survivor)
    }
    let found = await Self.eventually {
      try await source.suggestions(for: SuggestionQuery("zzyz")).map(\.displayText) == ["Zzyzx Springs"]
    }
    #expect(found)
  }

  /// A cluster whose three nodes hold every city, and the node that leads it. Typesense's own
  /// start-up is not what this suite tests: a cluster that does not replicate within 30 s, or loses
  /// a node before typing starts, is stopped (its logs printed) and a new one started, three times.
  static func replicatedCluster() async throws -> (TypesenseServer, leader: Int) {
    var failures: [String] = []
    for _ in 1...3 {
      let cluster = try await TypesenseServer(nodes: 3)
      do {
        try await Self.writeWithRetry {
          try await cluster.createCities("cities", documents: Self.documents(), node: 0)
        }
        let replicated = await Self.eventually {
          for node in 0..<3 {
            guard try await Self.documentCount(cluster, node: node) == Self.cityCount else { return false }
          }
          return true
        }
        guard replicated else { throw TypesenseServer.ServerError.failed("not replicated within 30 s") }
        return (cluster, try await Self.leader(of: cluster))
      } catch {
        failures.append("\(error); logs: \(cluster.logs())")
        print("three-node cluster set up again: \(failures.last!)")
        cluster.stop()
      }
    }
    throw TypesenseServer.ServerError.failed(failures.joined(separator: "\n"))
  }

  /// The 2,000 most populous cities (enough to search, quick to replicate).
  nonisolated static func documents() -> [[String: Any]] {
    TypesenseServer.cityDocuments(limit: cityCount)
  }

  nonisolated static let cityCount = 2_000

  /// The index of the node that leads (Typesense's `/debug` says `"state": 1`).
  static func leader(of cluster: TypesenseServer) async throws -> Int {
    for node in 0..<3 {
      let data = try await cluster.request("GET", "/debug", node: node)
      let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
      if (object?["state"] as? NSNumber)?.intValue == 1 { return node }
    }
    throw TypesenseServer.ServerError.failed("no node says it leads")
  }

  static func documentCount(_ cluster: TypesenseServer, node: Int) async throws -> Int {
    let data = try await cluster.request("GET", "/collections/cities", node: node)
    let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    return (object?["num_documents"] as? NSNumber)?.intValue ?? -1
  }

  /// Runs a write until the cluster takes it (a leader is being elected meanwhile), for 30 s.
  static func writeWithRetry(_ write: () async throws -> Void) async throws {
    let deadline = ContinuousClock.now + .seconds(30)
    while true {
      do {
        return try await write()
      } catch {
        if ContinuousClock.now > deadline { throw error }
        try await Task.sleep(for: .milliseconds(300))
      }
    }
  }

  /// Whether `condition` holds within 30 s (errors count as not yet).
  static func eventually(_ condition: () async throws -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(30)
    while ContinuousClock.now < deadline {
      if (try? await condition()) == true { return true }
      try? await Task.sleep(for: .milliseconds(200))
    }
    return false
  }
}
