#if canImport(MapKit) && (os(iOS) || os(macOS) || os(visionOS))
  import AutocompleteCore
  import Foundation
  import MapKit

  /// MapKit's `MKLocalSearchCompleter` as an ``AddressCompleting``, for
  /// ``LocalSearchCompleterSource``; `mapItem(for:)` resolves a picked row with `MKLocalSearch`.
  @MainActor
  public final class MapKitAddressCompleter: NSObject, AddressCompleting, MKLocalSearchCompleterDelegate {
    /// The MapKit completer (set its region or filters here as well).
    public let completer = MKLocalSearchCompleter()
    /// Called with the results for the current fragment, or the failure.
    public var onUpdate: ((Result<[AddressCompletion], any Error>) -> Void)?
    private var completions: [String: MKLocalSearchCompletion] = [:]

    /// Creates a completer for `resultTypes` near `region` (the whole world when `nil`).
    public init(
      resultTypes: MKLocalSearchCompleter.ResultType = [.address, .pointOfInterest],
      region: MKCoordinateRegion? = nil
    ) {
      super.init()
      completer.resultTypes = resultTypes
      if let region { completer.region = region }
      completer.delegate = self
    }

    /// The text to complete.
    public var queryFragment: String {
      get { completer.queryFragment }
      set { completer.queryFragment = newValue }
    }

    /// Stops the current completion.
    public func cancel() {
      completer.cancel()
    }

    /// The map item for a row this completer gave.
    /// - Throws: ``AddressCompletionError`` when the row is not one of its completions or the
    ///   search fails.
    public func mapItem(for suggestion: Suggestion) async throws -> MKMapItem {
      guard let completion = completions[suggestion.id] else {
        throw AddressCompletionError(CocoaError(.featureUnsupported))
      }
      do {
        let response = try await MKLocalSearch(request: MKLocalSearch.Request(completion: completion)).start()
        guard let item = response.mapItems.first else { throw CocoaError(.fileNoSuchFile) }
        return item
      } catch {
        throw AddressCompletionError(error)
      }
    }

    /// Delivers the completer's results (on the main actor, in the order they came).
    public nonisolated func completerDidUpdateResults(_ completer: MKLocalSearchCompleter) {
      var byID: [String: MKLocalSearchCompletion] = [:]
      let results = completer.results.enumerated().map { offset, completion in
        let id = "\(offset):\(completion.title)|\(completion.subtitle)"
        byID[id] = completion
        return AddressCompletion(
          id: id, title: completion.title, titleHighlights: completion.titleHighlightRanges.map(\.rangeValue),
          subtitle: completion.subtitle)
      }
      nonisolated(unsafe) let completions = byID
      Task { @MainActor in
        self.completions = completions
        self.onUpdate?(.success(results))
      }
    }

    /// Delivers the completer's failure.
    public nonisolated func completer(_ completer: MKLocalSearchCompleter, didFailWithError error: any Error)
    {
      Task { @MainActor in self.onUpdate?(.failure(error)) }
    }
  }
#endif
