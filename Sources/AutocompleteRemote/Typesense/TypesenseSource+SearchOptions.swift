import AutocompleteCore
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The query's fields, boost and `distinct` as Typesense 0.24 parameters, or a clear error when one
/// cannot be sent (never a query that silently ignores it):
/// - `SearchOptions.fields` → `query_by` and `query_by_weights`: the first of ``queryBy`` is the
///   name (weighted by `fields.name`), the others are the alternates (weighted by
///   `fields.alternates`), and each attribute `fields.attributes` weighs is the collection's field of
///   that name, with its weight; a field without a weight is not searched. ``SearchFields/all`` is
///   ``queryBy`` as given.
/// - `SearchOptions.boost` → two requests at once (``boostedAnswer(for:boost:)``): the boosted
///   matches (`filter_by` with the boost added) and the others, merged. Typesense 0.24's optional
///   filtering (`sort_by=_eval(FILTER):desc`) was tried and not used: after `_text_match:desc` it
///   almost never decides (Typesense's text match separates "san" as a word from "san" as a prefix,
///   which the core ranks as equal), so boosted documents the core ranks first were missing from the
///   page; before it, boosted documents would push better matches off the page. The hits that
///   satisfy the boost are known (the boosted request's, and the others' documents checked against
///   the boost's attributes), so the core ranks them first among equally good matches, as locally.
/// - `SearchOptions.distinct` → `group_by=FIELD&group_limit=1` (the field must be a facet field of
///   the collection, or Typesense refuses the query); the grouped answer's `grouped_hits` are read
///   back as the first hit of each group, in Typesense's order of the groups.
extension TypesenseSource {
  /// The fields to search for `options`, with their weights.
  /// - Throws: ``RemoteError/badRequest(reason:)`` when the options leave no field to search.
  func searchedFields(for options: SearchOptions) throws -> [Field] {
    guard let chosen = options.fields, chosen != .all else { return queryBy }
    var fields: [Field] = []
    if let weight = chosen.name { fields.append(Field(queryBy[0].name, weight: weight)) }
    if let weight = chosen.alternates {
      fields += queryBy.dropFirst().map { Field($0.name, weight: weight) }
    }
    // A named attribute is a field of the collection: searched with its weight (one ``queryBy``
    // also lists takes the attribute's weight).
    for (name, weight) in chosen.attributes.sorted(by: { $0.key < $1.key }) {
      if let index = fields.firstIndex(where: { $0.name == name }) {
        fields[index] = Field(name, weight: weight)
      } else {
        fields.append(Field(name, weight: weight))
      }
    }
    guard !fields.isEmpty else {
      throw RemoteError.badRequest(
        reason: chosen.name == nil && chosen.alternates != nil
          ? "SearchOptions.fields asks for the alternates only, and queryBy names no field after the first"
          : "SearchOptions.fields gives no field a weight: nothing to search")
    }
    return fields
  }

  /// The answer to a query with a boost, from two requests sent at once: the boosted matches (the
  /// query's filter and the boost, both) and the query without its boost. The union, each document
  /// once, keeps every match the core may rank first (a boosted one before an equally good other one,
  /// a better match before a boosted one); the ids of the documents that satisfy the boost come
  /// with it.
  func boostedAnswer(for query: SuggestionQuery, boost: AttributeFilter) async throws -> (
    answer: RemoteAnswer, boostedIDs: Set<String>
  ) {
    var plainOptions = query.options
    plainOptions.boost = nil
    var boostedOptions = plainOptions
    boostedOptions.filter = AttributeFilter.combined(query.options.filter, boost)
    let plainQuery = SuggestionQuery(query.text, options: plainOptions)
    let boostedQuery = SuggestionQuery(query.text, options: boostedOptions)
    // A boost Typesense cannot express fails before any request is sent.
    _ = try filterByValue(for: boostedOptions)
    async let boostedData = dataFromFirstNode { try searchRequest(for: boostedQuery, node: $0) }
    let plainData = try await dataFromFirstNode { try searchRequest(for: plainQuery, node: $0) }
    let (boosted, _) = try decodeAnswer(try await boostedData)
    let (plain, plainBoosted) = try decodeAnswer(plainData, boost: boost)
    let boostedIDs = Set(boosted.items.map(\.id))
    let items = boosted.items + plain.items.filter { !boostedIDs.contains($0.id) }
    return (RemoteAnswer(items: items, isComplete: false), boostedIDs.union(plainBoosted))
  }

  /// `group_by` and `group_limit` for the options' `distinct`; none without.
  static func distinctItems(for options: SearchOptions) -> [URLQueryItem] {
    guard let field = options.distinct else { return [] }
    return [URLQueryItem(name: "group_by", value: field), URLQueryItem(name: "group_limit", value: "1")]
  }

  /// The hits of an answer: its `hits`, or the first hit of each of its `grouped_hits`; `nil` when it
  /// has neither list.
  static func hits(of root: [String: Any]) -> [[String: Any]]? {
    if let groups = root["grouped_hits"] {
      guard let groups = groups as? [[String: Any]] else { return nil }
      var hits: [[String: Any]] = []
      for group in groups {
        guard let groupHits = group["hits"] as? [[String: Any]] else { return nil }
        if let first = groupHits.first { hits.append(first) }
      }
      return hits
    }
    return root["hits"] as? [[String: Any]]
  }

  /// The attributes `names` of a document, as a filter reads them: strings, lists of strings,
  /// numbers and booleans; other values are left out.
  static func attributes(of document: [String: Any], named names: [String]) -> Attributes {
    var attributes: Attributes = [:]
    for name in names {
      switch document[name] {
      case let text as String: attributes[name] = .string(text)
      case let texts as [String]: attributes[name] = .strings(texts)
      case let number as NSNumber:
        // JSON's true and false decode as numbers of type `char` (what no JSON number decodes as).
        attributes[name] =
          String(cString: number.objCType) == "c" ? .bool(number.boolValue) : .number(number.doubleValue)
      default: break
      }
    }
    return attributes
  }
}
