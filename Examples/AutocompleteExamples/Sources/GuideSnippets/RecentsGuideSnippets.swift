#if canImport(UIKit) && os(iOS)
  import AutocompleteRemote
  import AutocompleteUIKit
  import MapKit

  // The MapKit snippet of Guides/Recents.md, as written, type-checked for iOS with the examples
  // (the recents snippet runs in Tests/AutocompleteCoreTests/Guides/RecentsGuideTests.swift). Not run.

  /// An address field over MapKit's completer.
  @MainActor
  struct RecentsGuideSnippets {
    let mapView = MKMapView()
    let field = AutocompleteTextField(frame: .zero)

    func addresses(_ suggestion: Suggestion) async throws -> CLLocationCoordinate2D {
      let completer = MapKitAddressCompleter(resultTypes: .address, region: mapView.region)
      field.sources = [LocalSearchCompleterSource(completer)]
      // after a pick:
      let item = try await completer.mapItem(for: suggestion)  // MKLocalSearch on the picked completion
      return item.placemark.coordinate
    }
  }
#endif
