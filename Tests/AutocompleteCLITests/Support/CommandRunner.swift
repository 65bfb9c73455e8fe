import Foundation
import Testing

/// Runs the built `autocomplete` binary and captures what it prints.
struct CommandRunner {
  struct Outcome {
    var status: Int32
    var stdout: String
    var stderr: String
    /// Standard output as bytes (not decoded).
    var stdoutData = Data()
  }

  /// The directory holding the products of this build (the binary sits beside the test bundle).
  static var productsDirectory: URL {
    #if os(macOS)
      for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
        return bundle.bundleURL.deletingLastPathComponent()
      }
    #endif
    return Bundle.main.bundleURL
  }

  static var binary: URL { productsDirectory.appendingPathComponent("autocomplete") }

  /// The commands' environment: this process's, with `XDG_STATE_HOME` in a temporary directory so
  /// that nothing a command remembers reaches the user's state directory.
  static let environment: [String: String] = ProcessInfo.processInfo.environment.merging([
    "XDG_STATE_HOME": NSTemporaryDirectory() + "ac-cli-tests-\(getpid())-state"
  ]) { $1 }

  /// Whether this build runs under a sanitizer (`swift test --sanitize=thread`, as CI does): then the
  /// binary needs far more address space than `ulimit -v` leaves.
  static let isSanitized: Bool = ["__tsan_init", "__asan_init"].contains { (name: String) in
    dlsym(nil, name) != nil
  }

  /// Runs the binary with `arguments`, its standard input a pipe carrying `stdin` (empty when `nil`).
  static func run(_ arguments: [String], stdin: Data? = nil) async throws -> Outcome {
    let result = try await offThePool {
      try ChildProcess.run(binary.path, arguments, environment: environment, stdin: stdin ?? Data())
    }
    return outcome(result)
  }

  /// Runs `script` with bash (`$BIN` is the binary), its standard input empty.
  static func shell(_ script: String) async throws -> Outcome {
    let result = try await offThePool {
      try ChildProcess.run(
        "/bin/bash", ["-c", script], environment: environment.merging(["BIN": binary.path]) { $1 })
    }
    return outcome(result)
  }

  /// Runs `body` — a child's whole run, waited for with `waitpid` — on a thread of its own, so that
  /// the wait does not hold one of the cooperative pool's threads (two on a 2-core machine): with
  /// the CLI tests waiting on their children there, every other test, the tmux ones included, stood
  /// still for minutes in CI. At most ``childSlots`` children run at once (as many as the pool let
  /// run before): a hundred debug or ThreadSanitizer children started together thrashed the machine.
  static func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    await childSlots.acquire()
    defer { childSlots.release() }
    return try await withCheckedThrowingContinuation { continuation in
      Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
    }
  }

  /// The children that may run at once: one per core.
  static let childSlots = Slots(count: max(2, ProcessInfo.processInfo.activeProcessorCount))

  /// A counting semaphore for tasks: ``acquire()`` waits (suspended, holding no thread) for a slot.
  final class Slots: @unchecked Sendable {
    private let lock = NSLock()
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(count: Int) { free = count }

    /// Takes a slot, waiting for one to be released when none is free.
    func acquire() async {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        lock.lock()
        if free > 0 {
          free -= 1
          lock.unlock()
          continuation.resume()
        } else {
          waiting.append(continuation)
          lock.unlock()
        }
      }
    }

    /// Gives a slot back: to the longest waiting task, if any.
    func release() {
      lock.lock()
      if waiting.isEmpty {
        free += 1
        lock.unlock()
      } else {
        let next = waiting.removeFirst()
        lock.unlock()
        next.resume()
      }
    }
  }

  private static func outcome(_ result: ChildProcess.Result) -> Outcome {
    Outcome(
      status: result.status, stdout: String(decoding: result.stdout, as: UTF8.self),
      stderr: String(decoding: result.stderr, as: UTF8.self), stdoutData: result.stdout)
  }

  /// A sparse file of 4 GiB (no disk space; its first line is "a"), for the size checks.
  static func makeSparse4GiBFile(_ path: String) throws {
    #expect(FileManager.default.createFile(atPath: path, contents: Data("a\n".utf8)))
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.truncate(atOffset: 1 << 32)
    try handle.close()
  }
}
