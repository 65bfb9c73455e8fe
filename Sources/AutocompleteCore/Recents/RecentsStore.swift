import Foundation

/// Where remembered picks live, per field (a key of the app's choosing: "city", "search.query").
///
/// ``InMemoryRecentsStore`` for tests and previews, ``JSONFileRecentsStore`` for a file (the CLI,
/// Linux, an app's own directory), ``UserDefaultsRecentsStore`` for an app's defaults. Each applies
/// ``RecentsList``'s rules: one entry per id, newest first, capped, counts aged.
public protocol RecentsStore: Sendable {
  /// The entries of `field`, most recently used first.
  /// - Throws: ``RecentsError`` when the stored entries cannot be read.
  func entries(for field: String) throws -> [RecentEntry]
  /// Records a pick.
  func record(_ entry: RecentEntry, for field: String) throws
  /// Forgets the entry with `id`.
  func remove(id: String, for field: String) throws
  /// Forgets every entry of `field`.
  func removeAll(for field: String) throws
}

/// Why remembered picks could not be read or written.
public enum RecentsError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file exists but is not a recents file (``JSONFileRecentsStore`` sets it aside as
  /// `<file>.corrupt` on the next write and starts afresh, so later picks are kept).
  case corrupt(path: String, reason: String)
  /// The file could not be read or written.
  case inaccessible(path: String, reason: String)

  /// A one-line message.
  public var description: String {
    switch self {
    case .corrupt(let path, let reason): "the recents file \(path) is not readable as recents (\(reason))"
    case .inaccessible(let path, let reason): "the recents file \(path) cannot be used (\(reason))"
    }
  }
}

/// Recents in memory, for tests, previews and a session's lifetime.
public final class InMemoryRecentsStore: RecentsStore, @unchecked Sendable {
  private let lock = NSLock()
  private var lists: [String: RecentsList] = [:]
  private let capacity: Int
  private let ranking: FrecencyRanking

  /// Creates an empty store keeping at most `capacity` entries per field.
  public init(capacity: Int = 50, ranking: FrecencyRanking = FrecencyRanking()) {
    self.capacity = capacity
    self.ranking = ranking
  }

  /// The entries of `field`, most recently used first.
  public func entries(for field: String) -> [RecentEntry] {
    lock.withLock { lists[field]?.entries ?? [] }
  }

  /// Records a pick.
  public func record(_ entry: RecentEntry, for field: String) {
    lock.withLock {
      lists[field, default: RecentsList(capacity: capacity, ranking: ranking)].record(entry)
    }
  }

  /// Forgets the entry with `id`.
  public func remove(id: String, for field: String) {
    lock.withLock { lists[field]?.remove(id: id) }
  }

  /// Forgets every entry of `field`.
  public func removeAll(for field: String) {
    lock.withLock { lists[field] = nil }
  }
}

/// Recents in the app's `UserDefaults` (JSON per field under `keyPrefix + field`).
public final class UserDefaultsRecentsStore: RecentsStore, @unchecked Sendable {
  private let defaults: UserDefaults
  private let keyPrefix: String
  private let capacity: Int
  private let ranking: FrecencyRanking
  private let lock = NSLock()

  /// Creates a store in `defaults` (the standard defaults unless given).
  public init(
    defaults: UserDefaults = .standard, keyPrefix: String = "AutocompleteKit.recents.", capacity: Int = 50,
    ranking: FrecencyRanking = FrecencyRanking()
  ) {
    self.defaults = defaults
    self.keyPrefix = keyPrefix
    self.capacity = capacity
    self.ranking = ranking
  }

  /// The entries of `field`, most recently used first.
  /// - Throws: ``RecentsError/corrupt(path:reason:)`` when the stored value is not recents.
  public func entries(for field: String) throws -> [RecentEntry] {
    try lock.withLock { try list(for: field).entries }
  }

  /// Records a pick (a corrupt value is replaced).
  public func record(_ entry: RecentEntry, for field: String) throws {
    try update(field) { $0.record(entry) }
  }

  /// Forgets the entry with `id`.
  public func remove(id: String, for field: String) throws {
    try update(field) { $0.remove(id: id) }
  }

  /// Forgets every entry of `field`.
  public func removeAll(for field: String) throws {
    lock.withLock { defaults.removeObject(forKey: keyPrefix + field) }
  }

  private func list(for field: String) throws -> RecentsList {
    guard let data = defaults.data(forKey: keyPrefix + field) else {
      return RecentsList(capacity: capacity, ranking: ranking)
    }
    do {
      return RecentsList(
        try JSONDecoder().decode([RecentEntry].self, from: data), capacity: capacity, ranking: ranking)
    } catch {
      throw RecentsError.corrupt(path: keyPrefix + field, reason: "\(error)")
    }
  }

  private func update(_ field: String, _ change: (inout RecentsList) -> Void) throws {
    try lock.withLock {
      var list = (try? list(for: field)) ?? RecentsList(capacity: capacity, ranking: ranking)
      change(&list)
      defaults.set(try JSONEncoder().encode(list.entries), forKey: keyPrefix + field)
    }
  }
}
