import AutocompleteCore
import AutocompleteTerminal
import Foundation

/// `pick`'s fzf key options together: `--bind` (``FzfBindings``) and `--expect` (``FzfExpect``),
/// and the expected key that ended the picker, if one did.
struct FzfKeys: Sendable {
  /// The bound keys.
  var bindings = FzfBindings()
  /// The expected keys.
  var expect = FzfExpect(keys: [])
  /// The name of the expected key that picked (empty for Enter), set when the picker finishes.
  let pressed = Pressed()

  /// The expected key pressed last.
  final class Pressed: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: String?

    /// Its name, or `nil` when none was pressed.
    var name: String? {
      get { lock.withLock { stored } }
      set { lock.withLock { stored = newValue } }
    }
  }

  /// Whether `--expect` was given: a key line is printed.
  var printsKey: Bool { !expect.keys.isEmpty }

  /// The lines printed before the picked rows, each ended by `terminator`: the query (with
  /// `--print-query`), then the expected key's name (with `--expect`; empty for Enter); `nil` for
  /// none.
  func leadingLines(query: String?, terminator: String) -> String? {
    let lines = [query, printsKey ? pressed.name ?? "" : nil].compactMap { $0 }
    return lines.isEmpty ? nil : lines.joined(separator: terminator)
  }
}
