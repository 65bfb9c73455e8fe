import AutocompleteCore
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Why a server gave no suggestions, in words a person can read: the session shows the
/// ``description`` in its failed state (`SessionError.message`). Bodies are never dumped: a server's
/// own message is quoted, shortened, when it sends one.
public enum RemoteError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
  /// The server answered with an HTTP error status, and perhaps a message and a time to wait.
  case http(status: Int, message: String?, retryAfter: Duration?)
  /// No answer came within the request's timeout.
  case timedOut(host: String, after: Duration)
  /// The server could not be reached (refused, unknown host, offline).
  case unreachable(host: String, reason: String)
  /// The answer was not in the expected form.
  case undecodable(reason: String)
  /// The server asked to wait (429 or 503 with `Retry-After`) and the wait is not over: no request
  /// was sent.
  case backingOff(remaining: Duration)
  /// No request could be made for the query (a bad URL, a query the builder refused).
  case badRequest(reason: String)
  /// Every node of a cluster failed; each node's failure, in the order tried.
  case allNodesFailed([String])
  /// The answer was larger than the source's maximum answer size (in bytes, after decompression);
  /// it was not read further.
  case answerTooLarge(limit: Int)
  /// The server redirected the request to another server (scheme, host or port), which the source
  /// refuses: the request's credentials would go there too (`RedirectPolicy`).
  case redirectRefused(from: String, to: String)

  /// A one-line message; control characters from the server's text are escaped
  /// (`PrintableText`).
  public var description: String {
    PrintableText.escaping(text)
  }

  /// The message before its control characters are escaped.
  private var text: String {
    switch self {
    case .http(let status, let message, let retryAfter):
      var text =
        "the server answered \(status) \(HTTPURLResponse.localizedString(forStatusCode: status).lowercased())"
      if let message, !message.isEmpty { text += ": \(message)" }
      if let retryAfter { text += " (retry in \(Self.seconds(retryAfter)))" }
      return text
    case .timedOut(let host, let after): return "no answer from \(host) within \(Self.seconds(after))"
    case .unreachable(let host, let reason): return "cannot reach \(host) (\(reason))"
    case .undecodable(let reason): return "the server's answer could not be read: \(reason)"
    case .backingOff(let remaining): return "the server asked to wait; retry in \(Self.seconds(remaining))"
    case .badRequest(let reason): return "no request could be made: \(reason)"
    case .allNodesFailed(let failures): return "no node answered: " + failures.joined(separator: "; ")
    case .answerTooLarge(let limit):
      return "the server's answer is larger than the limit of \(Self.bytes(limit)) (maximumAnswerSize)"
    case .redirectRefused(let from, let to):
      return
        "\(from) redirected the request to another server, \(to): refused, so that its credentials "
        + "(an API key, an Authorization) go nowhere else; use that server's address directly"
    }
  }

  /// The ``description``, for `localizedDescription`.
  public var errorDescription: String? { description }

  /// A short reason for a decoding error: a `DecodingError`'s description and coding path, else the
  /// error's own description.
  static func reason(_ error: any Error) -> String {
    if let error = error as? RemoteError { return error.description }
    if let error = error as? DecodingError {
      switch error {
      case .keyNotFound(let key, let context):
        return "no “\(Self.path(context.codingPath + [key]))”"
      case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
        let path = Self.path(context.codingPath)
        return path.isEmpty ? context.debugDescription : "“\(path)”: \(context.debugDescription)"
      @unknown default: return String(describing: error)
      }
    }
    return String(describing: error)
  }

  static func path(_ keys: [any CodingKey]) -> String {
    keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
  }

  /// "4 MiB", "1500 bytes": a size for a message.
  static func bytes(_ count: Int) -> String {
    if count >= 1 << 20 && count % (1 << 20) == 0 { return "\(count >> 20) MiB" }
    if count >= 1 << 10 && count % (1 << 10) == 0 { return "\(count >> 10) KiB" }
    return "\(count) bytes"
  }

  /// "5 s", "0.5 s": a duration for a message.
  static func seconds(_ duration: Duration) -> String {
    let value = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    return value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
  }

  /// A server message worth quoting from an error body: the `message` or `error` string of a JSON
  /// object, else a short plain-text body; at most 200 characters, one line.
  static func serverMessage(in data: Data) -> String? {
    var text: String?
    if let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
      text = (object["message"] ?? object["error"] ?? object["reason"]) as? String
      if text == nil, let error = object["error"] as? [String: Any] { text = error["reason"] as? String }
    } else if data.count <= 200, let plain = String(data: data, encoding: .utf8),
      !plain.contains("<"), !plain.isEmpty
    {
      text = plain
    }
    guard var message = text?.split(whereSeparator: \.isNewline).joined(separator: " ") else { return nil }
    message = message.trimmingCharacters(in: .whitespaces)
    if message.count > 200 { message = String(message.prefix(199)) + "…" }
    return message.isEmpty ? nil : message
  }
}
