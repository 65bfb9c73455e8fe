import ArgumentParser
import AutocompleteCore
import AutocompleteTerminal

/// `autocomplete pick`: the picker without the demo's chrome, for scripts (`city=$(autocomplete pick)`).
struct PickCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "pick",
    abstract: "Pick one item interactively and print it.",
    discussion: """
      The picker is drawn on the terminal (/dev/tty), so standard input can carry the list \
      (--data -) and standard output only receives the choice. Keys: type to filter, ↑/↓ to move, \
      Enter to pick, Tab to pick the highlighted row, Esc or Ctrl-C to cancel. Exit status: 0 picked, \
      1 nothing matched, 130 cancelled, 2 error.
      """
  )

  @OptionGroup var options: PickerOptions

  @Option(help: "Draw under the cursor in at most N lines instead of the whole screen.")
  var height: Int?

  func validate() throws {
    if let height, height < 3 { throw ValidationError("--height must be 3 or more") }
  }

  func run() async throws {
    let data = try options.loadData()
    let result = try await Self.pick(
      data: data, options: options.searchOptions, query: options.query,
      mode: height.map { .inline(maximumHeight: $0) } ?? .fullScreen)
    try result.finish()
  }

  /// Runs the picker over `data`.
  static func pick(
    data: PickerData, options: SearchOptions, query: String, mode: TerminalScreen.Mode
  ) async throws -> PickerResult {
    let controller = await MainActor.run {
      let session = AutocompleteSession(
        configuration: SessionConfiguration(
          sources: [data.source], searchOptions: options, highlightsFirstRow: true))
      return SessionPickerController(
        session: session, text: query,
        style: SessionPickerStyle(footer: "↑↓ move · Enter pick · Esc cancel"))
    }
    let outcome = try await SessionPickerApp.run(controller, loop: TerminalEventLoop(mode: mode))
    return PickerResult(outcome)
  }
}

extension PickerResult {
  /// The shell result of a picker's outcome: a pick prints its completion text; Return without a row
  /// means nothing matched.
  init(_ outcome: SessionPickerOutcome?) {
    switch outcome {
    case .picked(let suggestion): self = .chosen(suggestion.completionText)
    case .returned, .actionRowPicked: self = .noMatch
    case .cancelled, nil: self = .cancelled
    }
  }
}
