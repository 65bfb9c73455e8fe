import Foundation
import TestSupport
import Testing

@testable import AutocompleteCore

/// A checkpoint in the background: commits, changes and searches go on while it writes (a hook
/// holds it at each step, so the test is deterministic), the state it publishes carries them over,
/// and a crash at its steps (the directory copied there) leaves the committed state.
@Suite("Disk index background checkpoint")
struct DiskIndexBackgroundCheckpointTests {
  /// Each item's id and search text, in order.
  static func fields(_ items: [AutocompleteItem]) -> [String] { items.map { "\($0.id)|\($0.searchText)" } }

  /// Random items (``DiskIndexTests/randomItem(_:number:)``), each with a new number.
  struct ItemMaker {
    var random: SplitMix64
    var number = 0
    init(seed: UInt64) { random = SplitMix64(seed: seed) }
    mutating func next() -> AutocompleteItem {
      number += 1
      return DiskIndexTests.randomItem(&random, number: number)
    }
  }

  static func copy(_ directory: URL, to copy: URL) {
    try? FileManager.default.removeItem(at: copy)
    try? FileManager.default.copyItem(at: directory, to: copy)
  }

  @Test(.offThePool) func commitsAndSearchesGoOnWhileACheckpointWrites() throws {
    let directory = DiskIndexTests.temporaryDirectory()
    let beforeManifest = DiskIndexTests.temporaryDirectory()
    let afterManifest = DiskIndexTests.temporaryDirectory()
    defer {
      for url in [directory, beforeManifest, afterManifest] { try? FileManager.default.removeItem(at: url) }
    }
    var maker = ItemMaker(seed: 34)
    func item() -> AutocompleteItem { maker.next() }
    var model = (0..<40).map { _ in item() }
    let index = try DiskIndex.create(at: directory, items: model)
    index.checkpointThreshold = 700
    let started = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    index.backgroundHook = { step in
      switch step {
      case .writing:
        started.signal()
        release.wait()
      case .segmentsWritten: Self.copy(directory, to: beforeManifest)
      case .manifestPublished: Self.copy(directory, to: afterManifest)
      }
    }
    // Commits until one passes the log's size and starts the checkpoint, which the hook holds.
    var commits = 0
    while !index.isCheckpointRunning {
      let added = (0..<3).map { _ in item() }
      try index.add(added)
      model += added
      try index.commit()
      commits += 1
      #expect(commits < 100, "no checkpoint started")
      if commits >= 100 { return }
    }
    started.wait()
    #expect(index.info.generation == 1)
    // While it writes: changes (an update of an item the checkpoint writes, a removal of one of
    // the first segment's), commits and searches.
    var updated = model[model.count - 2]
    updated.searchText = "zürich updated"
    try index.update(updated)
    model.removeAll { $0.id == updated.id }
    model.append(updated)
    let removed = model[1].id
    #expect(try index.remove(id: removed) > 0)
    model.removeAll { $0.id == removed }
    let added = [item(), item()]
    try index.add(added)
    model += added
    try index.commit()
    #expect(try index.search("zürich updated").first?.item.id == updated.id)
    try DiskIndexTests.expectSameAnswers(index, model)
    let committed = model
    let uncommitted = item()
    try index.add([uncommitted])
    model.append(uncommitted)
    #expect(index.info.generation == 1 && index.isCheckpointRunning)

    release.signal()
    try index.waitForBackgroundWork()
    #expect(!index.isCheckpointRunning)
    index.backgroundHook = nil  // later checkpoints run unheld
    let info = index.info
    #expect(info.generation == 2)
    #expect(info.logCommitCount == 1, "the commit made during the checkpoint stays in the log")
    #expect(info.uncommittedAddedCount == 1)
    #expect(Self.fields(try index.items()) == Self.fields(model))
    try DiskIndexTests.expectSameAnswers(index, model)

    let reopened = try DiskIndex(contentsOf: directory)
    #expect(Self.fields(try reopened.items()) == Self.fields(committed))
    try DiskIndexTests.expectSameAnswers(reopened, committed)
    // A crash before the manifest leaves the old one and its whole log; after it, the new manifest
    // and the old log, whose records after the checkpoint's replay.
    for copy in [beforeManifest, afterManifest] {
      #expect(Self.fields(try DiskIndex(contentsOf: copy).items()) == Self.fields(committed), "\(copy)")
    }
    #expect(try DiskIndex(contentsOf: beforeManifest).info.generation == 1)
    #expect(try DiskIndex(contentsOf: afterManifest).info.generation == 2)
    // Its log's later records are counted with their bytes (not "1 commits, 0 bytes": issue 47).
    let carried = try DiskIndex(contentsOf: afterManifest).info
    #expect(carried.logCommitCount == 1 && carried.logByteCount > WriteAheadLog.headerSize, "\(carried)")
    // A writer opening the crashed state keeps those records in its log, then commits after them.
    do {
      let writer = try DiskIndex(contentsOf: afterManifest, access: .readWrite)
      #expect(writer.info.logCommitCount == 1)
      try writer.add([uncommitted])
      try writer.commit()
    }
    #expect(
      Self.fields(try DiskIndex(contentsOf: afterManifest).items()) == Self.fields(committed + [uncommitted]))
    // The checkpoint's commit was the last one before the log's size: changes go on from here.
    try index.commit()
    try index.checkpoint()
    #expect(Self.fields(try DiskIndex(contentsOf: directory).items()) == Self.fields(model))
  }

  /// Random changes and commits with a small log size, so that many checkpoints run in the
  /// background beside them, answer like a fresh build of the same items; so does the reopened
  /// directory, once every checkpoint ended.
  @Test(.offThePool, arguments: [1, 2, 3] as [UInt64])
  func randomChangesBesideBackgroundCheckpointsAnswerLikeAFreshBuild(seed: UInt64) throws {
    let directory = DiskIndexTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var maker = ItemMaker(seed: seed)
    func item() -> AutocompleteItem { maker.next() }
    var model = (0..<20).map { _ in item() }
    let index = try DiskIndex.create(at: directory, items: model)
    index.checkpointThreshold = 400
    var committed = model
    for step in 0..<300 {
      switch maker.random.next() % 6 {
      case 0, 1:
        let added = (0..<Int(maker.random.next() % 3 + 1)).map { _ in item() }
        try index.add(added)
        model += added
      case 2 where !model.isEmpty:
        var changed = model[Int(maker.random.next() % UInt64(model.count))]
        changed.searchText += " \(step)"
        try index.update(changed)
        model.removeAll { $0.id == changed.id }
        model.append(changed)
      case 3 where !model.isEmpty:
        let id = model[Int(maker.random.next() % UInt64(model.count))].id
        try index.remove(id: id)
        model.removeAll { $0.id == id }
      default:
        try index.commit()
        committed = model
      }
      if step % 50 == 49 {
        try DiskIndexTests.expectSameAnswers(index, model, queries: ["", "s", "sao", "york", "zur"])
      }
    }
    try index.waitForBackgroundWork()
    #expect(index.info.generation > 3, "few checkpoints ran")
    #expect(Self.fields(try index.items()) == Self.fields(model))
    #expect(Self.fields(try DiskIndex(contentsOf: directory).items()) == Self.fields(committed))
  }

  /// With background checkpoints off, the commit that passes the log's size checkpoints itself.
  @Test(.offThePool) func checkpointsInTheForegroundWhenTurnedOff() throws {
    let directory = DiskIndexTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let index = try DiskIndex.create(at: directory, items: [AutocompleteItem("start")])
    index.checkpointsInBackground = false
    index.checkpointThreshold = 300
    index.backgroundHook = { _ in Issue.record("a checkpoint ran in the background") }
    for number in 0..<20 {
      try index.add([AutocompleteItem("item \(number)")])
      try index.commit()
      #expect(!index.isCheckpointRunning)
    }
    #expect(index.info.generation > 1)
    #expect(try DiskIndex(contentsOf: directory).count == 21)
  }
}
