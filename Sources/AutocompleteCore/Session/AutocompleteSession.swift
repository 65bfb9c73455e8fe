/// The driver: owns a ``SessionState``, feeds events through the ``SessionReducer`` and runs the
/// effects (search tasks, debounce and stall timers on the injected clock, cancellation, the answer
/// cache), then publishes the state and the outputs.
///
/// ```swift
/// let session = AutocompleteSession(configuration: SessionConfiguration(source: ListSource(items)))
/// session.onOutput = { output in if case .replaceText(let edit) = output { field.apply(edit) } }
/// session.onStateChange = { state in list.render(state) }
/// session.send(.textChanged(TextSnapshot("sao")))
/// session.send(.key(.down))
/// ```
///
/// It lives on the main actor, like the UI that drives it. A newer query cancels the task of the
/// older one (the cancellation reaches the source) and answers carry their request's identifier,
/// so an old answer is never shown.
@MainActor
public final class AutocompleteSession {
  /// The state machine.
  public private(set) var reducer: SessionReducer
  /// The current state.
  public private(set) var state: SessionState
  /// Receives state changes and outputs (UIKit style).
  public weak var delegate: (any AutocompleteSessionDelegate)?
  /// Called with every output: text edits to apply and callbacks.
  public var onOutput: ((SessionOutput) -> Void)?
  /// Called after every event that changed the state.
  public var onStateChange: ((SessionState) -> Void)?

  private let clock: any Clock<Duration>
  private let tasks = TaskBag()
  private var cache: SuggestionCache
  private var queue: [SessionEvent] = []
  private var isProcessing = false
  private var nextObserverID = 0
  private var observers: [Int: (SessionState) -> Void] = [:]
  private var continuations: [Int: AsyncStream<SessionState>.Continuation] = [:]

  /// Creates a session.
  /// - Parameters:
  ///   - configuration: Sources, triggers and options.
  ///   - clock: The clock for debounce and stall timers; tests pass a test clock.
  ///   - state: The initial state.
  public init(
    configuration: SessionConfiguration, clock: any Clock<Duration> = ContinuousClock(),
    state: SessionState = SessionState()
  ) {
    self.reducer = SessionReducer(configuration: configuration)
    self.clock = clock
    self.state = state
    self.cache = SuggestionCache(capacity: configuration.cacheCapacity)
  }

  /// The configuration. Setting it (for example RVS's `isAutoFillOn` switch) sends
  /// ``SessionEvent/refresh`` so the state follows at once.
  public var configuration: SessionConfiguration {
    get { reducer.configuration }
    set {
      reducer = SessionReducer(configuration: newValue)
      cache = SuggestionCache(capacity: newValue.cacheCapacity)
      send(.refresh)
    }
  }

  /// The filter of ``SessionConfiguration/searchOptions`` (``SearchOptions/filter``), such as the
  /// country a city field follows. Setting it while the user types asks the sources again at once;
  /// unlike setting ``configuration``, it keeps the answer cache (answers are cached per filter).
  public var searchFilter: AttributeFilter? {
    get { reducer.configuration.searchOptions.filter }
    set {
      guard newValue != reducer.configuration.searchOptions.filter else { return }
      reducer.configuration.searchOptions.filter = newValue
      send(.refresh)
    }
  }

  /// The filter the session's searches run with: ``searchFilter`` and, in a token field, every
  /// filter chip's filter (``TokenState/narrowing(_:)``), all of which must hold.
  public var effectiveSearchFilter: AttributeFilter? { state.tokenState.narrowing(searchFilter) }

  /// How many rows Page Up and Page Down move (``SessionConfiguration/pageSize``; at least 1). A
  /// front end that knows how many rows its list shows sets it whenever it lays the list out
  /// (`ListPaging` in `AutocompletePresentation` decides it from the list's height); unlike setting
  /// ``configuration``, this neither asks again nor clears the cache.
  public var pageSize: Int {
    get { reducer.configuration.pageSize }
    set { reducer.configuration.pageSize = max(1, newValue) }
  }

  /// Sends an event; returns whether the session used it (`false` for a key the front end should
  /// handle itself, such as Home with the list closed). An event sent from inside an output or
  /// state callback is queued, run after the current one, and reported as used.
  @discardableResult
  public func send(_ event: SessionEvent) -> Bool {
    if isProcessing {
      queue.append(event)
      return true
    }
    isProcessing = true
    let before = state
    let handled = process(event)
    while !queue.isEmpty { process(queue.removeFirst()) }
    isProcessing = false
    if state != before { publish() }
    return handled
  }

  /// Sends a key; returns whether the session used it.
  @discardableResult
  public func press(_ key: SessionKey) -> Bool {
    send(.key(key))
  }

  /// Reports the field's text with the caret at the end.
  public func textChanged(_ text: String) {
    send(.textChanged(TextSnapshot(text)))
  }

  /// A stream of states, starting with the current one; for SwiftUI `.task {}` or other consumers.
  public func states() -> AsyncStream<SessionState> {
    var captured: AsyncStream<SessionState>.Continuation?
    let stream = AsyncStream(SessionState.self, bufferingPolicy: .bufferingNewest(1)) { captured = $0 }
    guard let continuation = captured else { return stream }
    let id = addObserverID()
    continuations[id] = continuation
    continuation.yield(state)
    continuation.onTermination = { [weak self] _ in
      Task { @MainActor in self?.continuations[id] = nil }
    }
    return stream
  }

  /// Whether the session suggests: set it to `false` to suspend suggestions (the list closes, the
  /// pending search is cancelled, edits search nothing) and back to `true` to resume (the current
  /// text is searched again); sends ``SessionEvent/suggestionsEnabled(_:)``. Unlike
  /// ``SessionConfiguration/isAutoFillOn``, the configuration and its answer cache stay.
  public var areSuggestionsEnabled: Bool {
    get { state.areSuggestionsEnabled }
    set { send(.suggestionsEnabled(newValue)) }
  }

  /// Forgets the remembered pick with `id` (a recent row's delete control) and shows the list
  /// without it. A store that fails is reported as ``SessionOutput/recentsFailed(_:)``.
  public func removeRecent(id: String) {
    guard let recents = configuration.recents else { return }
    useRecents { try recents.store.remove(id: id, for: recents.field) }
    send(.refresh)
  }

  /// Forgets the remembered pick that `row` stands for (its ``SessionRecents/entryID``): the
  /// delete control of a recent or boosted row.
  public func removeRecent(_ row: Suggestion) {
    guard let id = configuration.recents?.entryID(row) else { return }
    removeRecent(id: id)
  }

  /// Forgets every remembered pick of the field.
  public func removeAllRecents() {
    guard let recents = configuration.recents else { return }
    useRecents { try recents.store.removeAll(for: recents.field) }
    send(.refresh)
  }

  /// Cancels every running search and timer; the session also does this when it is released.
  public func cancelAll() {
    tasks.cancelAll()
  }

  deinit {
    tasks.cancelAll()
  }

  /// Registers a state observer; returns its identifier.
  func addObserver(_ observer: @escaping (SessionState) -> Void) -> Int {
    let id = addObserverID()
    observers[id] = observer
    return id
  }

  private func addObserverID() -> Int {
    nextObserverID += 1
    return nextObserverID
  }

  @discardableResult
  private func process(_ event: SessionEvent) -> Bool {
    if case .refresh = event { cache = SuggestionCache(capacity: configuration.cacheCapacity) }
    let transition = reducer.reduce(state, event)
    state = transition.state
    for effect in transition.effects { run(effect) }
    return transition.isHandled
  }

  private func publish() {
    let state = self.state
    onStateChange?(state)
    delegate?.session(self, didChange: state)
    for observer in observers.values { observer(state) }
    for continuation in continuations.values { continuation.yield(state) }
  }

  private func run(_ effect: SessionEffect) {
    switch effect {
    case .search(let request): search(request)
    case .debounce(let id, let delay):
      schedule(id: id, after: delay, event: .debounceFired(requestID: id))
    case .stallTimer(let id, let delay):
      schedule(id: id, after: delay, event: .stallTimerFired(requestID: id))
    case .cancel(let id):
      tasks.cancel(id)
    case .output(let output):
      deliver(output)
    case .rememberPick(let suggestion):
      guard let recents = configuration.recents else { return }
      useRecents { try recents.remember(suggestion) }
    }
  }

  private func deliver(_ output: SessionOutput) {
    onOutput?(output)
    delegate?.session(self, didProduce: output)
  }

  /// The last failure of the recents store reported, so that a store failing on every keystroke
  /// is reported once (until it works again).
  private var recentsFailure: SessionError?

  /// Runs `body` on the recents store; a failure is reported as an output, never thrown.
  @discardableResult
  private func useRecents<T>(_ body: () throws -> T) -> T? {
    do {
      let value = try body()
      recentsFailure = nil
      return value
    } catch {
      let failure = SessionError(error)
      if failure != recentsFailure { deliver(.recentsFailed(failure)) }
      recentsFailure = failure
      return nil
    }
  }

  /// The field's recents for `request`, read once (nothing when the request does not involve them
  /// or the store fails).
  private func recentsAnswer(for request: SearchRequest) -> RecentsAnswer? {
    guard RecentsAnswer.isNeeded(for: request, in: configuration), let recents = configuration.recents
    else { return nil }
    let entries = useRecents { try recents.entries() } ?? []
    return RecentsAnswer(recents: recents, entries: entries, query: request.query)
  }

  private func schedule(id: Int, after delay: Duration, event: SessionEvent) {
    // The deadline counts from the event, not from when the task first runs.
    let sleep = Self.sleeper(clock, delay)
    let task = Task { @MainActor [weak self] in
      do {
        try await sleep()
      } catch {
        return
      }
      guard !Task.isCancelled else { return }
      self?.send(event)
    }
    tasks.insert(task, for: id)
  }

  /// A sleep until `delay` from now on `clock`, with the deadline fixed at the call.
  private static func sleeper<C: Clock<Duration>>(_ clock: C, _ delay: Duration)
    -> @Sendable () async throws -> Void
  {
    let deadline = clock.now.advanced(by: delay)
    return { try await clock.sleep(until: deadline, tolerance: nil) }
  }

  private func search(_ request: SearchRequest) {
    var sources = configuration.sources(for: request.target, query: request.query)
    // The recents are read once per request; the answer is finished with them after the cache, so
    // a cached answer is boosted by the recents of now.
    let recents = recentsAnswer(for: request)
    let hasSection = sources.first is RecentsSource
    if let recents { sources = recents.sources(sources) }
    let finish: @Sendable ([SuggestionSection]) -> [SuggestionSection] = { sections in
      recents?.finished(sections, hasSection: hasSection) ?? sections
    }
    let key = SuggestionCache.Key(target: request.target, query: request.query)
    let cacheable = sources.allSatisfy(\.isCacheable)
    if cacheable, let cached = cache.value(for: key) {
      queue.append(.resultsArrived(requestID: request.id, sections: finish(cached)))
      return
    }
    let immediate = sources.map { $0.mainActorSuggestions(for: request.query) }
    if immediate.allSatisfy({ $0 != nil }) {
      let sections = zip(sources, immediate).map { SuggestionSection(title: $0.title, suggestions: $1 ?? []) }
      if cacheable { cache.insert(sections, for: key) }
      queue.append(.resultsArrived(requestID: request.id, sections: finish(sections)))
      return
    }
    let task = Task { @MainActor [weak self] in
      do {
        let (sections, finished) = try await Self.fetch(sources, request.query, finishing: finish)
        guard !Task.isCancelled, let self else { return }
        if cacheable { self.cache.insert(sections, for: key) }
        self.send(.resultsArrived(requestID: request.id, sections: finished))
      } catch is CancellationError {
        return
      } catch {
        guard !Task.isCancelled else { return }
        self?.send(.failed(requestID: request.id, error: SessionError(error)))
      }
    }
    tasks.insert(task, for: request.id)
  }

  /// Asks every source concurrently and finishes the answer off the main actor (the recents boost
  /// matches rows again); returns the answer as the sources gave it (to cache) and finished.
  nonisolated private static func fetch(
    _ sources: [any SuggestionSource], _ query: SuggestionQuery,
    finishing finish: @Sendable ([SuggestionSection]) -> [SuggestionSection]
  ) async throws -> (sections: [SuggestionSection], finished: [SuggestionSection]) {
    let sections = try await fetch(sources, query)
    try Task.checkCancellation()
    return (sections, finish(sections))
  }

  /// Asks every source concurrently; one section per source, in order.
  nonisolated private static func fetch(_ sources: [any SuggestionSource], _ query: SuggestionQuery)
    async throws -> [SuggestionSection]
  {
    if sources.count == 1 {
      let suggestions = try await sources[0].suggestions(for: query)
      return [SuggestionSection(title: sources[0].title, suggestions: suggestions)]
    }
    return try await withThrowingTaskGroup(of: (Int, [Suggestion]).self) { group in
      for (index, source) in sources.enumerated() {
        group.addTask { (index, try await source.suggestions(for: query)) }
      }
      var answers = Array(repeating: [Suggestion](), count: sources.count)
      for try await (index, suggestions) in group { answers[index] = suggestions }
      return zip(sources, answers).map { SuggestionSection(title: $0.title, suggestions: $1) }
    }
  }
}
