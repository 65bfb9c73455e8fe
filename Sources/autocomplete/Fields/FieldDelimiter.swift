import Foundation

/// How a line splits into fields, as fzf's `--delimiter`: by default AWK-style (a field is a run of
/// non-blanks with the blanks — space, tab, line feed — after it; blanks at the start belong to no field); a delimiter that is
/// one character, or holds no regular-expression syntax, or is not a valid expression, is a literal
/// string; otherwise a regular expression. `\t` means a tab. Each field keeps the delimiter after
/// it, as in fzf.
enum FieldDelimiter: Sendable {
  /// Blanks (space, tab).
  case awk
  /// A literal string.
  case literal(String)
  /// A regular expression.
  case pattern(NSRegularExpression)

  /// The delimiter fzf makes of `text`.
  init(_ text: String) {
    let text = text.replacingOccurrences(of: "\\t", with: "\t")
    if text.count == 1 || NSRegularExpression.escapedPattern(for: text) == text {
      self = .literal(text)
    } else if let expression = try? NSRegularExpression(pattern: text) {
      self = .pattern(expression)
    } else {
      self = .literal(text)
    }
  }

  /// The fields of `line`, each with the delimiter after it.
  func fields(of line: Substring) -> [Substring] {
    switch self {
    case .awk:
      var fields: [Substring] = []
      var index = line.startIndex
      while index < line.endIndex, Self.isBlank(line[index]) { index = line.index(after: index) }
      while index < line.endIndex {
        let start = index
        while index < line.endIndex, !Self.isBlank(line[index]) { index = line.index(after: index) }
        while index < line.endIndex, Self.isBlank(line[index]) { index = line.index(after: index) }
        fields.append(line[start..<index])
      }
      return fields
    case .literal(let delimiter):
      guard !delimiter.isEmpty else { return [line] }
      var fields: [Substring] = []
      var rest = line
      while let found = rest.range(of: delimiter) {
        fields.append(rest[..<found.upperBound])
        rest = rest[found.upperBound...]
      }
      fields.append(rest)
      return fields
    case .pattern(let expression):
      // Slices of `line` itself (its indices hold for the caller), cut where the copy matched.
      let text = String(line)
      var fields: [Substring] = []
      var start = line.startIndex
      for match in expression.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
        guard let range = Range(match.range, in: text) else { continue }
        let end = Self.index(in: line, at: range.upperBound, of: text)
        fields.append(line[start..<end])
        start = end
      }
      if start < line.endIndex { fields.append(line[start...]) }
      return fields
    }
  }

  /// `text` without the delimiter at its end (blanks for AWK-style fields).
  func strippingLast(_ text: Substring) -> Substring {
    switch self {
    case .awk:
      var end = text.endIndex
      while end > text.startIndex, Self.isBlank(text[text.index(before: end)]) {
        end = text.index(before: end)
      }
      return text[..<end]
    case .literal(let delimiter):
      return text.hasSuffix(delimiter) ? text.dropLast(delimiter.count) : text
    case .pattern(let expression):
      let string = String(text)
      let matches = expression.matches(in: string, range: NSRange(string.startIndex..., in: string))
      guard let last = matches.last, let range = Range(last.range, in: string),
        range.upperBound == string.endIndex
      else { return text }
      return text[..<Self.index(in: text, at: range.lowerBound, of: string)]
    }
  }

  /// The index of `text` (a copy of `line`) at `index`, in `line`.
  private static func index(in line: Substring, at index: String.Index, of text: String) -> String.Index {
    line.utf8.index(line.startIndex, offsetBy: text.utf8.distance(from: text.startIndex, to: index))
  }

  private static func isBlank(_ character: Character) -> Bool {
    character == " " || character == "\t" || character == "\n"
  }
}
