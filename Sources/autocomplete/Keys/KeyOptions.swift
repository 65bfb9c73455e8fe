import ArgumentParser

/// `pick`'s fzf key options: `--bind` and `--expect`.
struct KeyOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Bind keys to fzf actions, as fzf: KEY:ACTION[+ACTION…], comma-separated, repeatable (keys: "
        + "ctrl-a…z, alt-x, f1…f12, enter, tab, btab, esc, bspace, del, up, down, home, end, pgup, "
        + "pgdn, space, one character; actions: accept, abort, cancel, up, down, page-up, page-down, "
        + "first, last, toggle, clear-query, the line editor's (kill-line, backward-word…), "
        + "toggle-preview, preview-up, preview-down, preview-page-up, preview-page-down, "
        + "preview-top, preview-bottom, ignore).", valueName: "bindings"))
  var bind: [String] = []

  @Option(
    help: ArgumentHelp(
      "Keys (comma-separated, fzf's names) that pick like Enter and are printed on a line before the "
        + "picked rows (after the query with --print-query); Enter prints an empty line there.",
      valueName: "keys"))
  var expect: [String] = []

  func validate() throws {
    _ = try keys()
  }

  /// The parsed options.
  func keys() throws -> FzfKeys {
    var keys = FzfKeys()
    switch FzfBindings.parse(bind) {
    case .success(let bindings): keys.bindings = bindings
    case .failure(let refusal): throw ValidationError(refusal.description)
    }
    switch FzfExpect.parse(expect.joined(separator: ",")) {
    case .success(let expect): keys.expect = expect
    case .failure(let refusal): throw ValidationError("--expect: " + refusal.description)
    }
    return keys
  }
}
