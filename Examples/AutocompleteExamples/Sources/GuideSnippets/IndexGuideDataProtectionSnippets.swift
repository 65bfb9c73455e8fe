#if os(iOS)
  import AutocompleteCore
  import Foundation

  // The snippet of Guides/Index.md, "iOS Data Protection", as written, type-checked for iOS with the
  // examples (Data Protection classes exist on iOS only). Not run here.

  /// The user's index in `supportURL`, its files searchable after the first unlock.
  func protectedIndex(in supportURL: URL) throws -> DiskIndex {
    let directory = supportURL.appendingPathComponent("mine.index", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try FileManager.default.setAttributes(
      [.protectionKey: FileProtectionType.completeUntilFirstUserAuthentication], ofItemAtPath: directory.path)
    let mine = try DiskIndex.create(at: directory, items: [])  // its files take the directory's class
    return mine
  }
#endif
