import Foundation

/// A value made on first use, once, whichever thread asks first; a making that throws is tried
/// again on the next use. A segment's attribute names and attribute table are made this way, so
/// opening an index reads neither.
final class LazyValue<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var made: Value?

  /// The value, made by `make` on the first call that succeeds.
  func value(_ make: () throws -> Value) throws -> Value {
    try lock.withLock {
      if let made { return made }
      let value = try make()
      made = value
      return value
    }
  }
}
