#if canImport(SwiftUI)
  import SwiftUI

  extension View {
    /// Bridges a token-field model to SwiftUI's navigation search field,
    /// `.searchable(text:tokens:suggestedTokens:)` (iOS 16, macOS 13): the search text is the
    /// session's, the system's tokens are the session's tokens, and the suggested tokens are the
    /// session's ranked rows less those already picked. Use it where the search bar is the field
    /// (filter chips on a list); the system draws the tokens and the suggestions, so the create row,
    /// two-step Backspace and refusals of ``AutocompleteTokenField`` do not show there.
    @MainActor public func searchableTokens(_ model: AutocompleteFieldModel, prompt: Text? = nil) -> some View
    {
      modifier(SearchableTokens(model: model, prompt: prompt))
    }
  }

  /// The bridge of ``SwiftUI/View/searchableTokens(_:prompt:)``.
  @MainActor
  struct SearchableTokens: ViewModifier {
    @ObservedObject var model: AutocompleteFieldModel
    let prompt: Text?

    func body(content: Content) -> some View {
      content.searchable(
        text: Binding(get: { model.state.text }, set: { model.textChanged(TextSnapshot($0)) }),
        tokens: Binding(get: { model.state.tokens }, set: { apply($0) }),
        suggestedTokens: .constant(model.state.isOpen ? model.state.suggestions.map(Token.init) : []),
        prompt: prompt
      ) { token in
        Text(token.displayText)
      }
    }

    /// The system's edit of the tokens as token events: removals, then additions.
    private func apply(_ new: [Token]) {
      let old = model.state.tokens
      for token in old where !new.contains(where: { $0.id == token.id }) {
        model.send(.tokens(.remove(id: token.id)))
      }
      for token in new where !old.contains(where: { $0.id == token.id }) {
        model.send(.tokens(.add(token)))
        if !model.state.text.isEmpty { model.textChanged(TextSnapshot("")) }
      }
    }
  }
#endif
