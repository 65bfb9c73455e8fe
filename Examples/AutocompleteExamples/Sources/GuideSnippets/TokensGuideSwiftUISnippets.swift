// The UIKit and SwiftUI snippets of Guides/Tokens.md, as written, type-checked with the examples
// (the guide test GuideSnippetsInStepTests checks that each is here). They are not run; the model
// snippet runs in Tests/AutocompleteCoreTests/Guides/TokensGuideTests.swift.

#if canImport(SwiftUI)
  import AutocompleteSwiftUI
  import SwiftUI

  /// The SwiftUI snippet.
  @MainActor
  struct TagsView: View {
    @StateObject var tags = AutocompleteFieldModel(
      sources: [ListSource(["swift", "swiftui", "uikit"] as [AutocompleteItem])],
      baseConfiguration: SessionConfiguration(tokens: TokenFieldConfiguration(creation: TokenCreation())))

    var body: some View {
      AutocompleteTokenField("Tags", model: tags) { update in print(update) }
    }
  }
#endif
