import AutocompleteCore
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The query's filter sent as `filter_by`, and facet counts (`facet_by`).
extension TypesenseSource {
  /// The `filter_by` for `options`: the source's ``filterBy`` and the options' filter, both
  /// (`(a) && (b)`); `nil` for none.
  /// - Throws: ``RemoteError/badRequest(reason:)`` when the filter cannot be written in Typesense's
  ///   syntax (`AttributeFilter.filterByText`): sending less would return what it excludes.
  func filterByValue(for options: SearchOptions) throws -> String? {
    guard let filter = options.filter else { return filterBy }
    guard let text = filter.filterByText else {
      throw RemoteError.badRequest(
        reason:
          "the filter cannot be written as Typesense filter_by (presence, an empty group, an open range's"
          + " negation, or an attribute name other than letters, digits, `_`, `-` and `.`)"
      )
    }
    guard let filterBy else { return text }
    return "(\(filterBy)) && (\(text))"
  }

  /// How many of the documents that match `query` (its filter and the source's applied) have each
  /// value of `field` (a facet field of the collection): Typesense's `facet_by`, most first, ties by
  /// value, the first `limit` when given (`max_facet_values`, else 250).
  /// - Throws: `CancellationError` when cancelled, else a ``RemoteError``.
  public func facetCounts(of field: String, for query: SuggestionQuery, limit: Int? = nil) async throws
    -> [FacetCount]
  {
    let data = try await dataFromFirstNode { base in
      var request = try searchRequest(for: query, node: base)
      guard let url = request.url, var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
      else {
        throw RemoteError.badRequest(reason: "the query cannot be put in a URL")
      }
      var items = (components.queryItems ?? []).filter { $0.name != "per_page" }
      items += [
        URLQueryItem(name: "per_page", value: "0"), URLQueryItem(name: "facet_by", value: field),
        URLQueryItem(name: "max_facet_values", value: String(min(max(limit ?? 250, 1), 250))),
      ]
      components.queryItems = items
      components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(
        of: "+", with: "%2B")
      request.url = components.url
      return request
    }
    return try Self.decodeFacetCounts(data, field: field, limit: limit)
  }

  /// The counts of `field` in a search answer's `facet_counts`.
  static func decodeFacetCounts(_ data: Data, field: String, limit: Int?) throws -> [FacetCount] {
    guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let facets = root["facet_counts"] as? [[String: Any]]
    else { throw RemoteError.undecodable(reason: "no facet_counts in the answer") }
    let facet = facets.first { ($0["field_name"] as? String) == field }
    var counts: [FacetCount] = []
    for entry in facet?["counts"] as? [[String: Any]] ?? [] {
      guard let value = JSONAnswer.string(entry["value"]), let count = (entry["count"] as? NSNumber)?.intValue
      else { continue }
      counts.append(FacetCount(value: value, count: count))
    }
    counts.sort { $0.count != $1.count ? $0.count > $1.count : $0.value < $1.value }
    if let limit, limit >= 0, counts.count > limit { counts.removeSubrange(limit...) }
    return counts
  }
}
