import Foundation
import Testing

@testable import AutocompleteCore

/// Random adds, updates, removes, commits, merges and reopenings of a ``DiskIndex``, mirrored on a
/// plain array model of its items (a reopening drops the uncommitted changes from both): the
/// differential tests check the index against an oracle built from the model after each step.
enum DiskIndexRandomOperations {
  /// Runs `steps` random operations on an index of `initialCount` items that `create` writes into a
  /// fresh directory, items made by `makeItem` (given a number no item had), calling `check` with
  /// the index, the model and the step after each one.
  static func run(
    seed: UInt64, steps: Int, initialCount: Int,
    create: (URL, [AutocompleteItem]) throws -> DiskIndex,
    makeItem: (inout SplitMix64, Int) -> AutocompleteItem,
    check: (DiskIndex, [AutocompleteItem], Int) throws -> Void
  ) throws {
    var random = SplitMix64(seed: seed)
    let directory = DiskIndexTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var model = (0..<initialCount).map { makeItem(&random, $0) }
    var number = model.count
    var index: DiskIndex? = try create(directory, model)
    var committed = model
    for step in 0..<steps {
      let operation = random.next() % 10
      if operation == 9 {
        index = nil  // uncommitted changes are lost
        index = try DiskIndex(contentsOf: directory, access: .readWrite)
        model = committed
      }
      let disk = try #require(index)
      switch operation {
      case 0, 1, 2:
        let added = (0..<Int(random.next() % 4 + 1)).map { _ in
          number += 1
          return makeItem(&random, number)
        }
        try disk.add(added)
        model += added
      case 3, 4:
        guard let victim = model.randomElement(using: &random) else { continue }
        let removed = try disk.remove(id: victim.id)
        #expect(removed == model.filter { $0.id == victim.id }.count)
        model.removeAll { $0.id == victim.id }
      case 5:
        guard let victim = model.randomElement(using: &random) else { continue }
        number += 1
        var replacement = makeItem(&random, number)
        replacement.id = victim.id
        try disk.update(replacement)
        model.removeAll { $0.id == victim.id }
        model.append(replacement)
      case 6, 7:
        try disk.commit()
        committed = model
      case 8:
        if random.next() % 3 == 0 {
          try disk.merge()
          committed = model
          #expect(disk.info.segments.count <= 1)
        }
      default:
        break
      }
      #expect(try disk.items().map(\.id) == model.map(\.id), "step \(step)")
      try check(disk, model, step)
    }
  }
}
