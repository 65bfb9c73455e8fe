/// The changes a ``DiskIndex`` takes (add, remove), applied to a state: by the writer as they are
/// made, and by opening as it replays the log, the same way, so a replay rebuilds the same state.
struct DiskIndexOperations {
  let settings: SegmentSettings

  /// Applies `operation` to `state` and keeps it for the next commit's log record; returns how
  /// many items it removed.
  @discardableResult
  func apply(_ operation: WriteAheadLog.Operation, to state: inout DiskIndex.State) throws -> Int {
    var removed = 0
    switch operation {
    case .remove(let id):
      removed = try remove(id: id, from: &state.parts) + remove(id: id, from: &state.memory)
      guard removed > 0 else { return 0 }
    case .add(let items):
      guard !items.isEmpty else { return 0 }
      try DiskIndexMerger(settings: settings).append(items, to: &state.memory)
      state.unloggedAddedCount += items.count
    }
    state.unlogged.append(operation)
    return removed
  }

  /// Applies every operation of `operations` to `state`, in order.
  func apply(_ operations: some Sequence<WriteAheadLog.Operation>, to state: inout DiskIndex.State) throws {
    for operation in operations { try apply(operation, to: &state) }
  }

  /// Marks the items of `parts` whose id is `id` removed; returns how many there were.
  private func remove(id: String, from parts: inout [DiskIndex.Part]) throws -> Int {
    var removed = 0
    for index in parts.indices {
      let part = parts[index]
      let owners = try part.segment.owners(withID: id).filter { !(part.deletions?.contains($0) ?? false) }
      guard !owners.isEmpty else { continue }
      parts[index].deletions = (part.deletions ?? DeletionSet(count: part.segment.itemCount)).removing(owners)
      parts[index].deletionsChanged = true
      removed += owners.count
    }
    return removed
  }
}
