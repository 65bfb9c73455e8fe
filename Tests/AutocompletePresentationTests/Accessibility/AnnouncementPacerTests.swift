import AutocompleteCore
import AutocompletePresentation
import Clocks
import Testing

@Suite("AnnouncementPacer: once, after the typing pause, never for a hidden list or a hover")
@MainActor
struct AnnouncementPacerTests {
  static let cities: [AutocompleteItem] = ["Madrid", "Malaga", "Manila", "Marseille", "Santiago"]

  /// A session, a pacer on a test clock, and what it said.
  @MainActor
  final class Harness {
    let clock = TestClock()
    let session: AutocompleteSession
    var spoken: [String] = []
    var pacer: AnnouncementPacer!
    var last: SessionState?
    var isShown = true

    init(platform: AccessibilityPlatform = .iOS, inlineOnly: Bool = false) {
      session = AutocompleteSession(
        configuration: SessionConfiguration(
          sources: [ListSource(AnnouncementPacerTests.cities)], showsInlineCompletion: inlineOnly))
      pacer = AnnouncementPacer(platform: platform, clock: clock) { [unowned self] in spoken.append($0) }
    }

    /// Types `text` and hands the new state to the pacer, as a front end's render does.
    func type(_ text: String) { session.textChanged(text); render() }
    func press(_ key: SessionKey) { session.press(key); render() }

    func render(cause: HighlightCause = .keyboard) {
      let pending = pacer.pendingText
      pacer.update(
        from: last, to: session.state, isShown: isShown && !inlineOnlyHidesList, highlightCause: cause)
      // The pause starts again when what waits changes or the user typed.
      if pacer.pendingText != nil, pacer.pendingText != pending || last?.text != session.state.text {
        pendingSince = elapsed
      }
      last = session.state
    }
    var inlineOnlyHidesList = false
    /// Time on the test clock, and when the pacer's current wait began.
    var elapsed = 0
    var pendingSince = 0

    /// Advances the clock and lets the pacer's task run. When the pause is over, waits (in real time,
    /// bounded) for the pacer to speak: its timer task may start its sleep only after the clock has
    /// moved past the deadline (then only another advance wakes it: one of zero is made), and its
    /// sleep resumes on the cooperative pool before it comes back to the main actor — on a loaded
    /// machine a few yields were not enough.
    func wait(_ milliseconds: Int) async {
      await clock.advance(by: .milliseconds(milliseconds))
      elapsed += milliseconds
      for _ in 0..<20 { await Task.yield() }
      let deadline = ContinuousClock.now + .seconds(60)
      while pacer.pendingText != nil, elapsed - pendingSince >= 750, ContinuousClock.now < deadline {
        await clock.advance(by: .zero)
        try? await Task.sleep(for: .milliseconds(2))
      }
    }
  }

  @Test("the count and where the rows are, said once after a 0.75 s pause, not on every keystroke")
  func countAfterPause() async {
    let harness = Harness()
    harness.type("m")
    await harness.wait(400)
    harness.type("ma")  // typing again restarts the pause
    await harness.wait(400)
    #expect(harness.spoken.isEmpty)
    #expect(harness.pacer.pendingText == "4 suggestions, swipe right to hear them.")
    await harness.wait(350)
    #expect(harness.spoken == ["4 suggestions, swipe right to hear them."])
    harness.render()  // the same rows again: not repeated
    await harness.wait(1000)
    #expect(harness.spoken.count == 1)
    harness.type("mad")
    await harness.wait(750)
    #expect(harness.spoken.last == "1 suggestion, swipe right to hear it.")
  }

  @Test("the Mac's wording says how to reach the rows with the keyboard")
  func macWording() async {
    let harness = Harness(platform: .macOS)
    harness.type("ma")
    await harness.wait(750)
    #expect(harness.spoken == ["4 suggestions, press Down Arrow to hear them."])
  }

  @Test("a list hidden before the pause ends says nothing; reopening is announced again")
  func hiddenList() async {
    let harness = Harness()
    harness.type("ma")
    await harness.wait(750)
    #expect(harness.spoken.count == 1)
    harness.type("man")
    harness.isShown = false  // the geometry hid the list (no room)
    harness.render()
    await harness.wait(2000)
    #expect(harness.spoken.count == 1)
    #expect(harness.pacer.pendingText == nil)
    harness.isShown = true
    harness.type("ma")
    await harness.wait(750)
    #expect(harness.spoken.count == 2)
  }

  @Test("a highlight moved by a key is said at once and drops the pending count; a hover says nothing")
  func highlightCauses() async {
    let harness = Harness()
    harness.type("ma")
    harness.press(.down)
    #expect(harness.spoken == ["Madrid, 1 of 4"])
    #expect(harness.pacer.pendingText == nil)
    harness.session.send(.rowHighlighted(.suggestion(2)))
    harness.render(cause: .pointer)
    await harness.wait(1000)
    #expect(harness.spoken == ["Madrid, 1 of 4"])
  }

  @Test("an inline completion without a list is said in full after the pause")
  func inlineCompletion() async {
    let harness = Harness(inlineOnly: true)
    harness.inlineOnlyHidesList = true
    harness.type("mad")
    #expect(harness.session.state.inlineCompletion?.completedText == "Madrid")
    await harness.wait(750)
    #expect(harness.spoken == ["Madrid, Return accepts it."])
    harness.type("madr")  // the same completion: not said again
    await harness.wait(750)
    #expect(harness.spoken.count == 1)
  }

  @Test("announce(_:) says a text at once; cancel() drops what waits")
  func announceAndCancel() async {
    let harness = Harness()
    harness.type("ma")
    harness.pacer.cancel()
    harness.pacer.announce("Madrid removed. 2 tokens.")
    harness.pacer.announce("")
    await harness.wait(1000)
    #expect(harness.spoken == ["Madrid removed. 2 tokens."])
  }
}
