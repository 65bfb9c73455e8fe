import Foundation
import TestSupport
import Testing

/// Keeps the guides and their tests in step: every ```swift block of README.md, Guides/*.md and
/// the modules' DocC catalog pages (`Sources/<Module>/<Module>.docc/*.md`) must appear, line by line
/// and in order, in one of the files named after its guide
/// (`<Guide>Guide*.swift` under Tests/ or Examples/: `SessionGuideTests.swift` for Session.md,
/// `READMEGuide…` for README.md), where it is compiled — and, on Linux, run. Whitespace, comments
/// and trailing commas do not count, so a test may be formatted differently and assert what the
/// guide's comments say. A block that cannot be compiled (a `Package.swift` fragment) is marked in
/// the guide with `<!-- snippet: not compiled … -->` on the line before it.
@Suite("Guides and their tests in step")
struct GuideSnippetsInStepTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  @Test("every Swift block of the guides is in its guide's test files", .offThePool)
  func everyBlockIsTested() throws {
    let guides = try Self.guides()
    #expect(guides.count >= 20)
    var checked = 0
    for guide in guides {
      let markdown = try String(contentsOf: guide, encoding: .utf8)
      let name = guide.deletingPathExtension().lastPathComponent
      let files = try Self.testFiles(for: name).map {
        ($0, GuideSnippet.normalizedSource(try String(contentsOf: $0, encoding: .utf8)))
      }
      for block in GuideSnippet.blocks(in: markdown) where block.isCompiled {
        checked += 1
        let lines = block.normalizedLines
        let misses = files.map { ($0.0.lastPathComponent, GuideSnippet.firstMissingLine(lines, in: $0.1)) }
        if files.isEmpty || misses.allSatisfy({ $0.1 != nil }) {
          let details = misses.map { "\($0.0) lacks “\($0.1 ?? "")”" }.joined(separator: "; ")
          Issue.record(
            """
            \(guide.lastPathComponent) line \(block.line): the block is in no \(name)Guide*.swift file \
            (\(files.isEmpty ? "there is none" : details))
            """)
        }
      }
    }
    #expect(checked >= 20)
  }

  @Test("the check finds a changed line, a missing block and ignores formatting", .offThePool)
  func checkCanFail() {
    let source = GuideSnippet.normalizedSource(
      """
      let url = URL(string: "https://example.com")!  // a comment
      let xs = [
        1,
        2,
      ]
      """)
    let block = { (text: String) in GuideSnippet.blocks(in: "```swift\n\(text)\n```\n")[0].normalizedLines }
    #expect(
      GuideSnippet.firstMissingLine(
        block("let url = URL(string: \"https://example.com\")!\nlet xs = [1, 2]"), in: source) == nil)
    #expect(GuideSnippet.firstMissingLine(block("let xs = [1, 3]"), in: source) == "letxs=[1,3]")
    #expect(
      GuideSnippet.firstMissingLine(
        block("let xs = [1, 2]\nlet url = URL(string: \"https://example.com\")!"), in: source) != nil)
    #expect(GuideSnippet.normalizedSource("let s = \"a // b\" // c") == "lets=\"a // b\"")
    let marked = GuideSnippet.blocks(in: "<!-- snippet: not compiled (a manifest) -->\n```swift\nx\n```\n")
    #expect(marked.count == 1 && !marked[0].isCompiled)
  }

  static func guides() throws -> [URL] {
    let folder = root.appendingPathComponent("Guides")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasSuffix(".md")
    }
    return [root.appendingPathComponent("README.md")]
      + names.sorted().map { folder.appendingPathComponent($0) } + (try catalogPages())
  }

  /// The pages of the modules' DocC catalogs (`Sources/<Module>/<Module>.docc/*.md`): their snippets
  /// are in `<Page>Guide*.swift` (`AutocompleteUIKitGuideSnippets.swift` for `AutocompleteUIKit.md`).
  static func catalogPages() throws -> [URL] {
    let sources = root.appendingPathComponent("Sources")
    var pages: [URL] = []
    for module in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
      let catalog = sources.appendingPathComponent(module).appendingPathComponent("\(module).docc")
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: catalog.path) else { continue }
      pages += names.filter { $0.hasSuffix(".md") }.sorted().map { catalog.appendingPathComponent($0) }
    }
    return pages
  }

  /// The Swift files under Tests/ and Examples/ whose name starts with `<name>Guide`.
  static func testFiles(for name: String) throws -> [URL] {
    var found: [URL] = []
    for top in ["Tests", "Examples"] {
      guard
        let walker = FileManager.default.enumerator(
          at: root.appendingPathComponent(top), includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
      else { continue }
      for case let url as URL in walker
      where url.pathExtension == "swift" && url.lastPathComponent.hasPrefix("\(name)Guide") {
        found.append(url)
      }
    }
    return found.sorted { $0.path < $1.path }
  }
}
