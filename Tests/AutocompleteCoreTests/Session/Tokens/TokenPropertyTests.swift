import AutocompleteCore
import Testing

@Suite("Token field: invariants over random event sequences")
struct TokenPropertyTests {
  /// One random event a user or the app could send to a token field.
  static func randomEvent(_ state: SessionState, using random: inout SplitMix64) -> SessionEvent {
    let texts = ["m", "ma", "p", "Paris", "x@y.org", "bad", "a@b.c, d@e.f", "madrid;", "", ",", " ; porto,"]
    let tokens = state.tokens
    switch Int.random(in: 0..<16, using: &random) {
    case 0, 1: return .textChanged(TextSnapshot(texts.randomElement(using: &random) ?? ""))
    case 2:
      let text = state.text
      return .textChanged(TextSnapshot(text, caretOffset: Int.random(in: 0...text.count, using: &random)))
    case 3: return .key(.backspace)
    case 4: return .key(.enter)
    case 5: return .key(.tab)
    case 6: return .key(.down)
    case 7: return .rowPicked(Int.random(in: -1...4, using: &random))
    case 8: return .actionRowPicked
    case 9: return .tokens(.move(Bool.random(using: &random) ? .previous : .next))
    case 10: return .tokens(.deleteSelected)
    case 11: return .tokens(.undoRemoval)
    case 12: return .tokens(.remove(id: tokens.randomElement(using: &random)?.id ?? "Paris"))
    case 13: return .tokens(.select(Int.random(in: -1...4, using: &random)))
    case 14: return .focusChanged(Bool.random(using: &random))
    default:
      let ids = (0..<Int.random(in: 0...5, using: &random)).map { _ in
        TokenDriver.cities.randomElement(using: &random) ?? "Paris"
      }
      return .tokens(.set(ids.map { Token(id: $0) }))
    }
  }

  @Test(
    "tokens stay unique, in order, within the maximum; the selection is valid; the stored form round-trips; undo restores",
    arguments: 0..<40)
  func invariants(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let creation = TokenCreation.accepting(where: { $0.contains("@") }, reason: { "\($0) is not an address" })
    let maximum: Int? = seed % 3 == 0 ? 4 : nil
    var field = TokenDriver(
      TokenFieldConfiguration(maximumCount: maximum, creation: creation), showsAll: seed % 2 == 0)
    for _ in 0..<200 {
      let before = field.state
      let event = Self.randomEvent(before, using: &random)
      field.send(event)
      let after = field.state.tokenState
      let ids = after.storedForm
      #expect(Set(ids).count == ids.count, "duplicate token after \(event)")
      if let maximum { #expect(ids.count <= maximum) }
      if let selected = after.selectedIndex { #expect(after.tokens.indices.contains(selected)) }
      // Tokens already there keep their relative order.
      let kept = before.tokenState.storedForm.filter(ids.contains)
      if case .tokens(.set) = event {
      } else if case .tokens(.undoRemoval) = event {
      } else {
        #expect(ids.filter(kept.contains) == kept, "order changed after \(event)")
      }
      // The stored form gives the same tokens back.
      var restored = TokenDriver(TokenFieldConfiguration(maximumCount: maximum))
      restored.send(.tokens(.set(ids.map { id in after.tokens.first { $0.id == id } ?? Token(id: id) })))
      #expect(restored.state.tokens == after.tokens)
      // A removal followed by undo gives back the tokens before it.
      if after.tokens.count < before.tokenState.tokens.count, let removal = after.lastRemoval {
        var undone = field
        undone.send(.tokens(.undoRemoval))
        #expect(undone.state.tokens == before.tokenState.tokens, "undo of \(removal.token.id)")
      }
      // Picked values never show among the rows.
      if field.state.isOpen, !field.state.isStale {
        #expect(!field.state.suggestions.contains { ids.contains($0.id) })
      }
    }
  }
}
