import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Sends one request for a source: with a timeout on the whole exchange, cancelled with its task
/// (URLSession closes the connection), honouring a server's `Retry-After`, and turning every failure
/// into a ``RemoteError``. A `Retry-After` holds back requests to that server only (scheme, host
/// and port), so a source with several servers — a Typesense cluster — goes on with the others.
final class RemoteFetcher: @unchecked Sendable {
  let session: URLSession
  private let lock = NSLock()
  /// Per server (``origin(of:)``), no request before this instant (a 429 or 503 with `Retry-After`).
  private var retryNotBefore: [String: ContinuousClock.Instant] = [:]
  private var sent = 0

  /// The largest answer a source reads by default: 4 MiB (suggestions are a few kilobytes).
  static let defaultAnswerLimit = 4 << 20
  /// The delegate of ``session``: bounded answers, redirects to the same server only.
  let delegate = FetchDelegate()

  /// A fetcher with a session of its own: `session`'s configuration, on Linux without a URL cache
  /// (``withoutURLCache(_:)``), and ``delegate`` (the events of its tasks are the fetcher's; a
  /// delegate of `session` is not used).
  init(session: URLSession) {
    let configuration = Self.withoutURLCache(session.configuration)
    self.session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
  }

  deinit {
    session.finishTasksAndInvalidate()
  }

  /// `configuration`, on Linux without a URL cache.
  ///
  /// swift-corelibs-foundation looks each request up in the session's URL cache on a background
  /// queue before the task has its protocol; a cancel landing in that window can reach the task
  /// after it left the session's registry, which is a fatal error ("Trying to access a behaviour
  /// for a task that in not in the registry") — seen here typing quickly against Typesense, where
  /// every keystroke cancels the request before it. Without a cache the protocol is made at once.
  /// Suggestions lose nothing: a source keeps its complete answers itself.
  static func withoutURLCache(_ configuration: URLSessionConfiguration) -> URLSessionConfiguration {
    #if canImport(FoundationNetworking)
      guard configuration.urlCache != nil,
        let copy = configuration.copy() as? URLSessionConfiguration
      else { return configuration }
      copy.urlCache = nil
      return copy
    #else
      return configuration
    #endif
  }

  /// How many requests were sent.
  var requestCount: Int { lock.withLock { sent } }

  /// The answer to `request`, within `timeout` and at most `limit` bytes (after decompression).
  /// - Throws: `CancellationError` when the task is cancelled, else a ``RemoteError``.
  func data(for request: URLRequest, timeout: Duration, limit: Int) async throws -> (Data, HTTPURLResponse) {
    let now = ContinuousClock.now
    let origin = Self.origin(of: request.url)
    if let wait = lock.withLock({ retryNotBefore[origin] }), wait > now {
      throw RemoteError.backingOff(remaining: wait - now)
    }
    var timed = request
    let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
    // `timeout` governs the whole exchange (the race below); URLSession's idle timeout must not cut
    // it shorter (a URLRequest's default is 60 s), only a little later, so ours fires first.
    timed.timeoutInterval = seconds + 1
    let request = timed
    let host = request.url?.host ?? "the server"
    lock.withLock { sent += 1 }
    let (session, delegate) = (self.session, self.delegate)
    let (data, response): (Data, URLResponse)
    do {
      (data, response) = try await withThrowingTaskGroup(of: (Data, URLResponse).self) { group in
        group.addTask {
          try await CancellableDataTask.data(for: request, in: session, delegate: delegate, limit: limit)
        }
        group.addTask {
          try await Task.sleep(for: timeout)
          throw RemoteError.timedOut(host: host, after: timeout)
        }
        defer { group.cancelAll() }
        return try await group.next()!
      }
    } catch let error as URLError {
      try Task.checkCancellation()
      throw Self.remoteError(error, host: host, timeout: timeout)
    } catch is CancellationError {
      throw CancellationError()
    } catch let error as RemoteError {
      try Task.checkCancellation()
      throw error
    }
    guard let http = response as? HTTPURLResponse else {
      throw RemoteError.undecodable(reason: "not an HTTP response")
    }
    guard (200..<300).contains(http.statusCode) else {
      var retryAfter: Duration?
      if http.statusCode == 429 || http.statusCode == 503,
        let value = http.value(forHTTPHeaderField: "Retry-After"), let wait = Self.retryAfter(value)
      {
        retryAfter = wait
        lock.withLock { retryNotBefore[origin] = .now + wait }
      }
      let message = RemoteError.serverMessage(in: data).map { SecretMasking.masked($0, secretsOf: request) }
      throw RemoteError.http(status: http.statusCode, message: message, retryAfter: retryAfter)
    }
    return (data, http)
  }

  /// The server a URL addresses: scheme, host and port.
  static func origin(of url: URL?) -> String {
    guard let url else { return "" }
    return "\(url.scheme ?? "")://\(url.host ?? ""):\(url.port.map(String.init) ?? "")"
  }

  /// A `Retry-After` value (seconds, or an HTTP date) as a duration from now.
  static func retryAfter(_ value: String) -> Duration? {
    if let seconds = Int(value.trimmingCharacters(in: .whitespaces)), seconds >= 0 {
      return .seconds(min(seconds, 3600))
    }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
    guard let date = formatter.date(from: value) else { return nil }
    return .seconds(min(max(date.timeIntervalSinceNow, 0), 3600))
  }

  /// A URLSession failure as a ``RemoteError``.
  static func remoteError(_ error: URLError, host: String, timeout: Duration) -> RemoteError {
    switch error.code {
    case .timedOut: return .timedOut(host: host, after: timeout)
    case .cannotConnectToHost: return .unreachable(host: host, reason: "connection refused")
    case .cannotFindHost, .dnsLookupFailed: return .unreachable(host: host, reason: "unknown host")
    case .notConnectedToInternet: return .unreachable(host: host, reason: "offline")
    case .networkConnectionLost: return .unreachable(host: host, reason: "the connection was lost")
    case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate:
      return .unreachable(host: host, reason: "the secure connection failed")
    case .badServerResponse, .cannotParseResponse, .zeroByteResource, .cannotDecodeContentData,
      .cannotDecodeRawData:
      return .unreachable(host: host, reason: "its answer was cut short or is not valid HTTP")
    case .httpTooManyRedirects:
      return .unreachable(host: host, reason: "too many redirects (a redirect loop)")
    case .redirectToNonExistentLocation:
      return .unreachable(host: host, reason: "a redirect without a location")
    case .badURL, .unsupportedURL:
      return .unreachable(host: host, reason: "the URL is not valid (scheme, host or port out of range)")
    case .unknown:  // what swift-corelibs-foundation reports for an answer cut short
      return .unreachable(host: host, reason: "the exchange failed: its answer was cut short or malformed")
    case .dataLengthExceedsMaximum: return .unreachable(host: host, reason: "the answer is too large")
    default: return .unreachable(host: host, reason: "network error \(error.code.rawValue)")
    }
  }
}
