import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The delegate of a ``RemoteFetcher``'s session: it gathers each task's body in an
/// ``AnswerBuffer`` (cancelling the task once the answer is too large), applies the
/// ``RedirectPolicy``, and hands each task's outcome to the continuation that waits for it.
///
/// A session calls its delegate for redirects only when tasks are made without a completion
/// handler, hence this delegate rather than `dataTask(with:completionHandler:)`.
final class FetchDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  /// A task in flight.
  private struct Pending {
    var continuation: CheckedContinuation<(Data, URLResponse), any Error>
    var buffer: AnswerBuffer
    var failure: RemoteError?
  }

  private let lock = NSLock()
  private var pending: [Int: Pending] = [:]

  /// Waits for `task` (not yet resumed): its outcome goes to `continuation`.
  func register(
    _ task: URLSessionTask, limit: Int, continuation: CheckedContinuation<(Data, URLResponse), any Error>
  ) {
    lock.withLock {
      pending[task.taskIdentifier] = Pending(continuation: continuation, buffer: AnswerBuffer(limit: limit))
    }
  }

  /// Ends `task` with `failure` (reported when it completes): cancelled from another queue, as
  /// ``CancellableDataTask`` does, so that no lock of the session is waited for here.
  private func fail(_ task: URLSessionTask, with failure: RemoteError) {
    let isFirst = lock.withLock {
      guard pending[task.taskIdentifier]?.failure == nil else { return false }
      pending[task.taskIdentifier]?.failure = failure
      return true
    }
    if isFirst { DispatchQueue.global().async { task.cancel() } }
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    let limit = lock.withLock { () -> Int? in
      guard let buffer = pending[dataTask.taskIdentifier]?.buffer else { return nil }
      return buffer.accepts(expectedLength: response.expectedContentLength) ? nil : buffer.limit
    }
    if let limit { fail(dataTask, with: .answerTooLarge(limit: limit)) }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let limit = lock.withLock { () -> Int? in
      guard var entry = pending[dataTask.taskIdentifier], entry.failure == nil else { return nil }
      defer { pending[dataTask.taskIdentifier] = entry }
      return entry.buffer.append(data) ? nil : entry.buffer.limit
    }
    if let limit { fail(dataTask, with: .answerTooLarge(limit: limit)) }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    let original = task.originalRequest?.url
    if RedirectPolicy.follows(from: original, to: request.url) {
      completionHandler(request)
    } else {
      lock.withLock {
        pending[task.taskIdentifier]?.failure = .redirectRefused(
          from: RedirectPolicy.server(of: original), to: RedirectPolicy.server(of: request.url))
      }
      completionHandler(nil)
    }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    guard let entry = lock.withLock({ pending.removeValue(forKey: task.taskIdentifier) }) else { return }
    if let failure = entry.failure {
      entry.continuation.resume(throwing: failure)
    } else if let error {
      entry.continuation.resume(throwing: error)
    } else if let response = task.response {
      entry.continuation.resume(returning: (entry.buffer.data, response))
    } else {
      entry.continuation.resume(throwing: URLError(.badServerResponse))
    }
  }
}
