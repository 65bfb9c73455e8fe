/// The Markdown-link form of ``MentionMarkup``: `[TEXT](SCHEME:ID)`, with `?trigger=…` after the id
/// when the text does not start with its trigger.
///
/// Plain text and link text escape `\`, `[` and `]` with a backslash, so an unescaped `[` always
/// opens a mention. The id and the trigger are percent-encoded (everything but `A–Z a–z 0–9 - . _ ~`).
/// Reading accepts a backslash before any ASCII punctuation (CommonMark's escapes) and reads a lone
/// `]` or a backslash before anything else as itself; a `[` that does not open a well-formed
/// mention link is an error.
struct MarkdownLinkMarkup: Sendable {
  /// The URL scheme of mention links (`mention`).
  let scheme: String
  /// The delimiters a link text can start with.
  let triggers: [String]

  // MARK: Writing

  func encode(_ text: MentionedText) -> String {
    var output = ""
    output.reserveCapacity(text.text.utf8.count + text.mentions.count * 24)
    var position = text.text.startIndex
    for mention in text.mentions {
      Self.escape(text.text[position..<mention.range.lowerBound], into: &output)
      output += "["
      Self.escape(mention.text[...], into: &output)
      output += "](\(scheme):" + Self.percentEncoded(mention.id)
      if leadingTrigger(of: mention.text) != mention.trigger {
        output += "?trigger=" + Self.percentEncoded(mention.trigger)
      }
      output += ")"
      position = mention.range.upperBound
    }
    Self.escape(text.text[position...], into: &output)
    return output
  }

  /// The longest trigger `text` starts with.
  func leadingTrigger(of text: String) -> String? {
    triggers.filter { !$0.isEmpty && text.hasPrefix($0) }.max { $0.count < $1.count }
  }

  static func escape(_ text: Substring, into output: inout String) {
    var plainStart = text.startIndex
    for index in text.utf8.indices {
      let byte = text.utf8[index]
      guard byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") else {
        continue
      }
      output += text[plainStart..<index]
      output += "\\"
      plainStart = index
    }
    output += text[plainStart...]
  }

  static func percentEncoded(_ text: String) -> String {
    var output = ""
    for byte in text.utf8 {
      if isUnreserved(byte) {
        output.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        let hex = Array("0123456789ABCDEF".unicodeScalars)
        output.unicodeScalars.append("%")
        output.unicodeScalars.append(hex[Int(byte >> 4)])
        output.unicodeScalars.append(hex[Int(byte & 0xF)])
      }
    }
    return output
  }

  static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
      UInt8(ascii: "~"):
      true
    default: false
    }
  }

  // MARK: Reading

  func decode(_ stored: String) throws -> MentionedText {
    let bytes = Array(stored.utf8)
    var output = DecodedText(capacity: bytes.count)
    var position = 0
    while position < bytes.count {
      switch bytes[position] {
      case UInt8(ascii: "\\"):
        let (byte, next) = Self.escape(in: bytes, at: position)
        output.append(byte)
        position = next
      case UInt8(ascii: "["):
        let (text, trigger, id, end) = try link(bytes, at: position, stored: stored)
        output.appendMention(text, trigger: trigger, id: id, source: position)
        position = end
      default:
        output.append(bytes[position])
        position += 1
      }
    }
    return try output.finished(stored: stored)
  }

  /// The byte a backslash escape at `position` stands for, and the position after it: the
  /// punctuation after the backslash, or the backslash itself before anything else.
  static func escape(in bytes: [UInt8], at position: Int) -> (UInt8, Int) {
    let next = position + 1
    if next < bytes.count, isASCIIPunctuation(bytes[next]) { return (bytes[next], next + 1) }
    return (bytes[position], next)
  }

  static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
    (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte)
      || (0x7B...0x7E).contains(byte)
  }

  /// The mention link at `position` (a `[`): its text, trigger, id and the position after it.
  private func link(_ bytes: [UInt8], at position: Int, stored: String) throws -> (
    String, String, String, Int
  ) {
    func fail(_ reason: String) -> MentionMarkupError {
      MentionMarkupError(reason: reason, utf8Offset: position, stored: stored)
    }
    var textBytes: [UInt8] = []
    var index = position + 1
    while true {
      guard index < bytes.count else { throw fail("no closing ']' after '['") }
      let byte = bytes[index]
      if byte == UInt8(ascii: "]") { break }
      if byte == UInt8(ascii: "[") { throw fail("an unescaped '[' inside a link text") }
      if byte == UInt8(ascii: "\\") {
        let (escaped, next) = Self.escape(in: bytes, at: index)
        textBytes.append(escaped)
        index = next
      } else {
        textBytes.append(byte)
        index += 1
      }
    }
    let prefix = Array("](\(scheme):".utf8)
    guard bytes[index...].starts(with: prefix) else {
      throw fail("expected '](\(scheme):' after the link text (a '[' in text is written '\\[')")
    }
    let urlStart = index + prefix.count
    guard let close = bytes[urlStart...].firstIndex(of: UInt8(ascii: ")")) else {
      throw fail("no closing ')' after the link")
    }
    let url = bytes[urlStart..<close]
    var idPart = url
    var triggerPart: ArraySlice<UInt8>?
    if let question = url.firstIndex(of: UInt8(ascii: "?")) {
      idPart = url[url.startIndex..<question]
      let query = Array("trigger=".utf8)
      guard url[(question + 1)...].starts(with: query) else { throw fail("expected '?trigger=' in the link") }
      triggerPart = url[(question + 1 + query.count)...]
    }
    guard let id = Self.percentDecoded(idPart) else {
      throw fail("the id is not valid percent-encoded UTF-8")
    }
    let text = String(decoding: textBytes, as: UTF8.self)
    guard !text.isEmpty else { throw fail("a mention needs a text") }
    let trigger: String
    if let triggerPart {
      guard let decoded = Self.percentDecoded(triggerPart), !decoded.isEmpty else {
        throw fail("the trigger is not valid percent-encoded UTF-8")
      }
      trigger = decoded
    } else if let leading = leadingTrigger(of: text) {
      trigger = leading
    } else {
      throw fail(
        "the link text starts with none of the triggers \(triggers.joined(separator: " ")) and no ?trigger= is given"
      )
    }
    return (text, trigger, id, close + 1)
  }

  /// The UTF-8 text of percent-encoded bytes, or `nil` for a bad escape or invalid UTF-8.
  static func percentDecoded(_ bytes: ArraySlice<UInt8>) -> String? {
    var output: [UInt8] = []
    var index = bytes.startIndex
    while index < bytes.endIndex {
      if bytes[index] == UInt8(ascii: "%") {
        guard index + 2 < bytes.endIndex,
          let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
        else { return nil }
        output.append(high << 4 | low)
        index += 3
      } else {
        output.append(bytes[index])
        index += 1
      }
    }
    let text = String(decoding: output, as: UTF8.self)
    return text.utf8.elementsEqual(output) ? text : nil
  }

  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    default: nil
    }
  }
}
