/// The merge policy of a ``DiskIndex``, in memory and on disk: like a binary counter that carries,
/// a new part absorbs the parts before it while each holds at most twice the live items it has so
/// far, so each item is rebuilt O(log n) times in all and a search reads O(log n) parts; and
/// ``DiskIndex/merge()``'s rewrite of every live item as one segment.
struct DiskIndexMerger {
  let settings: SegmentSettings

  /// Adds `items` to the in-memory parts as a part of their own, then merges the last two parts
  /// while the one before holds at most twice the live items of the last (see ``DiskIndex``); parts
  /// left with no live item are dropped.
  func append(_ items: [AutocompleteItem], to memory: inout [DiskIndex.Part]) throws {
    guard !items.isEmpty else { return }
    memory.removeAll { $0.liveCount == 0 }
    memory.append(DiskIndex.Part(segment: settings.memorySegment(of: items)))
    while memory.count >= 2, memory[memory.count - 2].liveCount <= 2 * memory[memory.count - 1].liveCount {
      let last = memory.removeLast()
      let merged = try memory.removeLast().liveItems() + last.liveItems()
      memory.append(DiskIndex.Part(segment: settings.memorySegment(of: merged)))
    }
  }

  /// The items of a checkpoint's new segment: `added`, after the live items of the committed parts
  /// at the end of `parts` that it absorbs (removed from `parts`), taken from the last one back
  /// while each holds at most twice the items gathered so far. Returns them and how many parts
  /// were absorbed.
  func absorbing(_ added: [AutocompleteItem], from parts: inout [DiskIndex.Part]) throws
    -> (items: [AutocompleteItem], absorbed: Int)
  {
    var items = added
    var absorbed = 0
    while let previous = parts.last, previous.liveCount <= 2 * items.count {
      items = try previous.liveItems() + items
      parts.removeLast()
      absorbed += 1
    }
    return (items, absorbed)
  }

  /// Every live item of `current` (committed or not) written as one segment of `generation`: the
  /// state ``DiskIndex/merge()`` publishes.
  func mergedState(of current: DiskIndex.State) throws -> DiskIndex.State {
    let items = try current.allParts.flatMap { try $0.liveItems() }
    let generation = current.generation + 1
    var next = DiskIndex.State(generation: generation, parts: [])
    if !items.isEmpty {
      var used = DiskIndex.fileNames(of: current.parts)
      let name = DiskIndex.unusedName(DiskIndex.segmentName(generation: generation), avoiding: &used)
      next.parts = [DiskIndex.Part(segment: try settings.writeSegment(items, named: name))]
    }
    return next
  }
}
