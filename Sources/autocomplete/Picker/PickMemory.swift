import AutocompleteCore
import AutocompleteTerminal
import Foundation

/// What `pick` remembers between runs: the queries it was accepted with (`--history FILE`, fzf's:
/// Ctrl-P and Ctrl-N walk them) and the lines it printed (`--frecency FILE`: a recents file of the
/// core's format, `JSONFileRecentsStore`, whose picks rise by `FrecencyRanking` the next times).
struct PickMemory: Sendable {
  /// The field key of pick's picks in a recents file.
  static let field = "pick"
  /// The longest line remembered (bytes): a longer one is printed but not kept in the file.
  static let longestRememberedLine = 4096

  /// The accepted queries.
  var history: QueryHistory?
  /// The remembered picks, boosted among the rows.
  var recents: SessionRecents?
  /// The recents file's failure reported before the picker started (not repeated after it).
  private var reportedFailure: String?

  /// The memory of nothing (neither option given).
  init() {}

  /// Opens `--history` (a file that cannot be used stops the command, as fzf does) and
  /// `--frecency` (a file that cannot be read is a warning: the picker runs without it, and a
  /// corrupt one is set aside at the next pick).
  init(history: String?, historySize: Int, frecency: String?) throws {
    if let history {
      do {
        self.history = try QueryHistory(contentsOf: URL(fileURLWithPath: history), maximumCount: historySize)
      } catch {
        throw InputError(description: error.description)
      }
    }
    if let frecency {
      let recents = SessionRecents(
        store: JSONFileRecentsStore(url: URL(fileURLWithPath: frecency)), field: Self.field, title: nil,
        showsOnFocus: false, whileTyping: .boost, entryID: Self.entryID)
      do {
        _ = try recents.entries()
      } catch {
        reportedFailure = "\(error)"
        Self.warn("\(error)" + ((error as? RecentsError).map(Self.consequence) ?? ""))
      }
      self.recents = recents
    }
  }

  /// A row is remembered by its text (the line, the city): row ids are line numbers, which change
  /// with the input.
  static let entryID: @Sendable (Suggestion) -> String? = { row in
    row.completionText.utf8.count <= longestRememberedLine ? row.completionText : nil
  }

  /// The texts of the remembered picks now (for ``PickerData/pinnedTexts``).
  var pinnedTexts: (@Sendable () -> Set<String>)? {
    guard let recents else { return nil }
    return { Set(((try? recents.entries()) ?? []).map(\.id)) }
  }

  /// Remembers rows picked outside the session (`--multi`'s marks, `--select-1`); a failure is a
  /// warning.
  func remember(_ rows: [Suggestion]) {
    guard let recents else { return }
    for row in rows {
      do {
        try recents.remember(row)
      } catch {
        // Said once: the failure reported before the picker started is not repeated.
        if "\(error)" != reportedFailure { Self.warn("\(error)") }
        return
      }
    }
  }

  /// After the picker: saves the query it was accepted with (a pick or Return: exit status 0 or 1,
  /// as fzf does; not when cancelled) and reports the recents failures the session met.
  func finish(query: String, accepted: Bool, failures: [SessionError]) {
    if accepted, var history {
      do {
        try history.save(query)
      } catch {
        Self.warn(error.description)
      }
    }
    var reported = Set([reportedFailure].compactMap { $0 })
    for failure in failures where reported.insert(failure.message).inserted {
      Self.warn(failure.message)
    }
  }

  /// What happens next to a recents file with `error`.
  private static func consequence(_ error: RecentsError) -> String {
    switch error {
    case .corrupt(let path, _): "; it is set aside as \(path).corrupt at the next pick"
    case .inaccessible: "; picks are not remembered"
    }
  }

  private static func warn(_ message: String) {
    StandardStream.error("autocomplete: warning: \(message)\n")
  }
}

/// The recents failures a picker's session reported (`SessionOutput.recentsFailed`), to print
/// once the terminal is given back.
@MainActor
final class RecentsFailures: Sendable {
  private(set) var all: [SessionError] = []

  nonisolated init() {}

  /// Keeps `output` when it is a recents failure.
  func note(_ output: SessionOutput) {
    if case .recentsFailed(let error) = output { all.append(error) }
  }
}
