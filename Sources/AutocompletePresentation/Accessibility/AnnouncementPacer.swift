import AutocompleteCore

/// What moved the highlight: a key (announced at once) or the pointer (never announced: VoiceOver
/// reads what is under its own cursor, and a hover is not a choice).
public enum HighlightCause: Sendable, Hashable {
  /// An arrow key, Page Up/Down, or code.
  case keyboard
  /// The mouse or trackpad hovering over a row.
  case pointer
}

/// Decides when a field's announcements are said, so VoiceOver users hear the list without it
/// talking over their typing:
///
/// - The count ("5 suggestions, swipe right to hear them.") is said **once, after typing pauses**
///   for ``delay`` (0.75 s by default): every change of the rows restarts the wait, and the same
///   rows are not announced twice.
/// - Nothing is said for a hidden list (closed, or hidden by the geometry): hiding drops what was
///   waiting, and the next opening is announced again.
/// - A highlight moved by a key is said at once ("Sapporo, 1 of 3"); one moved by the pointer is not.
/// - An inline completion shown without a list is said in full after the pause ("Madrid, Return
///   accepts it.").
/// - ``announce(_:)`` says something now (a token removed, a mention selected for deletion).
///
/// Every text goes to `post`, which front ends send as a *queued* announcement (iOS's
/// `accessibilitySpeechQueueAnnouncement`, medium priority on the Mac) so it never cuts off the
/// typing echo. The timer runs on the given clock, so tests drive it with a manual one.
@MainActor
public final class AnnouncementPacer {
  /// How long typing must pause before the count or an inline completion is said.
  public var delay: Duration
  /// Whose wording the texts use.
  public var platform: AccessibilityPlatform
  /// The text waiting for the pause, or `nil`.
  public private(set) var pendingText: String?

  private let clock: any Clock<Duration>
  private let post: @MainActor (String) -> Void
  private var timer: Task<Void, Never>?
  private var generation = 0
  private var pendingKey: SpokenKey?
  private var lastSpoken: SpokenKey?
  private var wasShown = false

  /// What was said, so the same list (or completion) is not said again.
  private struct SpokenKey: Equatable {
    var text: String
    var rowIDs: [String]
  }

  /// Creates a pacer.
  /// - Parameters:
  ///   - platform: Whose wording the texts use.
  ///   - delay: The typing pause before the count is said; 0.75 s by default.
  ///   - clock: The clock the pause is measured on; tests pass a manual clock.
  ///   - post: Says a text (a queued announcement).
  public init(
    platform: AccessibilityPlatform = .current, delay: Duration = .milliseconds(750),
    clock: any Clock<Duration> = ContinuousClock(), post: @escaping @MainActor (String) -> Void
  ) {
    self.platform = platform
    self.delay = delay
    self.clock = clock
    self.post = post
  }

  /// Takes a new state: schedules, says or drops announcements as described above.
  /// - Parameters:
  ///   - old: The state before, or `nil` for the first.
  ///   - new: The state now.
  ///   - isShown: Whether the list is on screen (`DropdownContent.isShown` and the geometry did not
  ///     hide it).
  ///   - highlightCause: What moved the highlight, if it moved.
  public func update(
    from old: SessionState?, to new: SessionState, isShown: Bool, highlightCause: HighlightCause = .keyboard
  ) {
    let shown = isShown && new.isOpen
    let typed = old?.text != new.text
    defer { wasShown = shown }
    guard shown else {
      if wasShown { lastSpoken = nil }
      if let text = SuggestionAccessibility.inlineCompletionAnnouncement(for: new, platform: platform) {
        schedule(SpokenKey(text: text, rowIDs: []), restart: typed)
      } else {
        cancel()
        if new.inlineCompletion == nil, lastSpoken?.rowIDs.isEmpty == true { lastSpoken = nil }
      }
      return
    }
    let rowsChanged =
      !wasShown || old == nil || old?.phase != new.phase
      || old?.suggestions.map(\.id) != new.suggestions.map(\.id) || old?.actionRowTitle != new.actionRowTitle
    if rowsChanged {
      if let text = SuggestionAccessibility.countAnnouncement(for: new, platform: platform) {
        schedule(SpokenKey(text: text, rowIDs: new.suggestions.map(\.id)), restart: typed)
      } else {
        cancel()
      }
      return
    }
    if typed, let pendingKey {
      schedule(pendingKey, restart: true)  // still typing: the pause starts again
      return
    }
    guard old?.highlight != new.highlight, highlightCause == .keyboard,
      let text = SuggestionAccessibility.highlightAnnouncement(for: new)
    else { return }
    cancel()  // the user is in the list: the count would be stale
    post(text)
  }

  /// Says `text` now (queued behind what is being said), dropping nothing that waits.
  public func announce(_ text: String) {
    guard !text.isEmpty else { return }
    post(text)
  }

  /// Drops what waits for the pause.
  public func cancel() {
    generation += 1
    timer?.cancel()
    timer = nil
    pendingText = nil
    pendingKey = nil
  }

  /// Waits for the pause before saying `key`; a key already waiting keeps its wait unless
  /// `restart` (the user typed).
  private func schedule(_ key: SpokenKey, restart: Bool) {
    if key == lastSpoken {
      cancel()
      return
    }
    if key == pendingKey, !restart { return }
    cancel()
    pendingText = key.text
    pendingKey = key
    let ticket = generation
    let sleep = Self.sleeper(clock, delay)
    timer = Task { @MainActor [weak self] in
      do {
        try await sleep()
      } catch {
        return
      }
      self?.fire(ticket)
    }
  }

  /// A sleep until `delay` from now on `clock`, the deadline fixed now (not when the task starts).
  private static func sleeper<C: Clock<Duration>>(_ clock: C, _ delay: Duration)
    -> @Sendable () async throws -> Void
  {
    let deadline = clock.now.advanced(by: delay)
    return { try await clock.sleep(until: deadline, tolerance: nil) }
  }

  private func fire(_ ticket: Int) {
    guard ticket == generation, let key = pendingKey else { return }
    timer = nil
    pendingText = nil
    pendingKey = nil
    lastSpoken = key
    post(key.text)
  }
}
