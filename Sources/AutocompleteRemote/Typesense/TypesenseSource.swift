import AutocompleteCore
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Suggestions from a Typesense collection, on one node or a cluster.
///
/// ```swift
/// let cities = try TypesenseSource(
///   nodes: [URL(string: "https://ts1.example.com")!, URL(string: "https://ts2.example.com")!],
///   apiKey: searchOnlyKey, collection: "cities",
///   queryBy: [.init("name", weight: 2), "alternates"], detailField: "country",
///   weightField: "population")
/// ```
///
/// Each query is a `GET /collections/{collection}/documents/search` with:
/// - `query_by` (and `query_by_weights`), `sort_by`, `filter_by` as given; the query's
///   `SearchOptions.filter` is added to ``filterBy`` with `&&` (written by
///   `AttributeFilter.filterByText`), so a query can narrow the source's filter but never widen it;
/// - `SearchOptions.fields` as `query_by` and `query_by_weights`, `distinct` as `group_by` with
///   `group_limit=1`, and `boost` as a second request for the boosted matches (see
///   `TypesenseSource+SearchOptions.swift`); what Typesense cannot express is an error, never dropped;
/// - `prefix=false` for `MatchMode.exact`, else `true`;
/// - typos from `SearchOptions.typoTolerance`: `.off` → `num_typos=0`, `.fixed(k)` →
///   `num_typos=k` from the first character, `.automatic` → `num_typos=2`, `min_len_1typo=4`,
///   `min_len_2typo=8` (the core's thresholds);
/// - `per_page` from the query's limit (at most 250, Typesense's maximum);
/// - the first `query_by` field highlighted in full, its highlights becoming the row's.
///
/// The API key goes in the `X-TYPESENSE-API-KEY` header and appears in no description, log or
/// error message. Typesense decides which documents match (typos, every field, filters) and the
/// core orders that page as it orders local items, so a field feels the same on local and remote
/// data; `ranking: .serverOrder` keeps Typesense's order instead. Nodes are tried as the official clients do (see `TypesenseNodes`): a node
/// that fails is skipped for `healthcheckInterval` and the next one answers in the same keystroke.
/// With `narrowsLocally`, a complete answer narrows locally like ``HTTPSource``'s. It is off by
/// default: Typesense expands a prefix to its `max_candidates` most frequent words (4), so its
/// `found` does not count every match of a short prefix ("re" found 7 of the cities' 314), and an
/// answer that looks complete is not. When it is on, queries of ``narrowingMinimumLength`` or more
/// characters ask with `max_candidates=10000`, which makes `found` exact (at some cost: "rey" 1 ms,
/// "r" would take 88 ms), and only their answers are trusted as complete.
public struct TypesenseSource: SuggestionSource {
  /// A field to search, with its weight (higher counts more; Typesense's `query_by_weights`).
  public struct Field: Sendable, Hashable, ExpressibleByStringLiteral {
    /// The field name in the collection's schema.
    public var name: String
    /// The weight; `nil` leaves it to Typesense.
    public var weight: Int?

    /// Creates a field.
    public init(_ name: String, weight: Int? = nil) {
      self.name = name
      self.weight = weight
    }

    /// A field of this name, without a weight.
    public init(stringLiteral name: String) {
      self.init(name)
    }
  }

  /// The section title.
  public var title: String?
  /// The collection searched.
  public let collection: String
  /// The fields searched; the first is the row's text.
  public let queryBy: [Field]
  /// The field shown as the row's detail line.
  public var detailField: String?
  /// A numeric field used as the item's weight (popularity) when the core ranks; without one,
  /// Typesense's order is the weight, so it decides among equally good matches.
  public var weightField: String?
  /// Typesense `sort_by`, such as `"_text_match:desc,population:desc"`.
  public var sortBy: String?
  /// Typesense `filter_by`, such as `"country:=France"`.
  public var filterBy: String?
  /// How the rows of a page are ordered: by the core's `SearchRanking.standard` ranking by default
  /// (as local items are: own name before alternates, fewer typos, then ``weightField``), or in
  /// Typesense's order (its text match and `sort_by`) with `SearchRanking.serverOrder`.
  public var ranking: SearchRanking
  /// Whether a longer query is answered from an earlier complete answer.
  public var narrowsLocally: Bool
  /// The shortest query (in characters) whose complete answer is kept for narrowing.
  public static let narrowingMinimumLength = 3
  /// How long one node may take before the next is tried.
  public var connectionTimeout: Duration
  let apiKey: APIKey
  let nodes: TypesenseNodes
  /// The largest answer read, in bytes after decompression (4 MiB by default): a larger one fails
  /// with ``RemoteError/answerTooLarge(limit:)``.
  public var maximumAnswerSize = RemoteFetcher.defaultAnswerLimit
  let fetcher: RemoteFetcher
  let completeAnswers = CompleteAnswers()

  /// Creates a source.
  ///
  /// - Parameters:
  ///   - nodes: The base URL of each node (`http://127.0.0.1:8108`).
  ///   - apiKey: A key allowed to search the collection (a search-only key in an app).
  ///   - collection: The collection to search.
  ///   - queryBy: The fields to search, the first being the text shown and inserted.
  ///   - detailField: The field shown as each row's detail line.
  ///   - weightField: A numeric field used as the weight when the core ranks.
  ///   - sortBy: Typesense `sort_by`.
  ///   - filterBy: Typesense `filter_by`.
  ///   - title: The section title.
  ///   - session: The URL session.
  ///   - connectionTimeout: How long one node may take before the next is tried.
  ///   - healthcheckInterval: How long a failed node is skipped (Typesense's clients: 60 s).
  ///   - ranking: How the rows of a page are ordered.
  ///   - narrowsLocally: Whether complete answers narrow locally (see above; off by default).
  /// - Throws: ``RemoteError/badRequest(reason:)`` when there is no node or no field.
  public init(
    nodes: [URL], apiKey: String, collection: String, queryBy: [Field], detailField: String? = nil,
    weightField: String? = nil, sortBy: String? = nil, filterBy: String? = nil, title: String? = nil,
    session: URLSession = .shared,
    connectionTimeout: Duration = .seconds(2), healthcheckInterval: Duration = .seconds(60),
    ranking: SearchRanking = .standard, narrowsLocally: Bool = false
  ) throws {
    guard !nodes.isEmpty else { throw RemoteError.badRequest(reason: "no Typesense node was given") }
    guard !queryBy.isEmpty else { throw RemoteError.badRequest(reason: "no field to search (query_by)") }
    self.nodes = TypesenseNodes(nodes, healthcheckInterval: healthcheckInterval)
    self.apiKey = try APIKey(checking: apiKey)
    self.collection = collection
    self.queryBy = queryBy
    self.detailField = detailField
    self.weightField = weightField
    self.sortBy = sortBy
    self.filterBy = filterBy
    self.title = title
    self.connectionTimeout = connectionTimeout
    self.ranking = ranking
    self.narrowsLocally = narrowsLocally
    self.fetcher = RemoteFetcher(session: session)
  }

  /// How many requests this source (and its copies) sent, failed attempts included.
  public var requestCount: Int { fetcher.requestCount }

  /// The rows for `query` from an earlier complete answer, without a request; `nil` when there is
  /// none.
  public func immediateSuggestions(for query: SuggestionQuery) -> [Suggestion]? {
    guard narrowsLocally, let items = completeAnswers.narrowed(for: query) else { return nil }
    return RemoteItem.rows(items, answering: query, ranking: ranking, preferringServerHighlights: true)
  }

  /// `true`, as for any source: a query answered once is not asked again while the session runs.
  public var isCacheable: Bool { true }

  /// Asks the first node that answers.
  /// - Throws: `CancellationError` when cancelled; a ``RemoteError``: the node's HTTP error (a bad
  ///   key, an unknown collection), or ``RemoteError/allNodesFailed(_:)``.
  public func suggestions(for query: SuggestionQuery) async throws -> [Suggestion] {
    if let rows = immediateSuggestions(for: query) { return rows }
    let (answer, boostedIDs): (RemoteAnswer, Set<String>)
    if let boost = query.options.boost {
      (answer, boostedIDs) = try await boostedAnswer(for: query, boost: boost)
    } else {
      (answer, boostedIDs) = try decodeAnswer(
        try await dataFromFirstNode { try searchRequest(for: query, node: $0) })
    }
    // A boosted or `distinct` answer is not narrowed: its items carry neither their boost nor the
    // other items of their group.
    if answer.isComplete == true && isNarrowable(query) && query.options.boost == nil
      && query.options.distinct == nil
    {
      completeAnswers.store(answer.items, for: query)
    }
    return RemoteItem.rows(
      answer.items, answering: query, ranking: ranking, preferringServerHighlights: true,
      boostedIDs: boostedIDs)
  }

  /// The answer of the first node that answers the request `request` makes for it.
  func dataFromFirstNode(_ request: (URL) throws -> URLRequest) async throws -> Data {
    var failures: [String] = []
    for (index, base) in nodes.attemptOrder() {
      try Task.checkCancellation()
      let request = try request(base)
      let data: Data
      do {
        (data, _) = try await fetcher.data(for: request, timeout: connectionTimeout, limit: maximumAnswerSize)
      } catch let error as RemoteError {
        guard Self.isNodeFailure(error) else {
          nodes.mark(index, isHealthy: true)
          throw explained(error)
        }
        nodes.mark(index, isHealthy: false)
        failures.append("\(Self.name(of: base)): \(error)")
        continue
      }
      nodes.mark(index, isHealthy: true)
      return data
    }
    throw RemoteError.allNodesFailed(failures)
  }

  /// The search request for `query` to the node at `base`.
  func searchRequest(for query: SuggestionQuery, node base: URL) throws -> URLRequest {
    let url = base.appendingPathComponent("collections").appendingPathComponent(collection)
      .appendingPathComponent("documents").appendingPathComponent("search")
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
      throw RemoteError.badRequest(reason: "\(base) is not a node URL")
    }
    let fields = try searchedFields(for: query.options)
    var items = [
      URLQueryItem(name: "q", value: query.text.isEmpty ? "*" : query.text),
      URLQueryItem(name: "query_by", value: fields.map(\.name).joined(separator: ",")),
      URLQueryItem(name: "prefix", value: query.options.mode == .exact ? "false" : "true"),
      URLQueryItem(name: "per_page", value: String(min(query.options.limit ?? 250, 250))),
      URLQueryItem(name: "highlight_full_fields", value: queryBy[0].name),
      URLQueryItem(name: "highlight_start_tag", value: String(MarkedText.startTag)),
      URLQueryItem(name: "highlight_end_tag", value: String(MarkedText.endTag)),
    ]
    if fields.contains(where: { $0.weight != nil }) {
      let weights = fields.map { String($0.weight ?? 1) }.joined(separator: ",")
      items.append(URLQueryItem(name: "query_by_weights", value: weights))
    }
    items += Self.typoItems(query.options.typoTolerance)
    if isNarrowable(query) { items.append(URLQueryItem(name: "max_candidates", value: "10000")) }
    if let sortBy { items.append(URLQueryItem(name: "sort_by", value: sortBy)) }
    if let filter = try filterByValue(for: query.options) {
      items.append(URLQueryItem(name: "filter_by", value: filter))
    }
    items += Self.distinctItems(for: query.options)
    components.queryItems = items
    // "+" means a space in a query string to some servers; Typesense's filter and sort syntax uses
    // it literally only when encoded.
    components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(
      of: "+", with: "%2B")
    guard let url = components.url else {
      throw RemoteError.badRequest(reason: "the query cannot be put in a URL")
    }
    var request = URLRequest(url: url)
    request.setValue(apiKey.value, forHTTPHeaderField: "X-TYPESENSE-API-KEY")
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    return request
  }

  /// Whether the answer to `query` may be kept for narrowing (see the type's discussion).
  func isNarrowable(_ query: SuggestionQuery) -> Bool {
    narrowsLocally && query.text.count >= Self.narrowingMinimumLength
  }

  /// Typesense's typo parameters for the session's tolerance.
  static func typoItems(_ tolerance: TypoTolerance) -> [URLQueryItem] {
    switch tolerance {
    case .off: return [URLQueryItem(name: "num_typos", value: "0")]
    case .fixed(let count):
      let typos = min(max(count, 0), TypoTolerance.maximumTypos)
      return [
        URLQueryItem(name: "num_typos", value: String(typos)),
        URLQueryItem(name: "min_len_1typo", value: "1"),
        URLQueryItem(name: "min_len_2typo", value: "1"),
      ]
    case .automatic:
      return [
        URLQueryItem(name: "num_typos", value: "2"),
        URLQueryItem(name: "min_len_1typo", value: String(TypoTolerance.automaticOneTypoLength)),
        URLQueryItem(name: "min_len_2typo", value: String(TypoTolerance.automaticTwoTyposLength)),
      ]
    }
  }

  /// What is wrong with an answer whose hits cannot be read, in words: not UTF-8, not JSON, no
  /// “hits”, or a hit that is not an object (`null`).
  static func answerProblem(_ data: Data) -> String {
    guard String(data: data, encoding: .utf8) != nil else { return "Typesense's answer is not UTF-8 text" }
    guard let object = try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed) else {
      return "Typesense's answer is not JSON"
    }
    if let groups = (object as? [String: Any])?["grouped_hits"] {
      guard groups is [[String: Any]] else {
        return "“grouped_hits” in Typesense's answer is not a list of groups"
      }
      return "a group in Typesense's answer has no list of “hits”"
    }
    guard let hits = (object as? [String: Any])?["hits"] else { return "no “hits” in Typesense's answer" }
    guard let list = hits as? [Any] else { return "“hits” in Typesense's answer is not a list" }
    let position = list.firstIndex { !($0 is [String: Any]) } ?? 0
    let value = list.indices.contains(position) && list[position] is NSNull ? "null" : "not an object"
    return "hit \(position) in Typesense's answer is \(value)"
  }

  /// The items of a search answer, with the highlights of the first field, and the ids of those
  /// whose document satisfies `boost`. A grouped answer (`distinct`) gives each group's first hit.
  func decodeAnswer(_ data: Data, boost: AttributeFilter? = nil) throws -> (
    answer: RemoteAnswer, boostedIDs: Set<String>
  ) {
    guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let hits = Self.hits(of: root)
    else { throw RemoteError.undecodable(reason: Self.answerProblem(data)) }
    let textField = queryBy[0].name
    var items: [RemoteItem] = []
    var boostedIDs = Set<String>()
    for (position, hit) in hits.enumerated() {
      guard let document = hit["document"] as? [String: Any],
        let text = JSONAnswer.string(document[textField])
      else { continue }
      let id = JSONAnswer.string(document["id"])
      let detail = detailField.flatMap { JSONAnswer.string(document[$0]) }
      // Without a weight field, Typesense's own order breaks the core's ties.
      let weight =
        weightField.map { (document[$0] as? NSNumber)?.doubleValue ?? 0 } ?? Double(hits.count - position)
      var alternates: [String] = []
      for field in queryBy.dropFirst() {
        if let values = document[field.name] as? [Any] {
          alternates += values.compactMap(JSONAnswer.string)
        } else if let value = JSONAnswer.string(document[field.name]) {
          alternates.append(value)
        }
      }
      let marked = Self.markedValue(of: textField, in: hit).map(MarkedText.init)
      if let boost, boost.matches(Self.attributes(of: document, named: boost.attributeNames)) {
        boostedIDs.insert(id ?? text)
      }
      items.append(
        RemoteItem(
          text, id: id, detail: detail, alternates: alternates, weight: weight.isFinite ? weight : 0,
          serverHighlights: marked?.ranges(in: text) ?? []))
    }
    let found = (root["found"] as? NSNumber)?.intValue
    return (RemoteAnswer(items: items, isComplete: found.map { $0 <= hits.count }), boostedIDs)
  }

  /// The full highlighted value of `field` in a hit: `highlights[].value` (0.24) or
  /// `highlight.<field>.value` (newer servers).
  static func markedValue(of field: String, in hit: [String: Any]) -> String? {
    if let highlights = hit["highlights"] as? [[String: Any]],
      let entry = highlights.first(where: { $0["field"] as? String == field }),
      let value = (entry["value"] ?? entry["snippet"]) as? String
    {
      return value
    }
    if let highlight = hit["highlight"] as? [String: Any], let entry = highlight[field] as? [String: Any] {
      return (entry["value"] ?? entry["snippet"]) as? String
    }
    return nil
  }

  /// Whether `error` is the node's fault (try the next) rather than the request's.
  static func isNodeFailure(_ error: RemoteError) -> Bool {
    switch error {
    // Backing off: that node asked for a pause; a redirect elsewhere: that node misbehaves.
    case .timedOut, .unreachable, .backingOff, .redirectRefused: return true
    case .http(let status, _, _): return status >= 500 || status == 408
    case .undecodable, .allNodesFailed, .badRequest, .answerTooLarge: return false
    }
  }

  /// A request error with Typesense's meaning spelled out.
  func explained(_ error: RemoteError) -> RemoteError {
    if case .http(404, let message, let retryAfter) = error {
      let detail = message.map { " (\($0))" } ?? ""
      if let field = message.flatMap(Self.missingField) {  // the collection exists; a field does not
        return .http(
          status: 404, message: "no field “\(field)” in collection “\(collection)”\(detail)",
          retryAfter: retryAfter)
      }
      return .http(status: 404, message: "no collection “\(collection)”\(detail)", retryAfter: retryAfter)
    }
    return error
  }

  /// The field Typesense's 404 message names ("Could not find a field named `nmae` in the
  /// schema."), or `nil` when the message is about something else (a missing collection).
  static func missingField(in message: String) -> String? {
    guard let start = message.range(of: "field named ", options: .caseInsensitive)?.upperBound else {
      return nil
    }
    let rest = message[start...].drop(while: { $0 == "`" || $0 == "'" || $0 == "\"" })
    let name = rest.prefix(while: { !$0.isWhitespace && $0 != "`" && $0 != "'" && $0 != "\"" })
    return name.isEmpty ? nil : String(name)
  }

  /// "127.0.0.1:8108": a node in a message.
  static func name(of url: URL) -> String {
    guard let host = url.host else { return url.absoluteString }
    return url.port.map { "\(host):\($0)" } ?? host
  }
}

/// An API key that never shows itself: not in descriptions, dumps or mirrors.
struct APIKey: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  let value: String

  /// `key` without the white space around it (a key file's CRLF line end, which URLSession would
  /// otherwise answer by leaving the header out).
  /// - Throws: ``RemoteError/badRequest(reason:)`` when a control character remains inside it.
  init(checking key: String) throws {
    let trimmed = key.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
      throw RemoteError.badRequest(reason: "the API key holds a control character (a line break?)")
    }
    value = trimmed
  }
  var description: String { "<hidden>" }
  var debugDescription: String { "<hidden>" }
  var customMirror: Mirror { Mirror(self, children: []) }
}
