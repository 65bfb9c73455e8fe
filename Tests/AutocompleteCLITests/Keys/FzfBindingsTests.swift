import AutocompleteTerminal
import TestSupport
import Testing

@testable import autocomplete

/// fzf's key names, `--bind` and `--expect`: what is understood, and what is refused by name.
@Suite("fzf keys, --bind and --expect")
struct FzfBindingsTests {
  @Test(.offThePool) func keyNames() {
    let expected: [(String, KeyEvent)] = [
      ("ctrl-a", .control("a")), ("CTRL-Z", .control("z")), ("alt-x", .alt("x")), ("f12", .function(12)),
      ("enter", .enter), ("ctrl-m", .enter), ("btab", .backTab), ("bspace", .backspace), ("del", .delete),
      ("pgdn", .pageDown), ("space", .character(" ")), ("?", .character("?")), ("ctrl-/", .control("_")),
      ("esc", .escape), ("shift-tab", .backTab),
    ]
    for (name, key) in expected { #expect(FzfKey.parse(name) == .success(key), "\(name)") }
  }

  @Test(.offThePool) func unknownKeysAndEventsAreNamed() {
    #expect(FzfKey.parse("change") == .failure(FzfKey.Refusal(name: "change", isEvent: true)))
    #expect(FzfKey.parse("shift-up") == .failure(FzfKey.Refusal(name: "shift-up", isEvent: false)))
    #expect(FzfKey.parse("f13") == .failure(FzfKey.Refusal(name: "f13", isEvent: false)))
    #expect(FzfKey.Refusal(name: "change", isEvent: true).description.contains("'change' is an fzf event"))
  }

  @Test(.offThePool) func bindingsAndChains() throws {
    let bindings = try FzfBindings.parse(["ctrl-j:down,ctrl-k:up", "alt-a:first+toggle", "ctrl-j:accept"])
      .get()
    #expect(bindings.actions[.enter] == [.key(.enter)])  // ctrl-j is Enter; the later binding wins
    #expect(bindings.actions[.control("k")] == [.key(.up)])
    #expect(bindings.actions[.alt("a")] == [.jump(toFirst: true), .toggle])
  }

  @Test(.offThePool) func unsupportedActionsAreNamed() {
    let refusal = FzfBindings.parse(["ctrl-o:execute(vim {} +1,2)"])
    guard case .failure(let error) = refusal else {
      Issue.record("execute(…) was accepted")
      return
    }
    #expect(
      error.description.hasPrefix("--bind: 'execute' is an fzf action that autocomplete does not support"))
    #expect(error.description.contains("toggle-preview"))
    guard case .failure(let event) = FzfBindings.parse(["change:first"]) else {
      Issue.record("an event was accepted")
      return
    }
    #expect(event.description.contains("'change' is an fzf event"))
    #expect(
      FzfBindings.parse(["ctrl-a"]) == .failure(FzfBindings.Refusal(reason: "'ctrl-a' is not KEY:ACTION")))
  }

  @Test(.offThePool) func expectedKeysKeepTheirNames() throws {
    let expect = try FzfExpect.parse("ctrl-x,F2").get()
    #expect(expect.name(of: .control("x")) == "ctrl-x")
    #expect(expect.name(of: .function(2)) == "F2")
    #expect(expect.name(of: .enter) == nil)
    #expect(FzfExpect.parse("ctrl-x,hyper-q") == .failure(FzfKey.Refusal(name: "hyper-q", isEvent: false)))
  }

  @Test(.offThePool) func leadingLines() throws {
    var keys = FzfKeys()
    #expect(keys.leadingLines(query: nil, terminator: "\n") == nil)
    #expect(keys.leadingLines(query: "q", terminator: "\n") == "q")
    keys.expect = try FzfExpect.parse("ctrl-x").get()
    #expect(keys.leadingLines(query: "q", terminator: "\n") == "q\n")
    keys.pressed.name = "ctrl-x"
    #expect(keys.leadingLines(query: nil, terminator: "\u{0}") == "ctrl-x")
  }
}
