import AutocompleteCore
import Foundation

/// One completion an address completer offers (MapKit's `MKLocalSearchCompletion`, or a fake in
/// tests): a title and subtitle with the completer's own highlight ranges (UTF-16).
public struct AddressCompletion: Sendable, Hashable {
  /// An identity for the completion, to resolve it later.
  public var id: String
  /// The first line ("Apple Park").
  public var title: String
  /// The completer's matched ranges of ``title``.
  public var titleHighlights: [NSRange]
  /// The second line ("Cupertino, CA, United States").
  public var subtitle: String

  /// Creates a completion.
  public init(id: String, title: String, titleHighlights: [NSRange] = [], subtitle: String = "") {
    self.id = id
    self.title = title
    self.titleHighlights = titleHighlights
    self.subtitle = subtitle
  }

  /// The row: the title with the completer's highlights (mapped onto the title's characters, out
  /// of range ones dropped), the subtitle as its detail line.
  public var suggestion: Suggestion {
    let highlights = titleHighlights.compactMap { Range($0, in: title) }
    return Suggestion(
      title, completionText: title, id: id, detailText: subtitle.isEmpty ? nil : subtitle,
      highlights: highlights,
      payload: self)
  }
}

/// What `AddressCompleterBridge` needs of a completer: MapKit's `MKLocalSearchCompleter` has this
/// shape (a query fragment to set, results or an error delivered later to a delegate); tests use
/// a fake.
@MainActor
public protocol AddressCompleting: AnyObject {
  /// The text to complete; setting it starts a new completion.
  var queryFragment: String { get set }
  /// Called with the results for the current fragment, or the failure.
  var onUpdate: ((Result<[AddressCompletion], any Error>) -> Void)? { get set }
  /// Stops the current completion.
  func cancel()
}

/// Why the completer gave no addresses, in words a person can read.
public struct AddressCompletionError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The message.
  public var description: String

  /// Creates an error from the completer's own error.
  public init(_ error: any Error) {
    let text = (error as NSError).localizedDescription
    description = "Addresses are unavailable: \(text.isEmpty ? "\(error)" : text)"
  }
}

/// Bridges a delegate-based completer to async/await for a suggestion source: each query sets the
/// fragment and waits for the completer's next answer *for that fragment*; an answer that comes
/// for an earlier fragment is dropped, a newer query (or task cancellation) ends the older wait
/// with `CancellationError`, and a failure becomes ``AddressCompletionError``.
@MainActor
public final class AddressCompleterBridge {
  private let completer: any AddressCompleting
  private var waiting: (fragment: String, continuation: CheckedContinuation<[AddressCompletion], any Error>)?
  /// The last answer, for a query of the same fragment (MapKit answers only when it changes).
  private var last: (fragment: String, completions: [AddressCompletion])?

  /// Bridges `completer` (which it becomes the only listener of).
  public init(_ completer: any AddressCompleting) {
    self.completer = completer
    completer.onUpdate = { [weak self] result in self?.deliver(result) }
  }

  /// The completions for `fragment`.
  /// - Throws: `CancellationError` when superseded or cancelled; ``AddressCompletionError``.
  public func completions(for fragment: String) async throws -> [AddressCompletion] {
    try Task.checkCancellation()
    if let earlier = waiting {
      waiting = nil
      earlier.continuation.resume(throwing: CancellationError())
    }
    if let last, last.fragment == fragment, completer.queryFragment == fragment { return last.completions }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        waiting = (fragment, continuation)
        completer.queryFragment = fragment
      }
    } onCancel: {
      Task { @MainActor [weak self] in self?.cancel(fragment) }
    }
  }

  private func deliver(_ result: Result<[AddressCompletion], any Error>) {
    guard let waiting, completer.queryFragment == waiting.fragment else { return }  // stale
    self.waiting = nil
    switch result {
    case .success(let completions):
      last = (waiting.fragment, completions)
      waiting.continuation.resume(returning: completions)
    case .failure(let error): waiting.continuation.resume(throwing: AddressCompletionError(error))
    }
  }

  private func cancel(_ fragment: String) {
    guard let waiting, waiting.fragment == fragment else { return }
    self.waiting = nil
    completer.cancel()
    waiting.continuation.resume(throwing: CancellationError())
  }
}

/// Addresses and places as suggestions, from an address completer (MapKit's, through
/// `MapKitAddressCompleter` on Apple platforms).
///
/// ```swift
/// let completer = MapKitAddressCompleter(resultTypes: .address, region: visibleRegion)
/// let source = LocalSearchCompleterSource(completer)
/// field.sources = [source]
/// // after a pick: let item = try await completer.mapItem(for: suggestion)
/// ```
public struct LocalSearchCompleterSource: SuggestionSource {
  /// The section title.
  public var title: String?
  let bridge: AddressCompleterBridge

  /// A source over `completer`.
  @MainActor
  public init(_ completer: any AddressCompleting, title: String? = nil) {
    self.bridge = AddressCompleterBridge(completer)
    self.title = title
  }

  /// The completer's answers change with its region and data: not cached.
  public var isCacheable: Bool { false }

  /// `nil`: the source answers only through ``suggestions(for:)``.
  public func immediateSuggestions(for query: SuggestionQuery) -> [Suggestion]? { nil }

  /// The completions for the query, in the completer's order, with its highlights.
  public func suggestions(for query: SuggestionQuery) async throws -> [Suggestion] {
    let completions = try await bridge.completions(for: query.text)
    let rows = completions.map(\.suggestion)
    guard let limit = query.options.limit, rows.count > limit else { return rows }
    return Array(rows.prefix(limit))
  }
}
