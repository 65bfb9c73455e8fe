import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Polls `condition` until it holds (yielding, then sleeping 5 ms at a time) for at most `seconds`;
/// returns whether it did. Bound it by what the awaited thing needs (a loopback answer or failure
/// comes in well under a second, a timeout under test after its own length), not by how long a
/// starved thread pool might take: no test blocks the pool, and a wait of minutes only hides a
/// hang. Use it in `#expect` with a comment saying what was awaited and what was seen instead.
@MainActor func waitUntil(seconds: Double = 10, _ condition: () -> Bool) async -> Bool {
  let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
  var attempt = 0
  while ContinuousClock.now < deadline {
    if condition() { return true }
    attempt += 1
    if attempt < 200 {
      await Task.yield()
    } else {
      try? await Task.sleep(for: .milliseconds(5))
    }
  }
  return condition()
}

/// A URL session of its own for one test, so that tests running in parallel do not share
/// connection limits.
func ownSession() -> URLSession {
  URLSession(configuration: .ephemeral)
}
