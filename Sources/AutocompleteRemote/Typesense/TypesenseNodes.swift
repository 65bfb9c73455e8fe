import Foundation

/// The nodes of a Typesense cluster and their health, shared by the copies of a source: which
/// nodes to try for the next request, in which order.
///
/// The official clients' policy: requests go round robin over the nodes (spreading reads over the
/// replicas); a node that fails (unreachable, timed out, a 5xx) is marked unhealthy and skipped
/// until the health-check interval has passed, and the request goes on to the next node at once.
/// When every node is marked unhealthy they are all tried anyway, so a cluster that has come back
/// answers without waiting for the interval.
final class TypesenseNodes: @unchecked Sendable {
  struct Node {
    var url: URL
    var isHealthy = true
    var markedAt: ContinuousClock.Instant?
  }

  let healthcheckInterval: Duration
  private let lock = NSLock()
  private var nodes: [Node]
  private var next = 0

  init(_ urls: [URL], healthcheckInterval: Duration) {
    self.nodes = urls.map { Node(url: $0) }
    self.healthcheckInterval = healthcheckInterval
  }

  var count: Int { nodes.count }

  /// The nodes to try for one request, in order: every healthy node (or unhealthy one due for a
  /// check) round robin from the next one; the rest after them.
  func attemptOrder(now: ContinuousClock.Instant = .now) -> [(index: Int, url: URL)] {
    lock.withLock {
      let start = next
      next = (next + 1) % max(nodes.count, 1)
      let rotated = nodes.indices.map { (start + $0) % nodes.count }
      let usable = rotated.filter { index in
        let node = nodes[index]
        return node.isHealthy || node.markedAt.map { now - $0 >= healthcheckInterval } ?? true
      }
      let rest = rotated.filter { !usable.contains($0) }
      return (usable + rest).map { ($0, nodes[$0].url) }
    }
  }

  /// Records how a request to the node at `index` went.
  func mark(_ index: Int, isHealthy: Bool, now: ContinuousClock.Instant = .now) {
    lock.withLock {
      nodes[index].isHealthy = isHealthy
      nodes[index].markedAt = now
    }
  }

  /// Whether the node at `index` is currently marked healthy.
  func isHealthy(_ index: Int) -> Bool { lock.withLock { nodes[index].isHealthy } }
}
