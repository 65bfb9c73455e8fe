import Foundation
import Testing

@testable import AutocompleteCore

/// Searches running while a writer adds, removes, commits, checkpoints and merges each see one state: the items
/// of a whole number of the writer's batches, never part of one.
@Suite("Disk index concurrency")
struct DiskIndexConcurrencyTests {
  @Test func readersSeeWholeBatchesWhileAWriterChangesTheIndex() async throws {
    let directory = DiskIndexTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let index = try DiskIndex.create(at: directory, items: [AutocompleteItem("marker -1", id: "marker")])
    let batches = 40
    let batchSize = 5
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask {
        for batch in 0..<batches {
          // Each batch adds its items, then replaces the one marker (a removal and an add at once).
          try index.add((0..<batchSize).map { AutocompleteItem("w \(batch) \($0)") })
          try index.update(AutocompleteItem("marker \(batch)", id: "marker"))
          switch batch % 7 {
          case 1, 3: try index.commit()  // to the log
          case 5: try index.checkpoint()  // segments and manifest
          case 6: try index.merge()
          default: break
          }
        }
      }
      for _ in 0..<2 {
        group.addTask {
          for _ in 0..<200 {
            let seen = try index.search("w", options: SearchOptions(maximumCount: -1)).map(\.item.searchText)
            let batchesSeen = seen.count / batchSize
            let whole = (0..<batchesSeen).flatMap { batch in (0..<batchSize).map { "w \(batch) \($0)" } }
            #expect(Set(seen) == Set(whole), "\(seen.count) items: not whole batches")
            let markers = try index.search("marker", options: SearchOptions(maximumCount: -1))
            #expect(markers.count == 1, "\(markers.count) markers: an update seen in part")
            await Task.yield()
          }
        }
      }
      try await group.waitForAll()
    }
    #expect(index.count == batches * batchSize + 1)
    #expect(try DiskIndex(contentsOf: directory).count <= batches * batchSize + 1)
  }

  /// A read-only open racing a writer's checkpoints (which replace the manifest, delete the files
  /// the old one named and replace the log) always opens, on a committed state: whole batches, in
  /// order.
  @Test func readOnlyOpensRacingCheckpointsOpenACommittedState() async throws {
    let directory = DiskIndexTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let writer = try DiskIndex.create(at: directory, items: [AutocompleteItem("start")])
    writer.checkpointThreshold = 500
    let batches = 60
    let batchSize = 4
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask {
        for batch in 0..<batches {
          try writer.add((0..<batchSize).map { AutocompleteItem("w \(batch) \($0)") })
          try writer.commit()
          switch batch % 5 {
          case 1: try writer.checkpoint()
          case 3: try writer.merge()
          default: break
          }
        }
        try writer.waitForBackgroundWork()
      }
      for _ in 0..<2 {
        group.addTask {
          for _ in 0..<150 {
            let reader = try DiskIndex(contentsOf: directory)
            let seen = try reader.items().map(\.searchText)
            let batchesSeen = (seen.count - 1) / batchSize
            let whole = (0..<batchesSeen).flatMap { batch in (0..<batchSize).map { "w \(batch) \($0)" } }
            #expect(seen == ["start"] + whole, "\(seen.count) items: not a committed state")
            await Task.yield()
          }
        }
      }
      try await group.waitForAll()
    }
    #expect(try DiskIndex(contentsOf: directory).count == batches * batchSize + 1)
  }
}
