import Foundation

/// `pick --preview CMD`: the command with fzf's placeholders replaced for the highlighted row.
///
/// `{}` is the row's whole line, `{q}` the query, both quoted for the shell the command runs in as
/// fzf quotes them (``PreviewShell``: for a POSIX shell in single quotes, a `'` inside written
/// `'\''`; for fish `\'`); `{n}` is the row's number in the input, from 0,
/// unquoted. `{+}` is the marked rows (or the highlighted one when none is marked), each quoted,
/// separated by spaces. A field expression (`{1}`, `{-1}`, `{2..}`, `{1,3}`: fzf's ranges, split by
/// `--delimiter`) is those fields of the line, the delimiter after the last and blanks at the ends
/// trimmed, quoted. Anything else in braces is left as written.
struct PreviewTemplate: Sendable {
  /// The command as given.
  let command: String
  /// How `{1}`-style placeholders split the line.
  var delimiter: FieldDelimiter = .awk
  /// The shell the command runs in, which the placeholders are quoted for.
  var shell = PreviewShell(shell: nil)

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
      || Self.fieldExpressions(in: command).contains { _ in true }
  }

  /// The field expressions of `text` (`{2}`, `{-1}`, `{1..3,5}`) with their ranges.
  static func fieldExpressions(in text: String) -> [(range: Range<String.Index>, fields: [FieldRange])] {
    var found: [(Range<String.Index>, [FieldRange])] = []
    var start = text.startIndex
    while let open = text[start...].firstIndex(of: "{"),
      let close = text[open...].firstIndex(of: "}")
    {
      let inside = String(text[text.index(after: open)..<close])
      if !inside.isEmpty, inside.allSatisfy({ "0123456789-.,".contains($0) }),
        let fields = FieldRange.list(inside)
      {
        found.append((open..<text.index(after: close), fields))
      }
      start = text.index(after: open)
    }
    return found
  }

  /// Fields `ranges` of `line`, as fzf fills a field placeholder: joined, the delimiter after the
  /// last one and blanks at the ends trimmed.
  func fields(_ ranges: [FieldRange], of line: String) -> String {
    let fields = delimiter.fields(of: line[...])
    var text = ""
    for range in ranges {
      for index in range.indices(among: fields.count) { text += fields[index] }
    }
    return delimiter.strippingLast(text[...]).trimmingCharacters(in: .whitespaces)
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
        result += shell.quoted(subject.line ?? "")
        rest = tail.dropFirst(2)
      } else if tail.hasPrefix("{q}") {
        result += shell.quoted(subject.query)
        rest = tail.dropFirst(3)
      } else if tail.hasPrefix("{n}") {
        result += subject.index.map(String.init) ?? ""
        rest = tail.dropFirst(3)
      } else if tail.hasPrefix("{+}") {
        let lines = subject.marked.isEmpty ? [subject.line].compactMap { $0 } : subject.marked
        result += lines.map(shell.quoted).joined(separator: " ")
        rest = tail.dropFirst(3)
      } else if let close = tail.firstIndex(of: "}"),
        let ranges = Self.fieldExpressions(in: String(tail[...close])).first?.fields
      {
        result += shell.quoted(subject.line.map { fields(ranges, of: $0) } ?? "")
        rest = tail[tail.index(after: close)...]
      } else {
        result += "{"
        rest = tail.dropFirst()
      }
    }
    return result + rest
  }

}
