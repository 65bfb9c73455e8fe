#if canImport(SwiftUI)
  import AutocompleteSwiftUI
  import SwiftUI
  #if os(iOS)
    import AutocompleteUIKit  // MentionAttributes, as the guide says
  #elseif os(macOS)
    import AutocompleteAppKit
  #endif

  // The snippets of Guides/SwiftUI.md, as written, type-checked for iOS and macOS with the examples
  // (the guide test GuideSnippetsInStepTests checks that each is here). They are not run.

  /// The model, the field and the modifier, and the system search field.
  @MainActor
  struct SwiftUIGuideSnippets: View {
    @StateObject var cities = AutocompleteFieldModel(sources: [IndexSource(SearchIndex(items))])
    @StateObject var people = AutocompleteFieldModel(items: ["Jon Snow", "Sansa Stark"])
    @State private var city = ""
    @State private var name = ""
    @State private var query = ""

    var body: some View {
      VStack {
        AutocompleteField("City", text: $city, prompt: Text("Type a city"), model: cities)

        TextField("Person", text: $name)  // a field you already have
          .textFieldStyle(.roundedBorder)
          .autocomplete(people, text: $name, ghostInset: 7) { suggestion, text in
            Label {
              Text(text)
            } icon: {
              Image(systemName: "person")
            }  // a custom row
          } actionRow: { title in
            Label(title, systemImage: "person.badge.plus")
          }

        NavigationStack { ResultsList(query: query) }
          .autocompleteSearchable(text: $query, model: cities, prompt: Text("City"))
      }
    }
  }

  /// Triggers in multi-line text.
  @MainActor
  struct SwiftUIGuideEditorSnippet: View {
    let people: [AutocompleteItem] = ["Jon Snow", "Sansa Stark"]
    @State private var message = ""

    var body: some View {
      AutocompleteTextEditor(
        text: $message,
        triggers: [
          SessionTrigger("@", source: ListSource(people)),
          SessionTrigger("#", source: AsyncSource { query in try await api.tags(query.text) }),
        ]
      ) { suggestion, trigger in log(suggestion) }
    }

    func log(_ suggestion: Suggestion) {}
  }

  /// Mention rules and colours in the editor.
  @MainActor
  struct SwiftUIGuideMentionRulesSnippet: View {
    let people = SessionTrigger(
      "@", source: ListSource(["Jon Snow"] as [AutocompleteItem]), insertsMention: true)
    @State private var draft = MentionedText()

    var body: some View {
      AutocompleteTextEditor(mentionedText: $draft, triggers: [people])
        .mentionRules(editing: .removeWhole, deletion: .oneStep)  // an edit inside removes it; one Delete
        .mentionAttributes(["person": MentionAttributes(foregroundColor: .systemTeal)])  // by mentionStyle
    }
  }

  /// The app's results view in the guide.
  struct ResultsList: View {
    let query: String
    var body: some View { Text(query) }
  }
#endif
