// The heavy lane: long CPU-bound tests run on threads of their own, not on the cooperative pool.
//
// Swift Testing runs every test — synchronous ones too — as a task on Swift's cooperative pool, which
// has one thread per core (two in CI). A synchronous test that indexes a million keys holds its pool
// thread for seconds to minutes; two such tests hold the whole pool, and every async test waiting for
// a process, a socket or a timer cannot resume until they end (in a whole `swift test` run on two
// cores, async tests were seen resuming only after 275 s, whatever their own wait). Tests marked
// `.heavyLane` are run with a task-executor preference for `HeavyLane.executor`: their bodies (sync
// or async, between suspension points) run on its threads, queued one after another, and the pool
// stays free for the tests that wait.
#if canImport(Testing)
  import Foundation
  import Testing

  /// A task executor with a fixed number of threads of its own, taking jobs first come, first served.
  public final class HeavyLane: TaskExecutor, @unchecked Sendable {
    /// The lane every `.heavyLane` test runs on: two threads, so that two heavy tests share the two
    /// cores with the pool instead of starving it.
    public static let executor = HeavyLane(threads: 2)

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var head = 0

    private init(threads: Int) {
      for index in 0..<threads {
        let thread = Thread { [unowned self] in self.run() }
        thread.name = "heavy-lane-\(index)"
        thread.stackSize = 16 << 20  // deep recursion in some differential tests
        thread.start()
      }
    }

    /// Queues a job; one of the lane's threads runs it.
    public func enqueue(_ job: consuming ExecutorJob) {
      let job = UnownedJob(job)
      condition.lock()
      jobs.append(job)
      condition.signal()
      condition.unlock()
    }

    private func run() {
      while true {
        condition.lock()
        while head == jobs.count { condition.wait() }
        let job = jobs[head]
        head += 1
        if head == jobs.count {
          jobs.removeAll(keepingCapacity: true)
          head = 0
        }
        condition.unlock()
        job.runSynchronously(on: asUnownedTaskExecutor())
      }
    }
  }

  /// Runs each test case of the test or suite it marks on `HeavyLane.executor`.
  public struct HeavyLaneTrait: TestTrait, SuiteTrait, TestScoping {
    /// Applies to every test of a marked suite.
    public var isRecursive: Bool { true }

    /// Runs a test case with a preference for the heavy lane's threads.
    public func provideScope(
      for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
      guard testCase != nil else { return try await function() }
      if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
        try await withTaskExecutorPreference(HeavyLane.executor) { try await function() }
      } else {
        try await function()
      }
    }
  }

  extension Trait where Self == HeavyLaneTrait {
    /// Runs the test (or every test of the suite) on the heavy lane's own threads, leaving the
    /// cooperative pool to the tests that wait for processes, sockets and timers.
    public static var heavyLane: Self { Self() }
  }
#endif
