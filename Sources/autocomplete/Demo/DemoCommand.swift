import ArgumentParser
import AutocompleteCore
import AutocompleteTerminal
import Foundation

/// `autocomplete` (no subcommand) or `autocomplete demo`: the picker over the cities with the demo
/// screens one key away. The picked value is printed, so `city=$(autocomplete)` works.
struct DemoCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "demo",
    abstract: "Pick a city (or a line of --data) in the interactive demo and print it.",
    discussion: """
      Screens: F1 dropdown with live options (F6 case, F7 wildcard before, F8 wildcard after, F9 \
      maximum count, F10 typos), F2 inline completion, F3 message composer (@ people, # countries as \
      mentions: coloured, deleted as a unit, Enter or Esc prints the message in the stored form of \
      `autocomplete mentions`), F4 async source with latency and failures (or a Typesense collection with \
      --typesense), F5 extra action row. Screen 1 remembers the cities picked: the empty field lists \
      them (marked ◷, most frecent first), they come first while typing, and Shift-Delete forgets the \
      highlighted one; Ctrl-T fills the highlighted row into the field and searches again. Alt-1 … \
      Alt-9 and Alt-0 work as F1 … F10. Enter \
      picks, Esc closes the list (and quits when it is closed), Ctrl-C quits. Exit status: 0 picked, \
      1 nothing matched, 130 cancelled, 2 error.
      """
  )

  @OptionGroup var options: PickerOptions

  @Option(help: "The screen to start on, 1 to 5.")
  var screen: Int = 1

  @Option(help: "The seed of the async screen's simulated latency and failures (default: random).")
  var seed: UInt64?

  @Flag(
    help: ArgumentHelp(
      "Do not remember the cities picked on screen 1 (kept in $XDG_STATE_HOME/autocomplete/recents.json, "
        + "else ~/.local/state/autocomplete/recents.json)."))
  var noHistory = false

  @OptionGroup(title: "Typesense (the async screen asks it instead of the simulated server)")
  var typesense: TypesenseOptions

  func validate() throws {
    if DemoScreen(number: screen) == nil { throw ValidationError("--screen must be 1 to 5") }
  }

  func run() async throws {
    let data = try options.loadDataForTerminal()
    try data.loadCompletely()
    let wake = WakeSignal()
    let options = self.options
    let start = DemoScreen(number: screen) ?? .dropdown
    let seed = self.seed ?? UInt64.random(in: 1...999)
    let remote = try typesense.source()
    let remoteLabel = typesense.label
    let recents = noHistory || data.isLines ? nil : Self.cityRecents()
    var app = await MainActor.run {
      let model = DemoModel(
        data: data,
        options: options.searchOptions(defaultMode: .prefix, defaultLimit: 50, defaultTypos: .automatic),
        seed: seed,
        wake: wake, screen: start, remote: remote, remoteLabel: remoteLabel, recents: recents)
      if !options.query.isEmpty { model.setText(options.query) }
      return DemoApp(model: model)
    }
    let result = try await options.eventLoop().run(&app) { wake.attach($0) }
    try (result ?? .cancelled).finish(terminator: options.search.lineEnd)
  }

  /// The city field's recents: the cities picked on screen 1, in the state directory's recents file
  /// (`JSONFileRecentsStore.defaultURL(application:)`).
  static func cityRecents(environment: [String: String] = ProcessInfo.processInfo.environment)
    -> SessionRecents
  {
    let url = JSONFileRecentsStore.defaultURL(application: "autocomplete", environment: environment)
    // Keyed by the completion ("Paris, France"), which stays when the list of cities changes.
    return SessionRecents(
      store: JSONFileRecentsStore(url: url), field: "demo.city", entryID: { $0.completionText })
  }
}
