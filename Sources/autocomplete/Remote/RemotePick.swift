import ArgumentParser
import AutocompleteCore
import AutocompleteRemote
import AutocompleteTerminal

extension PickCommand {
  /// `pick --typesense …`: the picker over a Typesense collection; a pick prints the row's text
  /// (the first `--query-by` field). Each keystroke asks the server (or narrows a complete answer
  /// locally); a failing server shows its message, and Ctrl-R asks again.
  /// `--history` and `--frecency` work as over lines (`memory`).
  func pickRemote(_ source: TypesenseSource, memory: PickMemory) async throws {
    let searchOptions = options.searchOptions(defaultMode: .prefix, defaultLimit: 50)
    let query = options.query
    if selectOne || exitZero {
      var probe = searchOptions
      probe.maximumCount = 2
      let rows: [Suggestion]
      do {
        rows = try await source.suggestions(for: SuggestionQuery(query, options: probe))
      } catch let error as RemoteError {
        throw InputError(description: "Typesense: \(error)")
      }
      if exitZero && rows.isEmpty { try PickerResult.noMatch.finish(printing: printQuery ? query : nil) }
      if selectOne, rows.count == 1 {
        memory.remember(rows)
        try PickerResult.chosen(rows[0].completionText).finish(printing: printQuery ? query : nil)
        return
      }
    }
    let footer =
      (tokens
        ? PickTokens.footer
        : multi ? "↑↓ move · Tab mark · Enter pick · Esc cancel" : "↑↓ move · Enter pick · Esc cancel")
      + " · Ctrl-R retry"
    let (wraps, isMulti, isTokens) = (cycle, multi, tokens)
    let failures = RecentsFailures()
    let controller = await MainActor.run {
      let session = AutocompleteSession(
        configuration: SessionConfiguration(
          sources: [source], searchOptions: searchOptions, minimumQueryLength: 0,
          showsSuggestionsOnFocus: true,
          wrapsNavigation: wraps, highlightsFirstRow: true, recents: memory.recents,
          tokens: isTokens ? PickTokens.configuration : nil))
      let controller = SessionPickerController(
        session: session, text: query,
        style: SessionPickerStyle(header: header, prompt: prompt, footer: footer))
      controller.history = memory.history
      controller.maximumCharacterBytes = QueryClusterLimit.maximumBytes
      controller.onOutput = { output in failures.note(output) }
      if isTokens { controller.behavior.finishesOnPick = false }
      return controller
    }
    let outcome = try await PickApp.run(
      controller, isMulti: isMulti,
      loop: options.eventLoop(mode: PickerHeight.mode(for: height), usesMouse: true), isTokens: isTokens
    )
    let text = await MainActor.run { controller.finishingText ?? controller.editor.text }
    if case .marked(let rows) = outcome { memory.remember(rows) }
    if case .tokens(let chips) = outcome { memory.remember(chips.compactMap(\.item)) }
    memory.finish(query: text, accepted: Self.isAccepted(outcome), failures: await failures.all)
    switch outcome {
    case .tokens(let chips):
      if printQuery { try StandardStream.output(text + "\n") }
      for row in chips.compactMap(\.item) {
        try StandardStream.outputLine(ArraySlice(row.completionText.utf8))
      }
    case .marked(let rows):
      if printQuery { try StandardStream.output(text + "\n") }
      for row in rows { try StandardStream.outputLine(ArraySlice(row.completionText.utf8)) }
    case .single(.picked(let row)):
      try PickerResult.chosen(row.completionText).finish(printing: printQuery ? text : nil)
    case .single(.returned), .single(.actionRowPicked):
      // Enter on a failed server is the failure (exit 2, its message), as in filter and pick -1,
      // never "nothing matched".
      let phase = await MainActor.run { controller.session.state.phase }
      if case .failed(let failure) = phase {
        if printQuery { try StandardStream.output(text + "\n") }
        throw InputError(description: "Typesense: \(failure.message)")
      }
      try PickerResult.noMatch.finish(printing: printQuery ? text : nil)
    case .single(.cancelled), nil:
      try PickerResult.cancelled.finish()
    }
  }
}
