import AutocompleteCore
import AutocompleteTerminal
import Clocks
import Foundation
import SnapshotTesting
import Testing

/// A few cities with countries and populations.
let sessionTestCities: [AutocompleteItem] = [(String, String, Int)]([
  ("São Paulo", "Brazil", 12_000_000), ("Paris", "France", 2_100_000), ("Parma", "Italy", 190_000),
  ("Porto", "Portugal", 230_000), ("Santos", "Brazil", 430_000), ("Sapporo", "Japan", 1_900_000),
  ("東京", "Japan", 13_900_000), ("Pärnu", "Estonia", 50_000),
]).map { name, country, population in
  AutocompleteItem(
    name, displayText: "\(name), \(country)", completionText: name, weight: Double(population),
    payload: country)
}

/// Rows like the CLI's: the name with its highlights, the country as the detail.
func citySource(_ items: [AutocompleteItem] = sessionTestCities) -> FilterSource {
  let index = SearchIndex(items)
  return FilterSource { query in
    let results = (try? index.search(query.text, options: query.options)) ?? []
    return results.map { result in
      Suggestion(
        result.match.matchedText, completionText: result.item.completionText, id: String(result.offset),
        detailText: result.item.payload as? String,
        highlights: result.match.keyIndex == 0 ? result.match.ranges : [])
    }
  }
}

/// People for an `@` trigger.
let sessionTestPeople: [AutocompleteItem] = [
  AutocompleteItem("Anna Kowalska", completionText: "@anna", alternateSearchTexts: ["anna"]),
  AutocompleteItem("Ángel Ruiz", completionText: "@angel", alternateSearchTexts: ["angel"]),
  AutocompleteItem("Björn Ek", completionText: "@bjorn", alternateSearchTexts: ["bjorn"]),
]

/// A controller over a session with `configuration`.
@MainActor
func makeController(
  _ configuration: SessionConfiguration, style: SessionPickerStyle = SessionPickerStyle(),
  behavior: SessionPickerBehavior = SessionPickerBehavior(), clock: any Clock<Duration> = ContinuousClock()
) -> SessionPickerController {
  SessionPickerController(
    session: AutocompleteSession(configuration: configuration, clock: clock), style: style,
    behavior: behavior)
}

extension SessionPickerController {
  /// Types `text` key by key; returns the last step.
  @discardableResult
  func type(_ text: String) -> Step {
    var step = Step.proceed
    for character in text { step = handle(.character(character)) }
    return step
  }

  /// Presses keys in order; returns the last step.
  @discardableResult
  func press(_ keys: KeyEvent...) -> Step {
    var step = Step.proceed
    for key in keys { step = handle(key) }
    return step
  }

  /// The frame as styled text, with the cursor.
  func frame(columns: Int = 50, rows: Int = 10) -> String {
    var buffer = ScreenBuffer(columns: columns, rows: rows)
    PickerView(model: viewModel()).render(into: &buffer)
    let cursor = buffer.cursor.map { "\($0.row),\($0.column)" } ?? "hidden"
    return buffer.styledText + "\n" + String(repeating: "-", count: columns) + "\ncursor \(cursor)"
  }
}

extension TerminalAppStep {
  /// The outcome when the step finishes.
  var outcome: Outcome? {
    if case .finish(let outcome) = self { return outcome }
    return nil
  }
}

/// Compares `text` with the stored snapshot `name` in `__Snapshots__/SessionPickerSnapshotTests`
/// (the test target's excluded folder).
func assertFrameSnapshot(
  _ text: String, named name: String, filePath: StaticString = #filePath, testName: String = #function,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let directory = URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("__Snapshots__/SessionPickerSnapshotTests").path
  if let failure = verifySnapshot(
    of: text, as: .lines, named: name, snapshotDirectory: directory, file: filePath, testName: testName)
  {
    Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
  }
}

/// Lets other tasks run until `condition` holds: yields first, then sleeps a millisecond at a time,
/// for at most `seconds` of wall-clock time (a met condition returns at once). Bounded by what the
/// in-process work awaited needs on a loaded 2-core machine, where CPU-bound tests beside it can
/// keep both cooperative-pool threads for tens of seconds; a longer wait (it was 600 s) would only
/// hide a hang.
@MainActor
func settle(seconds: Double = 60, until condition: () -> Bool) async {
  let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
  var attempt = 0
  while !condition(), ContinuousClock.now < deadline {
    attempt += 1
    if attempt < 400 {
      await Task.yield()
    } else {
      try? await Task.sleep(nanoseconds: 1_000_000)
    }
  }
}

/// Moves `clock` forward by `step`, then waits for `condition` (at most 60 s: in-process work that
/// needs milliseconds, on a loaded machine), moving it by `step`
/// again each time 50 ms pass without it: a task that registers its sleep only after an advance
/// (the source's task had not started yet) is still woken, by the next one. A single advance
/// followed by waiting hung in CI on a saturated pool: a sleep registered late has a deadline past
/// `now` that nothing moves the clock to.
@MainActor
func settle(advancing clock: TestClock<Duration>, by step: Duration, until condition: () -> Bool) async {
  let deadline = ContinuousClock.now + .seconds(60)
  repeat {
    await clock.advance(by: step)
    await settle(seconds: 0.05, until: condition)
  } while !condition() && ContinuousClock.now < deadline
}
