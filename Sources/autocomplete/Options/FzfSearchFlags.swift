import ArgumentParser
import AutocompleteCore

/// fzf's search flags, as fzf users type them: `-e/--exact`, the extended syntax (`+x`), and case
/// (`-i`, `+i`, `--smart-case`). `+x`, `+i` and `+s` are rewritten before parsing
/// (``FzfArguments/rewritten(_:)``).
struct FzfSearchFlags: ParsableArguments {
  @Flag(
    name: [.customShort("e"), .long],
    help: "fzf's exact match: the query occurs anywhere (the contains mode), unless --mode says otherwise.")
  var exact = false

  @Flag(name: [.customShort("x"), .long], help: .hidden)
  var extended = false

  @Flag(
    help: ArgumentHelp(
      "Search the fuzzy and contains modes without fzf's extended syntax (also +x): the whole query, "
        + "spaces and marks included, is one term. By default 'a b' needs both, 'word matches it "
        + "exactly, ^start, end$, !not, a | b either."))
  var noExtended = false

  @Flag(
    name: [.customShort("i"), .customLong("ignore-case")],
    help: "Ignore case whatever the query (by default an upper-case letter makes case count: smart case).")
  var ignoreCase = false

  @Flag(help: .hidden)
  var smartCase = false

  @Flag(name: .customLong("no-ignore-case"), help: "Let case count, as --case-sensitive (also +i).")
  var noIgnoreCase = false

  /// The mode fzf's flags ask for, or `nil`.
  var mode: MatchMode? { exact ? .contains : nil }

  /// `options` with these flags: smart case unless turned off, and the extended syntax unless
  /// turned off, for the fuzzy mode and `-e` (an explicit `--mode contains` stays literal:
  /// `explicitMode` is `--mode`'s value).
  func applied(to options: SearchOptions, explicitMode: MatchMode?) -> SearchOptions {
    var options = options
    options.usesExtendedSyntax = !noExtended && (options.mode == .fuzzy || (exact && explicitMode == nil))
    options.usesSmartCase = !ignoreCase
    if noIgnoreCase { options.isCaseSensitive = true }
    return options
  }
}
