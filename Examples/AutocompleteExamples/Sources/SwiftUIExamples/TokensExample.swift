#if canImport(SwiftUI)
  import AutocompleteCities
  import AutocompleteSwiftUI
  import SwiftUI

  /// Token fields in SwiftUI: recipients over the embedded people with e-mail validation, and tags
  /// with a create row; the stored forms shown below.
  @MainActor
  struct TokensExample: View {
    @StateObject private var recipients = AutocompleteFieldModel(
      sources: [ListSource(People.addresses)],
      baseConfiguration: SessionConfiguration(
        tokens: TokenFieldConfiguration(creation: .emailAddresses)))
    @StateObject private var tags = AutocompleteFieldModel(
      sources: [
        ListSource(["swift", "swiftui", "uikit", "appkit", "linux", "testing"] as [AutocompleteItem])
      ],
      baseConfiguration: SessionConfiguration(
        tokens: TokenFieldConfiguration(maximumCount: 5, creation: TokenCreation())))

    var body: some View {
      Form {
        AutocompleteTokenField("To:", model: recipients)
        AutocompleteTokenField("Tags", model: tags)
        Text("To: \(recipients.state.tokenState.storedForm.joined(separator: ", "))")
        Text("Tags: \(tags.state.tokenState.storedForm.joined(separator: ", "))")
        Button("Undo removal") { recipients.send(.tokens(.undoRemoval)) }
      }
      .navigationTitle("Token fields")
    }
  }
#endif
