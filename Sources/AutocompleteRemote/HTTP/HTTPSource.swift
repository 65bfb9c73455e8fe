import AutocompleteCore
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A server as a source: build a request from the query, decode the answer into items, and the rest
/// — cancellation, timeouts, readable errors, `Retry-After`, ranking, highlights and local narrowing
/// — is done here.
///
/// ```swift
/// let tags = HTTPSource(
///   url: URL(string: "https://api.example.com/tags")!,
///   answer: JSONAnswer(items: "results", text: "name", id: "id"))
/// let session = AutocompleteSession(sources: [tags])
/// ```
///
/// - The session cancels the task of a query when a newer one starts; the request is cancelled
///   with it and URLSession closes its connection.
/// - Each request has ``timeout`` for the whole exchange.
/// - HTTP errors, unreachable hosts, timeouts and undecodable bodies throw a ``RemoteError`` whose
///   description the session shows in its failed state; `.refresh` (Ctrl-R in the terminal) asks
///   again. A `429` or `503` with `Retry-After` makes the source wait that long before asking again.
/// - **Local narrowing**: when the answer to "sa" was complete (fewer items than asked for, or the
///   decoder said so), "sao" is answered by filtering it with the core engine, without a request,
///   and synchronously (``immediateSuggestions(for:)``). Turn it off with `narrowsLocally: false`
///   when the server matches differently from the core (synonyms, other fields).
public struct HTTPSource: SuggestionSource {
  /// The section title.
  public var title: String?
  /// The time one request may take, connection included.
  public var timeout: Duration
  /// How rows are ordered: the core's `SearchRanking.standard` ranking (default) or the server's
  /// order (`SearchRanking.serverOrder`).
  public var ranking: SearchRanking
  /// Whether a longer query is answered from an earlier complete answer.
  public var narrowsLocally: Bool
  /// The largest answer read, in bytes after decompression (4 MiB by default): a larger one fails
  /// with ``RemoteError/answerTooLarge(limit:)`` as soon as it passes the limit (or announces a
  /// larger `Content-Length`).
  public var maximumAnswerSize = RemoteFetcher.defaultAnswerLimit
  let makeRequest: @Sendable (SuggestionQuery) throws -> URLRequest
  let decode: @Sendable (Data, HTTPURLResponse) throws -> RemoteAnswer
  let fetcher: RemoteFetcher
  let completeAnswers = CompleteAnswers()

  /// Creates a source from a request builder and a decoder.
  ///
  /// - Parameters:
  ///   - title: The section title.
  ///   - session: The URL session whose configuration the source's requests use (inject one for
  ///     tests or custom configuration; its delegate is not used: redirects to another server are
  ///     refused and answers bounded by ``maximumAnswerSize``).
  ///   - timeout: The time one request may take.
  ///   - ranking: How rows are ordered (the core's standard ranking, or the server's order).
  ///   - narrowsLocally: Whether a longer query is answered from an earlier complete answer.
  ///   - request: The request for a query (the limit is `query.options.limit`).
  ///   - decode: The items in a successful (2xx) answer; an error it throws becomes
  ///     ``RemoteError/undecodable(reason:)``.
  public init(
    title: String? = nil, session: URLSession = .shared, timeout: Duration = .seconds(10),
    ranking: SearchRanking = .standard, narrowsLocally: Bool = true,
    request: @escaping @Sendable (SuggestionQuery) throws -> URLRequest,
    decode: @escaping @Sendable (Data, HTTPURLResponse) throws -> RemoteAnswer
  ) {
    self.title = title
    self.timeout = timeout
    self.ranking = ranking
    self.narrowsLocally = narrowsLocally
    self.makeRequest = request
    self.decode = decode
    self.fetcher = RemoteFetcher(session: session)
  }

  /// Creates a source for the common shape: a GET of `url` with the query text in the query item
  /// `queryItem` (and the limit in `limitItem`, when given), answered by JSON that `answer` reads.
  ///
  /// - Parameters:
  ///   - title: The section title.
  ///   - url: The endpoint; its own query items are kept.
  ///   - queryItem: The name of the query item carrying the typed text.
  ///   - limitItem: The name of the query item carrying the limit, or `nil` to send none.
  ///   - filterItem: The name of the query item carrying the query's `SearchOptions.filter` in
  ///     Typesense's `filter_by` syntax (`AttributeFilter.filterByText`), or `nil` to send none (a
  ///     request builder of your own sees the filter in the query's options).
  ///   - headers: Header fields sent with every request (an API key, `Accept-Language`).
  ///   - answer: How the JSON answer is read.
  ///   - session: The URL session.
  ///   - timeout: The time one request may take.
  ///   - ranking: How rows are ordered.
  ///   - narrowsLocally: Whether a longer query is answered from an earlier complete answer.
  public init(
    title: String? = nil, url: URL, queryItem: String = "q", limitItem: String? = "limit",
    filterItem: String? = nil, headers: [String: String] = [:], answer: JSONAnswer,
    session: URLSession = .shared,
    timeout: Duration = .seconds(10), ranking: SearchRanking = .standard, narrowsLocally: Bool = true
  ) {
    self.init(
      title: title, session: session, timeout: timeout, ranking: ranking, narrowsLocally: narrowsLocally,
      request: { query in
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
          throw RemoteError.badRequest(reason: "\(url) is not a URL with components")
        }
        var items = components.queryItems ?? []
        items.append(URLQueryItem(name: queryItem, value: query.text))
        if let limitItem, let limit = query.options.limit {
          items.append(URLQueryItem(name: limitItem, value: String(limit)))
        }
        if let filterItem, let filter = query.options.filter {
          guard let text = filter.filterByText else {
            throw RemoteError.badRequest(reason: "the filter cannot be written in filter_by syntax")
          }
          items.append(URLQueryItem(name: filterItem, value: text))
        }
        components.queryItems = items
        guard let url = components.url else {
          throw RemoteError.badRequest(reason: "the query cannot be put in a URL")
        }
        var request = URLRequest(url: url)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        return request
      },
      decode: { data, _ in try answer.decode(data) })
  }

  /// How many requests this source (and its copies) sent.
  public var requestCount: Int { fetcher.requestCount }

  /// The rows for `query` from an earlier complete answer, without a request; `nil` when there is
  /// none.
  public func immediateSuggestions(for query: SuggestionQuery) -> [Suggestion]? {
    guard narrowsLocally, let items = completeAnswers.narrowed(for: query) else { return nil }
    return RemoteItem.rows(items, answering: query, ranking: ranking)
  }

  /// `true`, as for any source: a query answered once is not asked again while the session runs.
  public var isCacheable: Bool { true }

  /// Asks the server, unless an earlier complete answer holds the answer.
  /// - Throws: `CancellationError` when cancelled, else a ``RemoteError``.
  public func suggestions(for query: SuggestionQuery) async throws -> [Suggestion] {
    if let rows = immediateSuggestions(for: query) { return rows }
    let answer = try await items(for: query)
    return RemoteItem.rows(answer.items, answering: query, ranking: ranking)
  }

  /// The server's answer for `query`, remembered for narrowing when complete.
  func items(for query: SuggestionQuery) async throws -> RemoteAnswer {
    let request = try makeRequest(query)
    let (data, response) = try await fetcher.data(for: request, timeout: timeout, limit: maximumAnswerSize)
    try Task.checkCancellation()
    let answer: RemoteAnswer
    do {
      answer = try decode(data, response)
    } catch let error as RemoteError {
      throw error
    } catch {
      throw RemoteError.undecodable(reason: RemoteError.reason(error))
    }
    let isComplete = answer.isComplete ?? query.options.limit.map { answer.items.count < $0 } ?? false
    if narrowsLocally && isComplete { completeAnswers.store(answer.items, for: query) }
    return answer
  }
}
