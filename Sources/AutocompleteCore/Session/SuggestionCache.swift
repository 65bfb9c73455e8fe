/// A small least-recently-used cache of answers per source set, query and options.
struct SuggestionCache {
  struct Key: Hashable {
    var target: SessionTarget
    var query: SuggestionQuery
  }

  let capacity: Int
  private var entries: [Key: [SuggestionSection]] = [:]
  /// Keys, least recently used first.
  private var order: [Key] = []

  init(capacity: Int) {
    self.capacity = max(0, capacity)
  }

  mutating func value(for key: Key) -> [SuggestionSection]? {
    guard let value = entries[key] else { return nil }
    touch(key)
    return value
  }

  mutating func insert(_ value: [SuggestionSection], for key: Key) {
    guard capacity > 0 else { return }
    entries[key] = value
    touch(key)
    while order.count > capacity { entries[order.removeFirst()] = nil }
  }

  private mutating func touch(_ key: Key) {
    if let index = order.firstIndex(of: key) { order.remove(at: index) }
    order.append(key)
  }
}
