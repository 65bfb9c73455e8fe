/// The angle-bracket forms of ``MentionMarkup``: the package's `<mention|TRIGGER|ID|TEXT>` and
/// Slack's `<TRIGGER ID|TEXT>`.
///
/// Plain text writes `&`, `<` and `>` as `&amp;`, `&lt;` and `&gt;`; inside a mention `|` is also
/// written `&#124;`. So an unescaped `<` always opens a mention and the first `>` after it closes
/// it, and the fields split at unescaped `|`. Reading is lenient where nothing can be invented: a
/// `&` that starts no known entity and a lone `>` are read as themselves. A `<` that does not open a
/// well-formed mention is an error.
struct AngleBracketMarkup: Sendable {
  /// Which of the two forms.
  enum Style: Sendable {
    /// `<mention|TRIGGER|ID|TEXT>`.
    case standard
    /// `<TRIGGER ID|TEXT>` for the given triggers.
    case slack(
      triggers: [String], writesDisplayText: Bool,
      displayText: (@Sendable (_ trigger: String, _ id: String) -> String?)?)
  }

  /// The form.
  let style: Style

  /// The package's form.
  static let standard = AngleBracketMarkup(style: .standard)

  /// The first field of the package's form.
  static let keyword = "mention"

  // MARK: Writing

  func encode(_ text: MentionedText) -> String {
    var output = ""
    output.reserveCapacity(text.text.utf8.count + text.mentions.count * 16)
    var position = text.text.startIndex
    for mention in text.mentions {
      Self.escape(text.text[position..<mention.range.lowerBound], into: &output, escapesBar: false)
      write(mention, into: &output)
      position = mention.range.upperBound
    }
    Self.escape(text.text[position...], into: &output, escapesBar: false)
    return output
  }

  private func write(_ mention: Mention, into output: inout String) {
    switch style {
    case .standard:
      output += "<\(Self.keyword)|"
      Self.escape(mention.trigger[...], into: &output, escapesBar: true)
      output += "|"
      Self.escape(mention.id[...], into: &output, escapesBar: true)
      output += "|"
      Self.escape(mention.text[...], into: &output, escapesBar: true)
      output += ">"
    case .slack(let triggers, let writesDisplayText, _):
      guard triggers.contains(mention.trigger) else {
        // Slack has no mention for this trigger: its text stays, as text.
        Self.escape(mention.text[...], into: &output, escapesBar: false)
        return
      }
      output += "<"
      Self.escape(mention.trigger[...], into: &output, escapesBar: true)
      Self.escape(mention.id[...], into: &output, escapesBar: true)
      if writesDisplayText {
        output += "|"
        Self.escape(mention.text[...], into: &output, escapesBar: true)
      }
      output += ">"
    }
  }

  /// Appends `text` with `&`, `<`, `>` (and `|` when `escapesBar`) written as entities.
  static func escape(_ text: Substring, into output: inout String, escapesBar: Bool) {
    // The escaped characters are ASCII: scan the bytes, copy the runs between them whole.
    var plainStart = text.startIndex
    for index in text.utf8.indices {
      let entity: String
      switch text.utf8[index] {
      case UInt8(ascii: "&"): entity = "&amp;"
      case UInt8(ascii: "<"): entity = "&lt;"
      case UInt8(ascii: ">"): entity = "&gt;"
      case UInt8(ascii: "|") where escapesBar: entity = "&#124;"
      default: continue
      }
      output += text[plainStart..<index]
      output += entity
      plainStart = text.utf8.index(after: index)
    }
    output += text[plainStart...]
  }

  // MARK: Reading

  func decode(_ stored: String) throws -> MentionedText {
    let bytes = Array(stored.utf8)
    var output = DecodedText(capacity: bytes.count)
    var position = 0
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "&") {
        let (decoded, length) = Self.entity(in: bytes, at: position)
        output.append(decoded)
        position += length
      } else if byte == UInt8(ascii: "<") {
        guard let close = bytes[position...].firstIndex(of: UInt8(ascii: ">")) else {
          throw MentionMarkupError(reason: "no closing '>' after '<'", utf8Offset: position, stored: stored)
        }
        let (trigger, id, text) = try element(bytes, (position + 1)..<close, stored: stored)
        output.appendMention(text, trigger: trigger, id: id, source: position)
        position = close + 1
      } else {
        output.append(byte)
        position += 1
      }
    }
    return try output.finished(stored: stored)
  }

  /// The trigger, id and display text of the mention between `<` and `>`.
  private func element(_ bytes: [UInt8], _ content: Range<Int>, stored: String) throws -> (
    String, String, String
  ) {
    var fields: [Range<Int>] = []
    var fieldStart = content.lowerBound
    for index in content where bytes[index] == UInt8(ascii: "|") {
      fields.append(fieldStart..<index)
      fieldStart = index + 1
    }
    fields.append(fieldStart..<content.upperBound)
    let values = fields.map { Self.unescape(bytes[$0]) }
    let offset = content.lowerBound - 1
    switch style {
    case .standard:
      guard values.count == 4, values[0] == Self.keyword else {
        throw MentionMarkupError(
          reason: "expected <\(Self.keyword)|trigger|id|text>", utf8Offset: offset, stored: stored)
      }
      guard !values[1].isEmpty, !values[3].isEmpty else {
        throw MentionMarkupError(
          reason: "a mention needs a trigger and a text", utf8Offset: offset, stored: stored)
      }
      return (values[1], values[2], values[3])
    case .slack(let triggers, _, let displayText):
      let head = values[0]
      guard values.count <= 2,
        let trigger = triggers.filter({ !$0.isEmpty && head.hasPrefix($0) }).max(by: { $0.count < $1.count })
      else {
        throw MentionMarkupError(
          reason: "expected <trigger id> or <trigger id|text> with one of the triggers "
            + triggers.joined(separator: " "), utf8Offset: offset, stored: stored)
      }
      let id = String(head.dropFirst(trigger.count))
      guard !id.isEmpty else {
        throw MentionMarkupError(reason: "a mention needs an id", utf8Offset: offset, stored: stored)
      }
      let text = values.count == 2 ? values[1] : (displayText?(trigger, id) ?? trigger + id)
      guard !text.isEmpty else {
        throw MentionMarkupError(reason: "a mention needs a text", utf8Offset: offset, stored: stored)
      }
      return (trigger, id, text)
    }
  }

  /// The byte an entity at `position` stands for and its length; a `&` that starts no known
  /// entity stands for itself.
  static func entity(in bytes: [UInt8], at position: Int) -> (UInt8, Int) {
    for (name, value) in [("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&#124;", "|")] {
      let entity = Array(name.utf8)
      if bytes[position...].starts(with: entity) { return (value.utf8.first!, entity.count) }
    }
    return (UInt8(ascii: "&"), 1)
  }

  /// A field with its entities read.
  static func unescape(_ bytes: ArraySlice<UInt8>) -> String {
    let array = Array(bytes)
    var output: [UInt8] = []
    output.reserveCapacity(array.count)
    var position = 0
    while position < array.count {
      if array[position] == UInt8(ascii: "&") {
        let (decoded, length) = entity(in: array, at: position)
        output.append(decoded)
        position += length
      } else {
        output.append(array[position])
        position += 1
      }
    }
    return String(decoding: output, as: UTF8.self)
  }
}
