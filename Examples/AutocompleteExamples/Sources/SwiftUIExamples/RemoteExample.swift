#if canImport(SwiftUI)
  import AutocompleteRemote
  import AutocompleteSwiftUI
  import Foundation
  import SwiftUI

  /// Suggestions from a server: a city field asking a Typesense collection (one node or several,
  /// comma-separated). Changing the settings rebuilds the source; a failing server shows its
  /// message in the list.
  @MainActor
  struct RemoteExample: View {
    @StateObject private var model = AutocompleteFieldModel(
      sources: [], options: AutofillOptions(typoTolerance: .automatic))
    @State private var nodes = "http://127.0.0.1:8108"
    @State private var apiKey = ""
    @State private var collection = "cities"
    @State private var city = ""
    @State private var status = ""

    var body: some View {
      Form {
        Section("Typesense") {
          TextField("Nodes, comma-separated", text: $nodes)
          SecureField("Search-only API key", text: $apiKey)
          TextField("Collection", text: $collection)
        }
        Section("City") {
          AutocompleteField("City", text: $city, prompt: Text("Type a city"), model: model)
          Text(status).font(.footnote)
        }
      }
      .autocompleteContainer()
      .onAppear {
        model.onPick = { suggestion in status = "Picked \(suggestion.displayText)" }
        connect()
      }
      .onChange(of: nodes) { _ in connect() }
      .onChange(of: apiKey) { _ in connect() }
      .onChange(of: collection) { _ in connect() }
      .navigationTitle("Remote")
    }

    /// Rebuilds the source from the settings.
    private func connect() {
      let urls = nodes.split(separator: ",").compactMap {
        URL(string: $0.trimmingCharacters(in: .whitespaces))
      }
      do {
        model.sources = [
          try TypesenseSource(
            nodes: urls, apiKey: apiKey, collection: collection,
            queryBy: [TypesenseSource.Field("name", weight: 2), "alternates"], detailField: "country",
            weightField: "population")
        ]
        status = "Asking \(urls.count) node(s)."
      } catch {
        model.sources = []
        status = error.localizedDescription
      }
    }
  }
#endif
