import Foundation

/// A ```swift block of a guide, and the normalization that compares it with Swift source.
struct GuideSnippet {
  /// The block's lines.
  var lines: [String]
  /// The line of the opening fence (1-based).
  var line: Int
  /// Whether the block is meant to compile (not marked `<!-- snippet: not compiled … -->`).
  var isCompiled: Bool

  static func blocks(in markdown: String) -> [GuideSnippet] {
    var blocks: [GuideSnippet] = []
    var current: GuideSnippet?
    var previous = ""
    for (number, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if var block = current {
        if line.hasPrefix("```") {
          blocks.append(block)
          current = nil
        } else {
          block.lines.append(String(line))
          current = block
        }
      } else if line.hasPrefix("```swift") {
        current = GuideSnippet(
          lines: [], line: number + 1, isCompiled: !previous.hasPrefix("<!-- snippet: not compiled"))
      }
      if !line.trimmingCharacters(in: .whitespaces).isEmpty { previous = String(line) }
    }
    return blocks
  }

  /// The block's lines without comments and whitespace, empty ones left out; a trailing comma before
  /// a line that closes a bracket is dropped (a formatter adds or removes those).
  var normalizedLines: [String] {
    var result = lines.map { Self.stripped($0) }.filter { !$0.isEmpty }.map(Self.withoutTrailingCommas)
    for index in result.indices.dropLast()
    where result[index].hasSuffix(",")
      && (result[index + 1].hasPrefix("]") || result[index + 1].hasPrefix(")"))
    {
      result[index].removeLast()
    }
    return result
  }

  /// A source file as one string without comments, whitespace and trailing commas.
  static func normalizedSource(_ source: String) -> String {
    withoutTrailingCommas(stripped(source))
  }

  /// The first of `lines` that does not occur in `source` after the previous one, or `nil`.
  static func firstMissingLine(_ lines: [String], in source: String) -> String? {
    var from = source.startIndex
    for line in lines {
      guard let found = source.range(of: line, range: from..<source.endIndex) else { return line }
      from = found.upperBound
    }
    return nil
  }

  static func withoutTrailingCommas(_ text: String) -> String {
    text.replacingOccurrences(of: ",]", with: "]").replacingOccurrences(of: ",)", with: ")")
  }

  /// `text` without `//` comments and without whitespace, both outside string literals.
  static func stripped(_ text: String) -> String {
    var output = ""
    let characters = Array(text)
    var index = 0
    func starts(_ prefix: String, at position: Int) -> Bool {
      let prefix = Array(prefix)
      return position + prefix.count <= characters.count
        && Array(characters[position..<position + prefix.count]) == prefix
    }
    while index < characters.count {
      let character = characters[index]
      if starts("//", at: index) {
        while index < characters.count, characters[index] != "\n" { index += 1 }
      } else if character == "\"" || starts("#\"", at: index) {
        // A string literal (plain, multi-line or raw) is copied as it is, up to its end.
        let opening = starts("#\"", at: index) ? "#\"" : starts("\"\"\"", at: index) ? "\"\"\"" : "\""
        let closing = opening == "#\"" ? "\"#" : opening
        output += opening
        index += opening.count
        while index < characters.count, !starts(closing, at: index) {
          if characters[index] == "\\", opening != "#\"", index + 1 < characters.count {
            output.append(characters[index])
            index += 1
          }
          output.append(characters[index])
          index += 1
        }
        output += closing
        index += closing.count
      } else {
        if !character.isWhitespace { output.append(character) }
        index += 1
      }
    }
    return output
  }
}
