import Foundation

/// Which redirects a source follows: those to the same server (scheme, host and port) only. A
/// request carries credentials — Typesense's `X-TYPESENSE-API-KEY`, an `Authorization` among an
/// ``HTTPSource``'s headers — which URLSession would send again to wherever a `Location` points;
/// a server (or whoever answers in its name) must not be able to hand them to another host. A
/// redirect elsewhere is refused with ``RemoteError/redirectRefused(from:to:)``, never followed
/// without the credentials, which would answer from a server the user did not name.
enum RedirectPolicy {
  /// Whether a redirect from `original` to `target` is followed.
  static func follows(from original: URL?, to target: URL?) -> Bool {
    guard let original, let target else { return false }
    return origin(of: original) == origin(of: target)
  }

  /// Scheme, host and port (the scheme's default port when none is written), lowercased.
  static func origin(of url: URL) -> String {
    let scheme = (url.scheme ?? "").lowercased()
    let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
    return "\(scheme)://\((url.host ?? "").lowercased()):\(port)"
  }

  /// A URL as a message names it: scheme, host and port, without its path and query (which may
  /// hold a key).
  static func server(of url: URL?) -> String {
    guard let url else { return "an unnamed server" }
    let port = url.port.map { ":\($0)" } ?? ""
    return "\(url.scheme ?? "")://\(url.host ?? "")\(port)"
  }
}
