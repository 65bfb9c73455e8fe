import AutocompleteTerminal
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Several pickers in one process: each hears SIGWINCH. In the serialized device suite, as these
/// tests raise SIGWINCH for the whole process.
extension TerminalDeviceTests {
  /// Makes one input per pseudo-terminal, each on a thread of its own, all at once (the threads
  /// wait for each other before they start one), without blocking the caller's thread.
  static func startInputs(on terminals: [PseudoTerminal]) async -> [TerminalInput] {
    /// What the threads share, in one object: a noncopyable `Mutex` or `Atomic` captured by several
    /// escaping closures lives in a box whose every use ThreadSanitizer reports as a modifying access
    /// (a race in this test's own code, seen in CI).
    final class Start: Sendable {
      let ready = Atomic<Int>(0)
      let made = Mutex<[Int: TerminalInput]>([:])
    }
    let start = Start()
    return await withCheckedContinuation { (continuation: CheckedContinuation<[TerminalInput], Never>) in
      for (index, terminal) in terminals.enumerated() {
        Thread.detachNewThread {
          start.ready.add(1, ordering: .sequentiallyConsistent)
          while start.ready.load(ordering: .sequentiallyConsistent) < terminals.count { sched_yield() }
          let input = TerminalInput(device: terminal.device)
          let all = start.made.withLock { made in
            made[index] = input
            return made.count == terminals.count ? made : nil
          }
          if let all { continuation.resume(returning: terminals.indices.map { all[$0]! }) }
        }
      }
    }
  }

  @Test("two inputs started at once both hear a resize, and one still does after the other ended")
  func concurrentInputsHearResizes() async throws {
    let first = try #require(PseudoTerminal(columns: 20, rows: 5))
    let second = try #require(PseudoTerminal(columns: 30, rows: 6))
    var inputs = await Self.startInputs(on: [first, second])
    var iterators = inputs.map { $0.events.makeAsyncIterator() }
    var size = winsize(ws_row: 9, ws_col: 44, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(first.terminal, UInt(TIOCSWINSZ), &size)
    size = winsize(ws_row: 11, ws_col: 55, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(second.terminal, UInt(TIOCSWINSZ), &size)
    kill(getpid(), SIGWINCH)
    let heardByFirst = await collect(1, from: &iterators[0], input: inputs[0])
    let heardBySecond = await collect(1, from: &iterators[1], input: inputs[1])
    #expect(heardByFirst == [.resize(TerminalSize(columns: 44, rows: 9))])
    #expect(heardBySecond == [.resize(TerminalSize(columns: 55, rows: 11))])
    // The second ends (and unregisters); the first still hears the next resize.
    inputs[1].stop()
    #expect(await iterators[1].next() == nil)
    iterators.removeLast()
    inputs.removeLast()
    size = winsize(ws_row: 7, ws_col: 33, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(first.terminal, UInt(TIOCSWINSZ), &size)
    kill(getpid(), SIGWINCH)
    let heardAfter = await collect(1, from: &iterators[0], input: inputs[0])
    #expect(heardAfter == [.resize(TerminalSize(columns: 33, rows: 7))])
    inputs[0].stop()
  }
}
