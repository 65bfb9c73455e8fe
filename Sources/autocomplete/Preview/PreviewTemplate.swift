/// `pick --preview CMD`: the command with fzf's placeholders replaced for the highlighted row.
///
/// `{}` is the row's whole line, `{q}` the query, both quoted for the shell as fzf quotes them (in
/// single quotes, a `'` inside written `'\''`); `{n}` is the row's number in the input, from 0,
/// unquoted. `{+}` is the marked rows (or the highlighted one when none is marked), each quoted,
/// separated by spaces. Anything else in braces (`{1}`, `{-1}`: fields; see `--nth`) is left as
/// written.
struct PreviewTemplate: Equatable, Sendable {
  /// The command as given.
  let command: String

  /// What the placeholders stand for.
  struct Subject: Equatable, Sendable {
    /// The highlighted row's line, or `nil` when no row is highlighted.
    var line: String?
    /// The highlighted row's number in the input (from 0).
    var index: Int?
    /// The query.
    var query: String
    /// The marked rows' lines, in marking order.
    var marked: [String] = []
  }

  /// Whether the command needs a row: without one (nothing matches) it is not run, as in fzf.
  var needsRow: Bool {
    command.contains("{}") || command.contains("{n}") || command.contains("{+}")
  }

  /// The command for `subject`, or `nil` when it needs a row and there is none.
  func expanded(for subject: Subject) -> String? {
    if needsRow && subject.line == nil { return nil }
    var result = ""
    var rest = Substring(command)
    while let open = rest.firstIndex(of: "{") {
      result += rest[..<open]
      let tail = rest[open...]
      if tail.hasPrefix("{}") {
        result += Self.quoted(subject.line ?? "")
        rest = tail.dropFirst(2)
      } else if tail.hasPrefix("{q}") {
        result += Self.quoted(subject.query)
        rest = tail.dropFirst(3)
      } else if tail.hasPrefix("{n}") {
        result += subject.index.map(String.init) ?? ""
        rest = tail.dropFirst(3)
      } else if tail.hasPrefix("{+}") {
        let lines = subject.marked.isEmpty ? [subject.line].compactMap { $0 } : subject.marked
        result += lines.map(Self.quoted).joined(separator: " ")
        rest = tail.dropFirst(3)
      } else {
        result += "{"
        rest = tail.dropFirst()
      }
    }
    return result + rest
  }

  /// `text` quoted for a POSIX shell, as fzf quotes it: `'it'\''s'`.
  static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
