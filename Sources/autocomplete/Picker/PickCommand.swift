import ArgumentParser
import AutocompleteCore
import AutocompleteTerminal
import Foundation

/// `autocomplete pick`: the picker without the demo's chrome, for scripts (`city=$(autocomplete pick)`).
struct PickCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "pick",
    abstract: "Pick one item interactively and print it.",
    discussion: """
      The picker is drawn on the terminal (/dev/tty), so standard input can carry the list (it is \
      read whenever it is not a terminal) and standard output only receives the choice. An empty \
      query lists every item. Keys: type to filter (fuzzy by default), ↑/↓ to move, Page Up/Down by \
      a screen, Enter or Tab to pick, Ctrl-T to fill the highlighted row into the query and search \
      again, Esc or Ctrl-C to cancel. With --history, Ctrl-P/Ctrl-N recall earlier queries; with \
      --frecency, lines picked often and lately come first (marked ◷) and Shift-Delete forgets the \
      highlighted one. Exit status: 0 picked, 1 nothing matched (Enter with no row), 130 cancelled, \
      2 error.
      """
  )

  @OptionGroup var options: PickerOptions

  @Option(
    help: ArgumentHelp(
      "Draw under the cursor in at most N lines (3 or more), or N% of the terminal, instead of the whole screen.",
      valueName: "n|n%"))
  var height: PickerHeight?

  @Option(help: "The prompt before the query.")
  var prompt: String = "> "

  @Option(help: "A line shown above the prompt.")
  var header: String?

  @Flag(help: "Print the query as the first line (also when Enter has no row to pick; exit 1 then).")
  var printQuery = false

  @Flag(
    name: [.customShort("1"), .customLong("select-1")], help: "Pick at once when one item matches the query.")
  var selectOne = false

  @Flag(
    name: [.customShort("0"), .customLong("exit-0")],
    help: "Exit at once (status 1) when nothing matches the query.")
  var exitZero = false

  @Option(
    help: ArgumentHelp(
      "reverse (the default): the prompt at the top, rows below; default: fzf's default, the prompt at "
        + "the bottom with the best row just above it.", valueName: "reverse|default"))
  var layout: PickerLayoutName = .reverse

  @Flag(help: "The same as --layout reverse (the default here), for fzf habits.")
  var reverse = false

  @Flag(help: "↑ on the first row goes to the last, ↓ on the last to the first.")
  var cycle = false

  @Flag(
    name: [.customShort("m"), .long], help: "Tab marks rows; Enter prints every marked row, one per line.")
  var multi = false

  @Flag(
    help: ArgumentHelp(
      "A token field: Tab turns the highlighted row into a chip on the prompt line and clears the "
        + "query, picked rows leave the list, Backspace on an empty query selects then removes the last "
        + "chip; Enter prints the chips, one per line (or the highlighted row when there are none)."))
  var tokens = false

  @Option(
    help: ArgumentHelp(
      "With --tokens over --cities or --tsv: rows such as “in BR (211)” for the values of FIELD with the "
        + "most matches lead the list; Tab or Enter on one makes a filter chip ([country:=BR]) that narrows "
        + "the list until Backspace removes it.", valueName: "field"))
  var facet: String?

  @Option(
    help: ArgumentHelp(
      "Keep the accepted queries in FILE, one a line (created if missing), as fzf does: Ctrl-P and "
        + "Ctrl-N recall them (↑/↓ still move); a query is saved when pick exits 0 or 1, not when cancelled.",
      valueName: "file"))
  var history: String?

  @Option(help: ArgumentHelp("The most queries --history keeps.", valueName: "n"))
  var historySize = 1000

  @Option(
    help: ArgumentHelp(
      "Remember picks in FILE (the JSON recents file of the library): the lines picked often and "
        + "lately rise among the rows that match as well (zoxide's frecency), marked ◷; Shift-Delete "
        + "forgets the highlighted one.", valueName: "file"))
  var frecency: String?

  @OptionGroup(title: "Preview") var preview: PreviewOptions

  @OptionGroup(title: "Keys") var keyOptions: KeyOptions

  @OptionGroup(title: "Typesense") var typesense: TypesenseOptions

  @Option(
    name: .customLong("index"),
    help:
      "Search the index at PATH (see `autocomplete index`) instead of lines; a pick prints the item's line.")
  var indexPath: String?

  @OptionGroup(title: "Attributes") var attributes: AttributeArguments

  func validate() throws {
    if let conflict = ItemBackend.conflict(
      indexPath: indexPath, tsv: attributes.tsv, data: options.search.data)
    {
      throw ValidationError(conflict)
    }
    if historySize < 1 { throw ValidationError("--history-size must be 1 or more") }
    if tokens && multi { throw ValidationError("--tokens and --multi cannot be used together") }
    if facet != nil && !tokens {
      throw ValidationError("--facet needs --tokens (a category row makes a filter chip)")
    }
    if facet != nil && (indexPath != nil || typesense.isGiven) {
      throw ValidationError("--facet counts local items: --cities or --tsv, not --index or --typesense")
    }
  }

  func run() async throws {
    try QueryClusterLimit.check(options.query)
    let memory = try PickMemory(history: history, historySize: historySize, frecency: frecency)
    let keys = try keyOptions.keys()
    let search = options.search
    let backend = ItemBackend.choose(search, typesense: typesense, indexPath: indexPath, tsv: attributes.tsv)
    try search.fieldOptions.refuseUnlessLines(backend.isLines)
    try search.refuseTransliteration(besides: [
      typesense.isGiven ? "--typesense" : nil,
      attributes.tsv.map { _ in "--tsv" },
    ])
    if backend == .typesense, let source = try attributes.remoteSource(typesense) {
      return try await pickRemote(source, memory: memory)
    }
    // --select-1 and --exit-0 may decide without a terminal; otherwise refuse before reading.
    if !(selectOne || exitZero) { _ = try TerminalDevice.open() }
    var data = try options.loadData(from: backend, attributes: attributes)
    data.pinnedTexts = memory.pinnedTexts
    var searchOptions = options.searchOptions(defaultMode: .fuzzy, defaultLimit: -1)
    // The index's own readings need no option; a retyped query does (`--transliterate`).
    if indexPath != nil { searchOptions.transliteration = options.search.transliteration }
    searchOptions.filter = try attributes.filter(for: data)
    let categories = try facet.map { try PickFacets.source($0, over: data) }
    IgnoredTyposWarning.warnIfNeeded(typos: options.search.typos, options: searchOptions)
    let query = options.query
    // A line read repaired (invalid UTF-8, NUL) is named once on standard error, after the screen.
    defer { if let warning = data.stream?.repairWarning { StandardStream.error(warning + "\n") } }
    if selectOne || exitZero {
      try data.loadCompletely()  // like fzf, both decide on the whole input
      var probe = searchOptions
      probe.maximumCount = 2
      let matches = data.suggestions(for: SuggestionQuery(query, options: probe))
      if exitZero && matches.isEmpty {
        try PickerResult.noMatch.finish(
          printing: keys.leadingLines(query: printQuery ? query : nil, terminator: terminator),
          terminator: terminator)
      }
      if selectOne, matches.count == 1 {
        memory.remember(matches)
        try PickerResult.chosen(data.output(of: matches[0])).finish(
          printing: keys.leadingLines(query: printQuery ? query : nil, terminator: terminator),
          terminator: terminator)
        return
      }
      _ = try TerminalDevice.open()  // undecided: the picker needs a terminal after all
    }
    let footer =
      tokens
      ? PickTokens.footer
      : multi ? "↑↓ move · Tab mark · Enter pick · Esc cancel" : "↑↓ move · Enter pick · Esc cancel"
    let (outcome, text, failures) = try await Self.pick(
      data: data, options: searchOptions, query: query,
      style: SessionPickerStyle(header: header, prompt: prompt, footer: footer), wraps: cycle,
      isMulti: multi, isTokens: tokens, categories: categories, isBottomUp: layout == .default && !reverse,
      memory: memory,
      loop: options.eventLoop(
        mode: PickerHeight.mode(for: height), usesMouse: true),
      preview: preview.pickPreview(data, delimiter: options.search.fieldOptions.fieldDelimiter),
      keys: keys)
    if case .tokens(let chips) = outcome {
      let rows = chips.filter { $0.kind == .value }.compactMap(\.item)
      memory.remember(rows)
      memory.finish(query: text, accepted: true, failures: failures)
      if let lines = keys.leadingLines(query: printQuery ? text : nil, terminator: terminator) {
        try StandardStream.output(lines + terminator)
      }
      for row in rows { try StandardStream.outputLine(data.output(of: row), terminator: terminator) }
      return
    }
    if case .marked(let rows) = outcome { memory.remember(rows) }
    memory.finish(query: text, accepted: Self.isAccepted(outcome), failures: failures)
    if case .marked(let rows) = outcome {
      if let lines = keys.leadingLines(query: printQuery ? text : nil, terminator: terminator) {
        try StandardStream.output(lines + terminator)
      }
      for row in rows { try StandardStream.outputLine(data.output(of: row), terminator: terminator) }
      return
    }
    let single: SessionPickerOutcome? = if case .single(let single) = outcome { single } else { nil }
    try PickerResult(single, data: data).finish(
      printing: keys.leadingLines(query: printQuery ? text : nil, terminator: terminator),
      terminator: terminator)
  }

  /// What ends each line printed (see ``SearchArguments/lineEnd``).
  var terminator: String { options.search.lineEnd }

  /// Whether `outcome` saves the query in the history: a pick or Return (exit status 0 or 1), as
  /// fzf does; not a cancel.
  static func isAccepted(_ outcome: PickApp.Outcome?) -> Bool {
    switch outcome {
    case .marked, .tokens, .single(.picked), .single(.returned), .single(.actionRowPicked): true
    case .single(.cancelled), nil: false
    }
  }

  /// Runs the picker over `data` (below `categories`' rows, if any); returns how it ended, the query
  /// it ended with and the failures of the recents file met meanwhile.
  static func pick(
    data: PickerData, options: SearchOptions, query: String, style: SessionPickerStyle, wraps: Bool,
    isMulti: Bool, isTokens: Bool = false, categories: (any SuggestionSource)? = nil,
    isBottomUp: Bool = false, memory: PickMemory = PickMemory(),
    loop: TerminalEventLoop, preview: PickPreview? = nil, keys: FzfKeys = FzfKeys()
  ) async throws -> (PickApp.Outcome?, String, [SessionError]) {
    let failures = RecentsFailures()
    let sources: [any SuggestionSource] = (categories.map { [$0] } ?? []) + [data.backgroundSource]
    let controller = await MainActor.run {
      let session = AutocompleteSession(
        configuration: SessionConfiguration(
          sources: sources, searchOptions: options, minimumQueryLength: 0,
          showsSuggestionsOnFocus: true, wrapsNavigation: wraps, highlightsFirstRow: true,
          recents: memory.recents, tokens: isTokens ? PickTokens.configuration : nil))
      let controller = SessionPickerController(session: session, text: query, style: style)
      if isTokens { controller.behavior.finishesOnPick = false }
      controller.history = memory.history
      controller.maximumCharacterBytes = QueryClusterLimit.maximumBytes
      controller.onOutput = { output in failures.note(output) }
      if let stream = data.stream { Self.follow(stream, controller: controller) }
      let totals = data.totals
      controller.matchTotal = { state in
        // The search ran with the filter chips' filters too.
        var narrowed = options
        narrowed.filter = state.tokenState.narrowing(options.filter)
        return state.answeredQuery.flatMap { query in
          totals.total(for: SuggestionQuery(query.text, options: narrowed)).map {
            PickTokens.total($0, lessChipsOf: state, query: query.text, options: narrowed) { row in
              data.attributes(of: row).map { narrowed.filter?.matches($0) ?? true } ?? true
            }
          }
        }
      }
      controller.itemTotal = { data.itemCount }
      return controller
    }
    let cycle = wraps ? CycleToLastMatch() : nil
    let outcome = try await PickApp.run(
      controller, isMulti: isMulti, loop: loop,
      afterEvent: { controller in
        cycle?.update(controller, rowWindow: data.rowWindow, limit: options.limit)
        Self.extendRows(controller, data: data, limit: options.limit)
      },
      highlighter: { query in
        let fields = data.stream?.fields
        let prepared = SearchQuery(query, options: fields?.searchOptions(options) ?? options)
        return { title in PickerData.highlights(of: prepared, in: title, fields: fields) }
      }, isBottomUp: isBottomUp, isTokens: isTokens, preview: preview, keys: keys)
    // The query as typed: a pick replaced the editor's text with the row's.
    let text = await MainActor.run { controller.finishingText ?? controller.editor.text }
    return (outcome, text, await failures.all)
  }
}

extension PickCommand {
  /// Grows the rows by a page (``PickerData/RowWindow``) and asks again when the highlight is within
  /// a screen of the last row and more rows match (at most `limit`): every match can be scrolled to,
  /// and only a page of rows is made at a time. The highlight stays where it is meanwhile.
  @MainActor
  static func extendRows(_ controller: SessionPickerController, data: PickerData, limit: Int?) {
    let state = controller.state
    let shown = state.suggestions.count
    guard state.phase == .results, case .suggestion(let index) = state.highlight,
      let query = state.answeredQuery?.text, shown >= data.rowWindow.count(for: query),
      shown < limit ?? Int.max, index >= shown - max(controller.pageSize ?? 0, 30),
      let total = controller.matchTotal?(state), total > shown
    else { return }
    data.rowWindow.grow(to: min(shown + PickerData.RowWindow.page, limit ?? Int.max), for: query)
    controller.session.send(.refresh)
  }

  /// Shows the reading progress in the footer and searches again as lines arrive.
  @MainActor
  static func follow(_ stream: LineStream, controller: SessionPickerController) {
    let keys = controller.style.footer ?? ""
    let update = { @MainActor [weak controller] in
      guard let controller else { return }
      let progress = stream.progress
      var footer = keys
      if let failure = progress.failure {
        footer += " · ✗ " + failure
      } else if let line = progress.repairedLine {
        footer += " · ⚠ line \(line): bad UTF-8 or NUL shown as �"
      }
      if progress.failure == nil && !progress.isFinished {
        footer += " · loading… \(progress.lineCount) lines"
      }
      controller.style.footer = footer
      controller.session.send(.refresh)
    }
    stream.onChange = { Task { @MainActor in update() } }
    // Also when the input already ended (with a bad line, say) before `onChange` was set.
    update()
  }
}

extension PickerResult {
  /// The shell result of a picker's outcome over `data`: a pick prints its row's output (a whole line,
  /// a city's completion text); Return without a row means nothing matched.
  init(_ outcome: SessionPickerOutcome?, data: PickerData) {
    switch outcome {
    case .picked(let suggestion): self = .chosen(data.output(of: suggestion))
    case .returned, .actionRowPicked: self = .noMatch
    case .cancelled, nil: self = .cancelled
    }
  }
}
