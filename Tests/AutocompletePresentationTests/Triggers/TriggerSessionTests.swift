import AutocompleteCore
import AutocompletePresentation
import Foundation
import Testing

@Suite("Triggers in text (seed 001, MJAutoComplete)")
@MainActor
struct TriggerSessionTests {
  @Test("@ opens the people list for the token at the caret; the default filter is beginswith[cd]")
  func defaultFilter() async {
    let composer = ComposerHarness()
    composer.type("hi @jo")
    #expect(await composer.rows() == ["José", "Joanna"])
    composer.type("hi @JÓS")
    #expect(await composer.rows() == ["José"])
    composer.type("hi @дми")
    #expect(await composer.rows() == ["Дмитрий"])
    let state = TriggerListState(state: composer.session.state, isFocused: true)
    #expect(state.trigger == 0 && state.delimiter == "@" && state.token == "дми")
    #expect(composer.session.state.suggestions.allSatisfy { $0.cellStyle == "@" })
  }

  @Test("# opens the tags list; whitespace after the token closes the list")
  func whitespaceCloses() async {
    let composer = ComposerHarness()
    composer.type("ship it #sw")
    #expect(await composer.rows() == ["swift", "swiftui"])
    #expect(TriggerListState(state: composer.session.state, isFocused: true).isShown)
    composer.type("ship it #sw ")
    #expect(!composer.session.state.isOpen)
    #expect(!TriggerListState(state: composer.session.state, isFocused: true).isShown)
  }

  @Test("an e-mail address does not fire @, unless the trigger fires inside words")
  func emailAddresses() async {
    let composer = ComposerHarness()
    composer.type("write to mike@jo")
    #expect(composer.session.state.query == nil)
    #expect(!composer.session.state.isOpen)
    let inside = ComposerHarness([.items("@", ["José"] as [AutocompleteItem], firesInsideWords: true)])
    inside.type("mike@jo")
    #expect(await inside.rows() == ["José"])
  }

  @Test("a multi-character delimiter, and the longest delimiter wins")
  func multiCharacter() async {
    let composer = ComposerHarness([
      .items(":", ["colon"] as [AutocompleteItem]),
      .items("::", ["smile", "smirk"] as [AutocompleteItem]),
    ])
    composer.type("so ::sm")
    #expect(await composer.rows() == ["smile", "smirk"])
    #expect(TriggerListState(state: composer.session.state, isFocused: true).delimiter == "::")
  }

  @Test("the list comes from a completion callback (MJ's itemList:), then is filtered in place")
  func callbackList() async {
    let requests = Recorder<String>()
    let trigger = SessionTrigger.itemList(
      "@",
      filter: { (items: inout [AutocompleteItem], query) in
        items.removeAll { !$0.searchText.lowercased().contains(query.text.lowercased()) }
      }
    ) { token, completion in
      requests.append(token)
      completion(["Anna", "Joanna", "Mike"])
      completion(["late second call is ignored"])
    }
    let composer = ComposerHarness([trigger])
    composer.type("hi @ann")
    #expect(await composer.rows() == ["Anna", "Joanna"])
    #expect(requests.values == ["ann"])
  }

  @Test("the list comes from an async function; a slow answer for an old token never shows")
  func asyncList() async {
    let gate = Gate()
    let trigger = SessionTrigger.asyncItems("#") { (token: String) -> [AutocompleteItem] in
      if token == "s" { await gate.wait() }
      return ["swift", "swiftui", "scala"]
    }
    let composer = ComposerHarness([trigger])
    composer.type("#s")
    composer.type("#sw")
    #expect(await composer.rows() == ["swift", "swiftui"])
    await gate.open()
    await letRun()
    #expect(composer.session.state.suggestions.map(\.displayText) == ["swift", "swiftui"])
  }

  @Test("a callback that never comes is cancelled by the next keystroke")
  func callbackNeverCalled() async {
    let trigger = SessionTrigger.itemList("@") {
      (token: String, completion: @Sendable ([AutocompleteItem]) -> Void) in
      if token != "j" { completion(["Jo"]) }
    }
    let composer = ComposerHarness([trigger])
    composer.type("@j")
    composer.type("@jo")
    #expect(await composer.rows() == ["Jo"])
  }

  @Test("while an input method composes, taps do not replace the token")
  func composing() async {
    let composer = ComposerHarness()
    composer.type("hi @jo")
    _ = await composer.rows()
    composer.type("hi @jo", composing: true)
    let state = TriggerListState(state: composer.session.state, isFocused: true)
    #expect(state.isComposing)
    #expect(state.event(forSelectingRowAt: RowLocation(section: 0, row: 0)) == nil)
    composer.type("hi @jo")
    let done = TriggerListState(state: composer.session.state, isFocused: true)
    if case .rowPicked(0) = done.event(forSelectingRowAt: RowLocation(section: 0, row: 0)) {
    } else {
      Issue.record("expected a pick once composing ended")
    }
  }

  @Test("the list's visibility changes are what the delegate hears")
  func visibilityChanges() async {
    let composer = ComposerHarness()
    let hidden = TriggerListState(state: composer.session.state, isFocused: true)
    composer.type("@jo")
    _ = await composer.rows()
    let people = TriggerListState(state: composer.session.state, isFocused: true)
    #expect(people.change(from: hidden) == .willAppear(trigger: 0))
    #expect(people.change(from: people) == nil)
    composer.type("@jo #sw")
    _ = await composer.rows()
    let tags = TriggerListState(state: composer.session.state, isFocused: true)
    #expect(tags.change(from: people) == .switched(trigger: 1))
    let unfocused = TriggerListState(state: composer.session.state, isFocused: false)
    #expect(unfocused.change(from: tags) == .didHide)
  }

  @Test(
    "a caret move without an edit (the Mac text view reports selection changes) switches the list to the token at the caret"
  )
  func caretMoveSwitchesTrigger() async {
    let composer = ComposerHarness()
    let text = "hi @jo and #sw"
    composer.type(text)
    #expect(await composer.rows() == ["swift", "swiftui"])
    let tags = TriggerListState(state: composer.session.state, isFocused: true)
    #expect(tags.trigger(in: composer.triggers)?.delimiter == "#")
    composer.type(text, caret: 6)
    #expect(await composer.rows() == ["José", "Joanna"])
    let people = TriggerListState(state: composer.session.state, isFocused: true)
    #expect(people.change(from: tags) == .switched(trigger: 0))
    #expect(people.trigger(in: composer.triggers)?.delimiter == "@")
    #expect(people.trigger(in: []) == nil)
    composer.type(text, caret: 8)
    let none = TriggerListState(state: composer.session.state, isFocused: true)
    #expect(none.trigger(in: composer.triggers) == nil)
    #expect(none.change(from: people) == .didHide)
  }
}

/// A thread-safe list of values, for sources called off the main actor.
final class Recorder<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [Value] = []
  func append(_ value: Value) { lock.withLock { stored.append(value) } }
  var values: [Value] { lock.withLock { stored } }
}

/// A gate an async source waits at until the test opens it.
actor Gate {
  private var isOpen = false
  private var waiters: [CheckedContinuation<Void, Never>] = []
  func wait() async {
    if isOpen { return }
    await withCheckedContinuation { waiters.append($0) }
  }
  func open() {
    isOpen = true
    for waiter in waiters { waiter.resume() }
    waiters = []
  }
}

/// Lets already-scheduled work run.
@MainActor
func letRun(_ rounds: Int = 50) async {
  for _ in 0..<rounds { await Task.yield() }
}
