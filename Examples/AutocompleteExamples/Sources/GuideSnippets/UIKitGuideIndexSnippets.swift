import AutocompleteCore
import Foundation

// The snippet of Guides/UIKit.md, "A prebuilt index and user additions", as written: platform-neutral
// (the SwiftUI and AppKit guides use the same type), type-checked for iOS and macOS with the examples.
// Not run here: what it calls (`DiskIndex`) is tested on Linux (DiskIndexTests, IndexGuideTests).

/// A note of the app's own data.
struct Note: Sendable {
  var id: String
  var title: String
}

/// The app's two indexes: the catalog built before release and shipped in the bundle, opened
/// read-only where it is; the user's own items in Application Support, created on first launch.
final class AppIndexes: Sendable {
  let catalog: DiskIndex
  let mine: DiskIndex

  init(bundle: Bundle = .main) throws {
    let shipped = bundle.url(forResource: "catalog", withExtension: "index")!
    // Read-only, and `.deferred`: the bundle's code signature guarantees its bytes, so the open
    // reads no checksums: its cost does not grow with the index (Index.md, "Opening").
    catalog = try DiskIndex(contentsOf: shipped, verification: .deferred)
    let support = try FileManager.default.url(
      for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true)
    let url = support.appendingPathComponent("mine.index", isDirectory: true)
    mine =
      FileManager.default.fileExists(atPath: url.path)
      ? try DiskIndex(contentsOf: url, access: .readWrite)
      : try DiskIndex.create(at: url, items: [])
  }

  /// The app's data changed: a note was saved (new or renamed).
  func saved(_ note: Note) throws {
    try mine.update(AutocompleteItem(note.title, id: note.id))  // the next keystroke finds it
    try mine.commit()  // durable: a crash loses only changes not committed yet
  }

  /// A note was deleted.
  func deleted(_ note: Note) throws {
    try mine.remove(id: note.id)
    try mine.commit()
  }

  /// The sources of a field: the user's items first, then the catalog.
  var sources: [any SuggestionSource] {
    [DiskIndexSource(mine, title: "Yours"), DiskIndexSource(catalog, title: "Catalog")]
  }
}

/// When the app changes the shipped items too: a writable copy of the bundled index.
func writableCatalog(shipped: URL, in support: URL) throws -> DiskIndex {
  let copy = support.appendingPathComponent("catalog.index", isDirectory: true)
  try DiskIndex.install(from: shipped, to: copy)  // false, and nothing done, when it is there
  return try DiskIndex(contentsOf: copy, access: .readWrite)
}
