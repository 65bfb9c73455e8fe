import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Keeps a request's credentials out of what is printed: a server that echoes the key it was sent
/// (`key SECRETKEY is not valid`) has its message masked before anyone sees it. The credentials are
/// the values of the request's headers whose names speak of a key, a token, a secret, a password,
/// a cookie or authorization (an `Authorization` value also without its scheme), and of its query
/// items named so.
enum SecretMasking {
  /// What a credential is replaced with.
  static let mask = "••••"

  /// Whether a header or query item named `name` carries a credential.
  static func isSecret(name: String) -> Bool {
    let name = name.lowercased()
    return ["key", "token", "secret", "password", "auth", "cookie", "signature"].contains {
      name.contains($0)
    }
  }

  /// The credentials `request` carries, longest first (so that a longer one is masked whole).
  static func secrets(of request: URLRequest) -> [String] {
    var found: [String] = []
    for (name, value) in request.allHTTPHeaderFields ?? [:] where isSecret(name: name) {
      found.append(value)
      if let space = value.firstIndex(of: " ") { found.append(String(value[value.index(after: space)...])) }
    }
    if let url = request.url, let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems
    {
      found += items.filter { isSecret(name: $0.name) }.compactMap(\.value)
    }
    let trimmed = found.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    return Set(trimmed.filter { $0.count >= 4 }).sorted { $0.count > $1.count }
  }

  /// `text` with every credential of `request` replaced by ``mask``.
  static func masked(_ text: String, secretsOf request: URLRequest) -> String {
    secrets(of: request).reduce(text) { $0.replacingOccurrences(of: $1, with: mask) }
  }
}
