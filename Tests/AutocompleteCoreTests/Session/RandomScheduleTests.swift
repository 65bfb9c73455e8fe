import AutocompleteCore
import Testing

@MainActor
@Suite("Random schedules of out-of-order answers")
struct RandomScheduleTests {
  enum Step: CaseIterable {
    case type, delete, release, fail, stall, arrow, escape
  }

  /// What the schedules exercised, so the test fails if they stop exercising it.
  struct Coverage {
    var staleReleases = 0
    var currentReleases = 0
    var stalled = 0
    var results = 0
    var failed = 0
    var cancelledCalls = 0
  }

  /// Checks what must hold after every step of every schedule.
  static func checkInvariants(_ session: AutocompleteSession, typed: String, seed: UInt64) {
    let state = session.state
    // No typed character is lost or overwritten.
    #expect(state.text == typed, "seed \(seed)")
    // No stale answer is shown as current: once answered, every row answers the current query;
    // while a query is pending the previous rows may stay, marked stale.
    if !state.isStale {
      for suggestion in state.suggestions {
        #expect(suggestion.displayText.hasPrefix("\(state.query?.text ?? "∅")|"), "seed \(seed)")
      }
    }
    if state.phase == .results || state.phase == .empty {
      #expect(state.answeredQuery?.text == state.query?.text, "seed \(seed)")
      #expect(!state.isStale, "seed \(seed)")
    }
    if state.phase.isPending {
      #expect(state.answeredQuery == nil && state.inlineCompletion == nil, "seed \(seed)")
      #expect(state.isStale == !state.suggestions.isEmpty, "seed \(seed)")
    }
  }

  /// Schedules run on a ``ManualClock``: the driver takes any `Clock<Duration>`, and `TestClock`'s
  /// mega-yields on every advance would make 1,000 schedules take seconds (the driver tests use it).
  @Test("1,000 seeded schedules never show a stale answer nor lose a typed character")
  func randomSchedules() async {
    var coverage = Coverage()
    for seed in UInt64(1)...1_000 {
      await Self.run(seed: seed, coverage: &coverage)
    }
    #expect(coverage.staleReleases > 100)
    #expect(coverage.currentReleases > 200)
    #expect(coverage.stalled > 50)
    #expect(coverage.results > 200)
    #expect(coverage.failed > 50)
    #expect(coverage.cancelledCalls > 500)
  }

  static func run(seed: UInt64, coverage: inout Coverage) async {
    var random = SplitMix64(seed: seed)
    let clock = ManualClock()
    let source = ControlledSource(isCacheable: seed % 2 == 0, ignoresCancellation: seed % 4 < 2)
    let configuration = SessionConfiguration(
      sources: [source], debounce: seed % 3 == 0 ? .milliseconds(50) : nil,
      stallThreshold: .milliseconds(100),
      cacheCapacity: 4)
    let session = AutocompleteSession(configuration: configuration, clock: clock)
    defer { session.cancelAll() }
    var typed = ""
    for _ in 0..<12 {
      switch Step.allCases.randomElement(using: &random)! {
      case .type:
        typed.append(["a", "b", "é", "👍🏽"].randomElement(using: &random)!)
        session.textChanged(typed)
      case .delete:
        guard !typed.isEmpty else { continue }
        typed.removeLast()
        session.textChanged(typed)
      case .release, .fail:
        let pending = source.pendingIndices
        guard let index = pending.randomElement(using: &random) else { continue }
        let error: (any Error)? = Bool.random(using: &random) ? nil : SessionTestError(reason: "boom")
        if source.snapshot[index].query == session.state.query?.text {
          coverage.currentReleases += 1
        } else {
          coverage.staleReleases += 1
        }
        source.release(index, error: error, count: Int.random(in: 0...3, using: &random))
      case .stall:
        clock.advance(by: .milliseconds(Int.random(in: 10...120, using: &random)))
      case .arrow:
        session.press(Bool.random(using: &random) ? .down : .up)
      case .escape:
        session.press(.escape)
      }
      await letTasksRun(Int.random(in: 0...6, using: &random))
      checkInvariants(session, typed: typed, seed: seed)
      switch session.state.phase {
      case .stalled: coverage.stalled += 1
      case .results: coverage.results += 1
      case .failed: coverage.failed += 1
      default: break
      }
    }
    // Finally release everything in a random order (advancing past debounce delays) until the
    // last query is answered; its answer must be the one shown.
    var rounds = 0
    while session.state.phase.isPending || !source.pendingIndices.isEmpty, rounds < 50 {
      rounds += 1
      for index in source.pendingIndices.shuffled(using: &random) { source.release(index) }
      if configuration.debounce != nil { clock.advance(by: .milliseconds(50)) }
      await letTasksRun(rounds < 10 ? 5 : 50)
      if rounds > 40 { try? await Task.sleep(nanoseconds: 1_000_000) }
    }
    #expect(!session.state.phase.isPending, "seed \(seed)")
    checkInvariants(session, typed: typed, seed: seed)
    // Every call either answered or saw cancellation.
    for call in source.snapshot {
      #expect(call.continuation == nil, "seed \(seed)")
      if call.sawCancellation { coverage.cancelledCalls += 1 }
    }
  }
}
