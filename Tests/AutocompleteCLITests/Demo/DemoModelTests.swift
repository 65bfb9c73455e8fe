import AutocompleteCore
import AutocompleteTerminal
import Foundation
import Testing

@testable import autocomplete

/// What the demo's screens show around their fields: a recents failure in the header, the last
/// result of any screen in the footer (never hiding a screen's header), what Enter did on the
/// composer, what Esc prints, and the real server on screen 4.
@Suite("Demo model")
@MainActor
struct DemoModelTests {
  /// The embedded cities, loaded and indexed once for every test, on a thread of their own: indexing
  /// them takes seconds (tens on a loaded machine); done on the main actor in each test it held up
  /// every `@MainActor` test of the run (the HTTP and session suites) for two minutes, and on the
  /// cooperative pool it would take one of its two threads meanwhile.
  static let cities = Task.detached { try await ChildProcess.onOwnThread { try PickerData.cities() } }

  static func model(
    screen: DemoScreen = .dropdown, recents: SessionRecents? = nil, remote: (any SuggestionSource)? = nil,
    remoteLabel: String? = nil
  ) async throws -> DemoModel {
    let data = try await cities.value
    return DemoModel(
      data: data, options: SearchOptions(mode: .prefix, maximumCount: 50), seed: 758,
      wake: WakeSignal(), screen: screen, remote: remote, remoteLabel: remoteLabel, recents: recents)
  }

  static func type(_ text: String, into model: DemoModel) {
    for character in text { _ = model.handle(.key(.character(character))) }
  }

  static func frame(_ model: DemoModel) -> PickerViewModel { model.viewModel(firstVisibleRow: 0) }

  @Test("a recents file that is a directory, or not a recents file, is named in screen 1's header")
  func recentsFailure() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID())")
    defer { try? FileManager.default.removeItem(at: directory) }
    let asDirectory = directory.appendingPathComponent("a/recents.json")
    try FileManager.default.createDirectory(at: asDirectory, withIntermediateDirectories: true)
    let corrupt = directory.appendingPathComponent("b/recents.json")
    try FileManager.default.createDirectory(
      at: corrupt.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("{not json".utf8).write(to: corrupt)
    for url in [asDirectory, corrupt] {
      let model = try await Self.model(
        recents: SessionRecents(store: JSONFileRecentsStore(url: url), field: "demo.city"))
      #expect(Self.frame(model).header?.hasPrefix("Recents: ") == true)  // from the start
      Self.type("par", into: model)
      let typing = Self.frame(model).header ?? ""
      #expect(typing.hasPrefix("Recents: ") && typing.contains(url.path), "\(url.path): \(typing)")
      _ = model.handle(.key(.enter))
      let picked = Self.frame(model).header ?? ""
      if url == asDirectory {
        #expect(picked == typing)  // still failing: still named
      } else {
        #expect(!picked.hasPrefix("Recents: "))  // the corrupt file was set aside; the pick was kept
      }
    }
  }

  @Test("after a pick the header keeps the settings (F10 shows its change); the footer has the result")
  func pickKeepsSettings() async throws {
    let model = try await Self.model()
    Self.type("par", into: model)
    _ = model.handle(.key(.enter))
    let before = Self.frame(model)
    #expect(before.header?.hasPrefix("prefix (wildcard") == true, "\(before.header ?? "")")
    #expect(before.footer?.contains("Picked “Paris, France”") == true)
    _ = model.handle(.key(.function(10)))
    #expect(Self.frame(model).header != before.header && Self.frame(model).header?.contains("typos") == true)
  }

  @Test("screen 4's log stays in the header after a pick")
  func asyncLogStays() async throws {
    let model = try await Self.model(screen: .async)
    #expect(Self.frame(model).header?.hasPrefix("seed 758 · ") == true)
    #expect(Self.frame(model).title?.contains("simulated") == true)
  }

  @Test("with --typesense, screen 4 says it asks the real server, and which")
  func realServer() async throws {
    let model = try await Self.model(
      screen: .async, remote: ListSource([AutocompleteItem("Paris")]),
      remoteLabel: "Typesense http://127.0.0.1:8108 · collection “cities” · query by name")
    let frame = Self.frame(model)
    #expect(frame.title == "4 · Async source: a real server, stale answers dropped")
    #expect(frame.header?.hasPrefix("Typesense http://127.0.0.1:8108 · collection “cities”") == true)
    #expect(frame.header?.contains("1 in 5") == false && frame.header?.contains("seed") == false)
  }

  @Test("Enter on the composer shows the stored message; Esc on screen 5 prints the tag just added")
  func composerAndLastResult() async throws {
    let model = try await Self.model(screen: .composer)
    Self.type("hello", into: model)
    _ = model.handle(.key(.enter))
    #expect(Self.frame(model).header == "Enter stored it: hello · Esc prints it")
    #expect(Self.frame(model).footer?.contains("Stored “hello”") == true)
    _ = model.handle(.key(.function(5)))
    Self.type("brandnewtag", into: model)
    _ = model.handle(.key(.enter))  // the action row: Add “brandnewtag”
    #expect(Self.frame(model).footer?.contains("Added “brandnewtag”") == true)
    _ = model.handle(.key(.control("u")))
    var step = model.handle(.key(.escape))
    if case .proceed = step { step = model.handle(.key(.escape)) }  // the first Esc closes the list
    guard case .finish(let result) = step else {
      Issue.record("Esc did not quit: \(step)")
      return
    }
    #expect(result == .chosen("brandnewtag"))
  }
}
