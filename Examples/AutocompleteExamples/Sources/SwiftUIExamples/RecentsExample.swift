#if canImport(SwiftUI)
  import AutocompleteRemote
  import AutocompleteSwiftUI
  import Foundation
  import SwiftUI

  #if canImport(MapKit)
    import MapKit
  #endif

  /// A search screen with recents and an address field: the city field remembers picks (in the
  /// app's defaults) and shows them when it gets the focus empty, with an ✕ to forget one; a
  /// button opens the list from code, another sets the text without opening it; rows have a fill
  /// button (tap-ahead). The address field completes with MapKit.
  @MainActor
  struct RecentsExample: View {
    @StateObject private var cities: AutocompleteFieldModel = {
      let model = AutocompleteFieldModel(sources: [IndexSource(ExampleData.index)])
      model.recents = SessionRecents(store: UserDefaultsRecentsStore(), field: "examples.city")
      model.showsFillButtons = true
      return model
    }()
    @State private var city = ""
    @State private var address = ""
    @State private var status = ""
    #if canImport(MapKit)
      @StateObject private var addresses = AddressModel()
    #endif

    var body: some View {
      Form {
        Section("City (recents on focus)") {
          AutocompleteField("City", text: $city, prompt: Text("Type or tap for recents"), model: cities)
          HStack {
            Button("Show suggestions") { cities.showSuggestions() }
            Button("Set “Paris”") { cities.setText("Paris", showingSuggestions: false) }
            Button("Forget all") { cities.session.removeAllRecents() }
          }
          .buttonStyle(.borderless)
        }
        #if canImport(MapKit)
          Section("Address (MapKit)") {
            AutocompleteField(
              "Address", text: $address, prompt: Text("Street, place"), model: addresses.model)
          }
        #endif
        Text(status).font(.footnote)
      }
      .autocompleteContainer()
      .onAppear {
        cities.onPick = { status = "Picked \($0.displayText)" }
        #if canImport(MapKit)
          addresses.model.onPick = { suggestion in
            Task {
              let item = try? await addresses.completer.mapItem(for: suggestion)
              status =
                item.map { "\($0.placemark.coordinate.latitude), \($0.placemark.coordinate.longitude)" }
                ?? "No place for \(suggestion.displayText)"
            }
          }
        #endif
      }
      .navigationTitle("Recents and addresses")
    }
  }

  #if canImport(MapKit)
    /// The address field's completer and model, made once.
    @MainActor
    final class AddressModel: ObservableObject {
      let completer = MapKitAddressCompleter(resultTypes: .address)
      let model: AutocompleteFieldModel

      init() {
        model = AutocompleteFieldModel(sources: [LocalSearchCompleterSource(completer)])
      }
    }
  #endif
#endif
