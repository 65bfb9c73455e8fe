#if canImport(SwiftUI)
  import SwiftUI

  /// Feeds the system search field's suggestions from an autocomplete model.
  @MainActor
  struct AutocompleteSearchableModifier: ViewModifier {
    @ObservedObject var model: AutocompleteFieldModel
    @Binding var text: String
    let prompt: Text?

    func body(content: Content) -> some View {
      content
        .searchable(text: $text, prompt: prompt)
        .searchSuggestions {
          ForEach(model.state.suggestions) { suggestion in
            SuggestionRowView(suggestion, text: StyledText(suggestion).swiftUIText())
              .searchCompletion(suggestion.completionText)
              .accessibilityLabel(
                SuggestionAccessibility.label(for: .suggestion(index(of: suggestion)), in: model.state))
          }
        }
        .onChange(of: text) { newText in
          model.send(.focusChanged(true))
          model.textChanged(TextSnapshot(newText))
        }
    }

    private func index(of suggestion: Suggestion) -> Int {
      model.state.suggestions.firstIndex(of: suggestion) ?? 0
    }
  }

  extension View {
    /// Adds the system search field (`.searchable`) with suggestions from `model`
    /// (`.searchSuggestions`, each completing to its `completionText` with `.searchCompletion`).
    ///
    /// ```swift
    /// NavigationStack { CityList(query: query) }
    ///   .autocompleteSearchable(text: $query, model: cities, prompt: Text("City"))
    /// ```
    @MainActor public func autocompleteSearchable(
      text: Binding<String>, model: AutocompleteFieldModel, prompt: Text? = nil
    ) -> some View {
      modifier(AutocompleteSearchableModifier(model: model, text: text, prompt: prompt))
    }
  }
#endif
