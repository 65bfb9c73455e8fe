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
          let state = model.state
          ForEach(Array(state.suggestions.enumerated()), id: \.element.id) { index, suggestion in
            SuggestionRowView(suggestion, text: StyledText(suggestion).swiftUIText())
              .searchCompletion(suggestion.completionText)
              .accessibilityLabel(SuggestionAccessibility.label(for: .suggestion(index), in: state))
          }
        }
        .onChange(of: text) { newText in
          model.textChanged(TextSnapshot(newText))  // typing implies focus
        }
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
