#if canImport(SwiftUI)
  import AutocompleteCities
  import AutocompleteSwiftUI
  import SwiftUI

  /// The SwiftUI example screens, for iOS 16+ and macOS 13+: put `SwiftUIExamplesView()` in a
  /// `WindowGroup`.
  @MainActor
  public struct SwiftUIExamplesView: View {
    /// Creates the list of screens.
    public init() {}

    /// The screens.
    public var body: some View {
      NavigationStack {
        List {
          NavigationLink("Cities (index over 34,006 names)") { CityFieldExample() }
          NavigationLink("Custom rows and an action row") { CustomRowsExample() }
          NavigationLink("Inline completion") { InlineExample() }
          NavigationLink("System search suggestions") { SearchableExample() }
          NavigationLink("Suggestions from a server (Typesense)") { RemoteExample() }
          NavigationLink("Recents and addresses") { RecentsExample() }
          NavigationLink("Token fields: recipients, tags") { TokensExample() }
          NavigationLink("Country, then a city scoped to it") { DependentFieldsExample() }
          #if os(iOS) || os(macOS)
            NavigationLink("Composer: @ and # triggers") { ComposerExample() }
          #endif
        }
        .navigationTitle("AutocompleteKit")
      }
    }
  }

  /// The embedded cities as items, built once.
  @MainActor
  enum ExampleData {
    static let cities: [AutocompleteItem] = Cities.all.map { $0.autocompleteItem }
    static let index = SearchIndex(cities)
    static let people: [AutocompleteItem] = [
      "Jon Snow", "Daenerys Targaryen", "Gregor Clegane", "Cersei Lannister", "Tyrion Lannister",
      "Joffrey Baratheon", "Sandor Clegane", "Sansa Stark",
    ]
  }

  /// A city field on the embedded cities through the core index, with RVS's options.
  @MainActor
  struct CityFieldExample: View {
    @StateObject private var model = AutocompleteFieldModel(sources: [IndexSource(ExampleData.index)])
    @State private var city = ""
    @State private var picked = ""

    var body: some View {
      Form {
        AutocompleteField("City", text: $city, prompt: Text("Type a city"), model: model)
        Toggle("Case sensitive", isOn: $model.options.isCaseSensitive)
        Toggle("Wildcard before", isOn: $model.options.isWildcardBefore)
        Toggle("Wildcard after", isOn: $model.options.isWildcardAfter)
        Stepper(
          "Maximum: \(model.options.maximumAutofillCount)", value: $model.options.maximumAutofillCount,
          in: -1...50)
        Text(picked).font(.footnote)
      }
      .autocompleteContainer()
      .onAppear {
        model.onPick = { suggestion in picked = "Picked \(suggestion.displayText)" }
      }
      .navigationTitle("Cities")
    }
  }

  /// Custom rows from a view builder, and an "Add …" action row.
  @MainActor
  struct CustomRowsExample: View {
    @StateObject private var model = AutocompleteFieldModel(
      sources: [ListSource(ExampleData.people)], options: AutofillOptions(matchMode: .words),
      actionRow: ActionRow(position: .bottom, showsWhenEmpty: true))
    @State private var name = ""
    @State private var added: [String] = []

    var body: some View {
      VStack(alignment: .leading, spacing: 16) {
        AutocompleteField("Person", text: $name, model: model) { suggestion, text in
          HStack {
            Image(systemName: "person.crop.circle")
            Text(text)
          }
          .padding(.horizontal, 12)
        } actionRow: { title in
          Label(title, systemImage: "person.badge.plus").padding(.horizontal, 12)
        }
        .textFieldStyle(.roundedBorder)
        ForEach(added, id: \.self) { Text("Added \($0)") }
        Spacer()
      }
      .padding()
      .autocompleteContainer()
      .onAppear {
        model.onActionRow = { query in added.append(query) }
      }
      .navigationTitle("Custom rows")
    }
  }

  /// Ghost-text completion (seed 002).
  @MainActor
  struct InlineExample: View {
    @StateObject private var model = AutocompleteFieldModel(
      sources: [ListSource(ExampleData.people)],
      options: AutofillOptions(maximumAutofillCount: 5, showsInlineCompletion: true))
    @State private var name = ""
    @State private var selection: String?

    var body: some View {
      VStack(alignment: .leading, spacing: 16) {
        TextField("Person's name", text: $name)
          .font(.system(size: 18, weight: .medium))
          .autocomplete(model, text: $name, maximumVisibleRows: 3)
        Text("SELECTION IS: \(selection ?? "nil")").font(.footnote)
        Spacer()
      }
      .padding()
      .autocompleteContainer()
      .onAppear {
        model.onOutput = { output in
          switch output {
          case .returned(let text): selection = text
          case .cleared: selection = nil
          default: break
          }
        }
      }
      .navigationTitle("Inline")
    }
  }

  /// The system search field with suggestions from the cities index.
  @MainActor
  struct SearchableExample: View {
    @StateObject private var model = AutocompleteFieldModel(
      sources: [IndexSource(ExampleData.index)], options: AutofillOptions(maximumAutofillCount: 8))
    @State private var query = ""

    var body: some View {
      List(model.state.suggestions) { suggestion in
        Text(suggestion.displayText)
      }
      .autocompleteSearchable(text: $query, model: model, prompt: Text("City"))
      .navigationTitle("Search")
    }
  }
#endif
