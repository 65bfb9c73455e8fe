import Foundation
import Testing

/// The one documented version: what `autocomplete --version` prints is CHANGELOG.md's first version
/// and the one README's "Add to your app" names, which also says how to pin a revision.
@Suite("The documented version")
struct VersionDocumentedTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  @Test("--version, CHANGELOG.md's first version and README agree; README says to pin a revision")
  func versionIsDocumented() async throws {
    let printed = try await CommandRunner.run(["--version"]).stdout
      .trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(!printed.isEmpty)
    let changelog = try String(contentsOf: Self.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
    let firstVersion = changelog.split(separator: "\n").first { $0.hasPrefix("## ") }
    #expect(firstVersion?.hasPrefix("## \(printed) ") == true, "\(firstVersion ?? "none") vs \(printed)")
    let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(readme.contains("The current version is **\(printed)**"))
    #expect(readme.contains("revision: \"<commit hash>\""))
  }
}
