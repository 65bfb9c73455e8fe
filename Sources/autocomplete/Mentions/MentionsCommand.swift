import ArgumentParser
import AutocompleteCore
import Foundation

/// `autocomplete mentions`: reads a stored message (the composer's output) without the UI, lists
/// its mentions or writes it in another form — the composer's non-interactive counterpart, as
/// `filter` is `pick`'s.
struct MentionsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "mentions",
    abstract: "Read a message with mentions in a stored form; list them or convert the message.",
    discussion: """
      Reads STORED (or standard input without it) in the --from form and prints, by --to: list (the \
      text, then one line per mention: text, trigger, id, UTF-16 range, separated by tabs; a backslash, \
      tab, line feed or carriage return inside a value is written \\\\, \\t, \\n, \\r), text (the plain text), or \
      default, slack, markdown (the message in that form). Exit status: 0 read, 2 malformed (the \
      error on standard error; the output then shows the string as plain text).
      """
  )

  /// A stored form.
  enum Form: String, ExpressibleByArgument, CaseIterable {
    case `default`, slack, markdown

    var markup: MentionMarkup {
      switch self {
      case .default: .default
      case .slack: .slack
      case .markdown: .markdownLink
      }
    }
  }

  /// What to print.
  enum Output: String, ExpressibleByArgument, CaseIterable {
    case list, text, `default`, slack, markdown
  }

  @Option(help: "The form of the input: default, slack or markdown.")
  var from: Form = .default

  @Option(help: "What to print: list, text, default, slack or markdown.")
  var to: Output = .list

  @Argument(help: "The stored message (default: standard input, without its final line break).")
  var stored: String?

  func run() throws {
    var input = stored ?? String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    if stored == nil, input.hasSuffix("\n") { input.removeLast() }
    let (message, error) = from.markup.decodeOrPlainText(input)
    try StandardStream.output(Self.render(message, as: to) + "\n")
    if let error {
      StandardStream.error("autocomplete: \(error.description)\n")
      throw ExitCode(2)
    }
  }

  /// A value as `--to list` prints it: a backslash, tab, line feed or carriage return escaped
  /// (`\\`, `\t`, `\n`, `\r`), so that each mention is one line of tab-separated fields.
  static func listField(_ value: String) -> String {
    var result = ""
    for character in value.unicodeScalars {
      switch character {
      case "\\": result += "\\\\"
      case "\t": result += "\\t"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      default: result.unicodeScalars.append(character)
      }
    }
    return result
  }

  /// `message` printed as `output`.
  static func render(_ message: MentionedText, as output: Output) -> String {
    switch output {
    case .text: return message.text
    case .default: return MentionMarkup.default.encode(message)
    case .slack: return MentionMarkup.slack.encode(message)
    case .markdown: return MentionMarkup.markdownLink.encode(message)
    case .list:
      var lines = [listField(message.text)]
      for mention in message.mentions {
        let range = mention.utf16Range
        let fields = [mention.text, String(mention.trigger), mention.id].map(listField)
        lines.append(
          fields.joined(separator: "\t") + "\t\(range.location)..<\(range.location + range.length)")
      }
      return lines.joined(separator: "\n")
    }
  }
}
