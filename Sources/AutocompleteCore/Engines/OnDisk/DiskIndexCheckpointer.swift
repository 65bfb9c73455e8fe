import Foundation

/// Writes a ``DiskIndex``'s changes as files: the segment of the items added since the last
/// checkpoint (absorbing segments by ``DiskIndexMerger``'s policy), the changed deletion sets, the
/// manifest naming them; and deletes the files no manifest names any more.
struct DiskIndexCheckpointer {
  let settings: SegmentSettings

  var merger: DiskIndexMerger { DiskIndexMerger(settings: settings) }

  /// Writes the items `next` added since the last checkpoint as segment `generation` (absorbing
  /// segments by the merge policy, see ``DiskIndex/checkpoint()``) and its changed deletion sets,
  /// all synced; `next` then holds them as committed parts, nothing in memory.
  func writeSegments(of next: inout DiskIndex.State, generation: Int) throws {
    var used = DiskIndex.fileNames(of: next.parts)
    let added = try next.addedItems()
    if !added.isEmpty {
      // The merge policy (see `checkpoint()`): the added items and the segments they absorb are
      // written once, as one segment.
      let (items, absorbed) = try merger.absorbing(added, from: &next.parts)
      let name = DiskIndex.unusedName(DiskIndex.segmentName(generation: generation), avoiding: &used)
      // One `add` of many items, nothing removed or absorbed: its part's storage is the segment's.
      let built =
        absorbed == 0 && next.memory.count == 1 && next.memory[0].deletions == nil
        ? next.memory[0].segment.storage : nil
      next.parts.append(DiskIndex.Part(segment: try settings.writeSegment(items, built: built, named: name)))
    }
    for index in next.parts.indices where next.parts[index].deletionsChanged {
      guard let deletions = next.parts[index].deletions, let file = next.parts[index].segment.fileName
      else {
        continue
      }
      let name = DiskIndex.unusedName(
        (file as NSString).deletingPathExtension + "." + String(generation).leftPadded(to: 6) + ".del",
        avoiding: &used)
      try FileIO.write(deletions.fileBytes(), to: settings.path + "/" + name)
      next.parts[index].deletionsFile = name
      next.parts[index].deletionsChanged = false
    }
    next.memory = []
  }

  /// The manifest naming `state`'s committed parts.
  func manifest(of state: DiskIndex.State) -> IndexManifest {
    IndexManifest(
      generation: state.generation, isCaseSensitive: settings.isCaseSensitive,
      segments: state.parts.map {
        .init(file: $0.segment.fileName ?? "", itemCount: $0.segment.itemCount, deletions: $0.deletionsFile)
      }, transliteration: settings.transliteration, searchable: settings.searchable)
  }

  /// Deletes the files of earlier states (a crash may leave some): segments, deletion sets and
  /// temporary manifests `state`'s manifest does not name. Best effort: a reader that mapped one
  /// keeps reading it.
  func removeUnreferencedFiles(keeping state: DiskIndex.State) {
    var kept: Set<String> = [IndexManifest.fileName, "LOCK", WriteAheadLog.fileName]
    for part in state.parts {
      if let file = part.segment.fileName { kept.insert(file) }
      if let file = part.deletionsFile { kept.insert(file) }
    }
    for name in FileIO.names(in: settings.path) where !kept.contains(name) {
      if name.hasSuffix(".aks") || name.hasSuffix(".del") || name.hasSuffix(".tmp") {
        unlink(settings.path + "/" + name)
      }
    }
  }
}
