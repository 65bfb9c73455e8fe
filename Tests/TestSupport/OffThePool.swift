// Synchronous tests run on threads of their own, not on the cooperative pool.
//
// Swift Testing runs every test — synchronous ones too — as a task on Swift's cooperative pool, which
// has one thread per core (two in CI), and starts them all at once. The pool's queue is first come,
// first served: an async test's continuation (a child process ended, a server answered, a timer
// fired) waited behind every synchronous test not yet run — in a whole `swift test` on two cores,
// async tests were seen resuming only after 275 s, whatever their own wait, and the CPU-bound
// differential tests held both threads for minutes. Marked `.offThePool`, a synchronous test runs on
// `TestLane.shared` instead: the lane's two threads take the synchronous tests one after another,
// and the pool is left to the async tests, which spend their time waiting.
// `scripts/check-tests-off-the-pool.py` (run in CI) fails on a synchronous test without the trait.
#if canImport(Testing)
  import Foundation
  import Testing

  /// A task executor with threads of its own, taking jobs first come, first served.
  public final class TestLane: TaskExecutor, @unchecked Sendable {
    /// The lane every `.offThePool` test runs on: two threads, so that two synchronous tests share
    /// the two cores with the pool's async tests instead of starving them.
    public static let shared = TestLane(threads: 2)

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var head = 0

    private init(threads: Int) {
      for index in 0..<threads {
        let thread = Thread { [unowned self] in self.run() }
        thread.name = "test-lane-\(index)"
        thread.stackSize = 16 << 20  // as deep as a main thread's: recursive oracles in some tests
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

  /// Runs each test case of the test or suite it marks on ``TestLane/shared``.
  public struct OffThePoolTrait: TestTrait, SuiteTrait, TestScoping {
    /// Applies to every test of a marked suite.
    public var isRecursive: Bool { true }

    /// Runs a test case with a preference for the test lane's threads.
    public func provideScope(
      for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
      guard testCase != nil else { return try await function() }
      if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
        try await withTaskExecutorPreference(TestLane.shared) { try await function() }
      } else {
        try await function()
      }
    }
  }

  extension Trait where Self == OffThePoolTrait {
    /// Runs the test (or every test of the suite) on the test lane's own threads, leaving the
    /// cooperative pool to the async tests that wait for processes, sockets and timers.
    public static var offThePool: Self { Self() }
  }
#endif
