import TestSupport
import Testing

@testable import autocomplete

/// A `+` with no action beside it (`accept+`, `+accept`, `up++down`) is refused, as fzf refuses it,
/// instead of binding the chain without it.
@Suite struct FzfBindingsEmptyActionTests {
  @Test(.offThePool) func anEmptyActionInAChainIsRefused() {
    for chain in ["accept+", "+accept", "up++down"] {
      #expect(
        FzfBindings.parse(["ctrl-a:\(chain)"])
          == .failure(
            FzfBindings.Refusal(
              reason: "'ctrl-a:\(chain)' has an empty action (a `+` with no action beside it)")),
        "\(chain)")
    }
    #expect(
      FzfBindings.parse(["ctrl-a:"]) == .failure(FzfBindings.Refusal(reason: "'ctrl-a:' binds no action")))
    #expect((try? FzfBindings.parse(["ctrl-a:up+down,ctrl-b:accept"]).get()) != nil)
  }
}
