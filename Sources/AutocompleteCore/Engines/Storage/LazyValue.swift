import Foundation

/// A value made on first use, once, whichever thread asks first; a making that throws is tried
/// again on the next use. An index's keys as they are, an in-memory part's storage, a segment's
/// attribute names and table, and the check of its stored sections (a `Void` value) are made this
/// way, so that opening or building an index does none of them.
final class LazyValue<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var made: Value?

  /// The value, made by `make` on the first call that succeeds.
  func value(_ make: () throws -> Value) rethrows -> Value {
    try lock.withLock {
      if let made { return made }
      let value = try make()
      made = value
      return value
    }
  }

  /// The value if it was made, without making it.
  var madeValue: Value? { lock.withLock { made } }
}
