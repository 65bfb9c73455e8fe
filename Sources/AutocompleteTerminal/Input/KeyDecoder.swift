/// An incremental decoder from the bytes a terminal sends (in raw mode) to ``KeyEvent``s.
///
/// Feed it every read with ``decode(_:)``. A sequence split across reads (a UTF-8 character, an escape
/// sequence, a bracketed paste) is held until its remaining bytes arrive. A lone ESC cannot be told apart
/// from the start of an escape sequence, so it stays pending too: when no more bytes arrive within a short
/// time (about 30 ms) the reader calls ``flushPendingEscape()``, which turns it into ``KeyEvent/escape``.
///
/// Bad input never traps: invalid UTF-8 becomes U+FFFD, unknown escape sequences and NUL bytes are
/// dropped. A paste keeps at most ``maximumPasteByteCount`` bytes (the rest is dropped until its end
/// marker), and a paste whose end marker never comes is ended by the reader with ``endPaste()``
/// when no byte arrives for a while, so that keys work again.
public struct KeyDecoder: Sendable {
  /// The most bytes a paste keeps; a longer one is cut there, at the start of a scalar.
  public static let maximumPasteByteCount = 1 << 20
  /// The bytes that end a bracketed paste: `ESC [ 201 ~`.
  private static let pasteEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]
  /// The longest escape sequence kept before it is dropped as garbage.
  private static let maximumSequenceLength = 64

  /// Bytes received but not decoded yet (an incomplete sequence).
  private var pending: [UInt8] = []
  /// Whether a bracketed paste is in progress: its start marker came, its end marker did not yet.
  public private(set) var isPasting = false
  /// The bytes of the paste in progress.
  private var pasteBytes: [UInt8] = []
  /// How many bytes of ``pasteEnd`` have been matched at the end of the input so far.
  private var pasteEndMatched = 0
  /// Whether the last decoded byte was a CR (so that a following LF is not a second Enter).
  private var lastWasCarriageReturn = false

  /// Creates a decoder with no pending input.
  public init() {}

  /// Whether undecoded bytes that start with ESC are waiting for more input; the reader then calls
  /// ``flushPendingEscape()`` when nothing more arrives in time.
  public var hasPendingEscape: Bool {
    !isPasting && pending.first == 0x1B
  }

  /// Whether any undecoded bytes are waiting (an incomplete sequence, or a paste in progress).
  public var hasPendingInput: Bool {
    isPasting || !pending.isEmpty
  }

  /// Ends the paste in progress as if its end marker had come (the reader calls it when no byte
  /// arrived for a while): returns the paste, and the bytes after it are decoded as keys again.
  public mutating func endPaste() -> [KeyEvent] {
    guard isPasting else { return [] }
    appendToPaste(Self.pasteEnd[0..<pasteEndMatched])
    pasteEndMatched = 0
    var events: [KeyEvent] = []
    finishPaste(into: &events)
    return events
  }

  /// Decodes the next bytes read from the terminal and returns the complete key events they finish.
  public mutating func decode(_ bytes: some Sequence<UInt8>) -> [KeyEvent] {
    var events: [KeyEvent] = []
    if isPasting {
      let rest = consumePaste(Array(bytes), into: &events)
      pending.append(contentsOf: rest)
    } else {
      pending.append(contentsOf: bytes)
    }
    decodePending(into: &events, flushing: false)
    return events
  }

  /// Resolves input that is still pending because no more bytes came: a lone ESC becomes
  /// ``KeyEvent/escape`` (the bytes after an unfinished escape sequence are decoded as typed text) and a
  /// truncated UTF-8 sequence becomes U+FFFD. A paste in progress keeps waiting for its end marker.
  public mutating func flushPendingEscape() -> [KeyEvent] {
    var events: [KeyEvent] = []
    guard !isPasting else { return events }
    decodePending(into: &events, flushing: true)
    return events
  }

  // MARK: - Decoding

  /// Decodes as much of ``pending`` as is complete; with `flushing`, decodes everything.
  private mutating func decodePending(into events: inout [KeyEvent], flushing: Bool) {
    var index = 0
    var text = ""
    func flushText() {
      for character in text { events.append(.character(character)) }
      text = ""
    }
    while index < pending.count {
      let byte = pending[index]
      if byte != 0x0A { lastWasCarriageReturn = false }
      switch byte {
      case 0x00:
        index += 1
      case 0x1B:
        flushText()
        switch decodeEscape(at: index, flushing: flushing) {
        case .incomplete:
          pending.removeFirst(index)
          return
        case .event(let event, let length):
          if let event { events.append(event) }
          index += length
        case .pasteStart(let length):
          index += length
          isPasting = true
          let rest = consumePaste(Array(pending[index...]), into: &events)
          pending = rest
          index = 0
        }
      case 0x0D:
        flushText()
        events.append(.enter)
        lastWasCarriageReturn = true
        index += 1
      case 0x0A:
        flushText()
        if !lastWasCarriageReturn { events.append(.enter) }
        lastWasCarriageReturn = false
        index += 1
      case 0x09:
        flushText()
        events.append(.tab)
        index += 1
      case 0x08, 0x7F:
        flushText()
        events.append(.backspace)
        index += 1
      case 0x01...0x1A:
        flushText()
        events.append(.control(Character(Unicode.Scalar(byte + 0x60))))
        index += 1
      case 0x1C...0x1F:
        flushText()
        events.append(.control(Character(Unicode.Scalar(byte + 0x40))))
        index += 1
      case 0x20..<0x7F:
        text.unicodeScalars.append(Unicode.Scalar(byte))
        index += 1
      default:
        switch Self.decodeUTF8(pending, at: index, flushing: flushing) {
        case .incomplete:
          flushText()
          pending.removeFirst(index)
          return
        case .scalar(let scalar, let length):
          if scalar.properties.generalCategory == .control {
            // C1 controls (U+0080...U+009F) are not printable; drop them.
          } else {
            text.unicodeScalars.append(scalar)
          }
          index += length
        }
      }
    }
    flushText()
    pending.removeAll(keepingCapacity: true)
  }

  /// What an escape sequence decoded to.
  private enum EscapeResult {
    /// More bytes are needed.
    case incomplete
    /// A key (or nothing, for an unknown sequence) and how many bytes it used.
    case event(KeyEvent?, length: Int)
    /// The start of a bracketed paste and how many bytes the marker used.
    case pasteStart(length: Int)
  }

  /// Decodes the escape sequence that starts at `start` in ``pending``.
  private func decodeEscape(at start: Int, flushing: Bool) -> EscapeResult {
    let available = pending.count - start
    guard available >= 2 else {
      return flushing ? .event(.escape, length: 1) : .incomplete
    }
    let second = pending[start + 1]
    switch second {
    case 0x5B:  // CSI: ESC [ params intermediates final
      var index = start + 2
      while index < pending.count {
        let byte = pending[index]
        if (0x40...0x7E).contains(byte) {
          let parameters = pending[(start + 2)..<index]
          return Self.csiResult(parameters: Array(parameters), final: byte, length: index - start + 1)
        }
        guard (0x20...0x3F).contains(byte) else {
          // Malformed: drop "ESC [" and decode the rest as ordinary input.
          return .event(nil, length: 2)
        }
        index += 1
        if index - start > Self.maximumSequenceLength { return .event(nil, length: index - start) }
      }
      return flushing ? .event(.escape, length: 1) : .incomplete
    case 0x4F:  // SS3: ESC O final
      guard available >= 3 else { return flushing ? .event(.escape, length: 1) : .incomplete }
      let event: KeyEvent? =
        switch pending[start + 2] {
        case 0x41: .up
        case 0x42: .down
        case 0x43: .right
        case 0x44: .left
        case 0x48: .home
        case 0x46: .end
        case 0x4D: .enter
        case 0x50: .function(1)
        case 0x51: .function(2)
        case 0x52: .function(3)
        case 0x53: .function(4)
        default: nil
        }
      return .event(event, length: 3)
    case 0x1B:
      return .event(.escape, length: 1)
    case 0x20..<0x7F:
      return .event(.alt(Character(Unicode.Scalar(second))), length: 2)
    default:
      return .event(.escape, length: 1)
    }
  }

  /// Maps a complete CSI sequence to a key.
  private static func csiResult(parameters: [UInt8], final: UInt8, length: Int) -> EscapeResult {
    let text = String(decoding: parameters, as: UTF8.self)
    if text.hasPrefix("<") {
      let mouse = MouseEvent(sgrParameters: text, final: Character(Unicode.Scalar(final)))
      return .event(mouse.map(KeyEvent.mouse), length: length)
    }
    let fields = text.split(separator: ";", omittingEmptySubsequences: false)
    let first = fields.first.flatMap { Int($0) }
    let event: KeyEvent?
    switch final {
    case 0x41: event = .up
    case 0x42: event = .down
    case 0x43: event = .right
    case 0x44: event = .left
    case 0x48: event = .home
    case 0x46: event = .end
    case 0x5A: event = .backTab
    case 0x50: event = .function(1)
    case 0x51: event = .function(2)
    case 0x52: event = .function(3)
    case 0x53: event = .function(4)
    case 0x7E:
      switch first {
      case 200: return .pasteStart(length: length)
      case 1, 7: event = .home
      case 4, 8: event = .end
      case 2: event = .insert
      case 3: event = fields.count > 1 && fields[1] == "2" ? .shiftDelete : .delete
      case 5: event = .pageUp
      case 6: event = .pageDown
      case 11, 12, 13, 14, 15: event = .function(first! - 10)
      case 17, 18, 19, 20, 21: event = .function(first! - 11)
      case 23, 24: event = .function(first! - 12)
      default: event = nil
      }
    default: event = nil
    }
    return .event(event, length: length)
  }

  /// Appends paste bytes up to the end marker; returns the bytes after the marker (empty while the paste
  /// is still in progress) and emits the paste when it ends.
  private mutating func consumePaste(_ bytes: [UInt8], into events: inout [KeyEvent]) -> [UInt8] {
    let end = Self.pasteEnd
    var offset = 0
    while offset < bytes.count {
      if pasteEndMatched == 0 {
        // Fast path: copy everything up to the next ESC at once.
        let next = bytes[offset...].firstIndex(of: 0x1B) ?? bytes.count
        appendToPaste(bytes[offset..<next])
        offset = next
        guard offset < bytes.count else { break }
      }
      let byte = bytes[offset]
      defer { offset += 1 }
      if byte == end[pasteEndMatched] {
        pasteEndMatched += 1
        if pasteEndMatched == end.count {
          pasteEndMatched = 0
          finishPaste(into: &events)
          return Array(bytes[(offset + 1)...])
        }
      } else {
        appendToPaste(end[0..<pasteEndMatched])
        if byte == end[0] {
          pasteEndMatched = 1
        } else {
          pasteEndMatched = 0
          appendToPaste(CollectionOfOne(byte))
        }
      }
    }
    return []
  }

  /// Appends to the paste what fits under ``maximumPasteByteCount``.
  private mutating func appendToPaste(_ bytes: some Collection<UInt8>) {
    let room = Self.maximumPasteByteCount - pasteBytes.count
    guard room > 0 else { return }
    pasteBytes.append(contentsOf: bytes.prefix(room))
  }

  /// Emits the paste collected so far (a cut one without the partial scalar at its end) and leaves
  /// paste mode.
  private mutating func finishPaste(into events: inout [KeyEvent]) {
    isPasting = false
    if pasteBytes.count >= Self.maximumPasteByteCount {  // cut: drop a scalar cut in two
      let count = pasteBytes.count
      var start = count - 1
      while start > 0 && count - start < 4 && pasteBytes[start] & 0xC0 == 0x80 { start -= 1 }
      let lead = pasteBytes[start]
      let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
      if start + length > count { pasteBytes.removeSubrange(start...) }
    }
    let text = Self.cleanPaste(pasteBytes)
    pasteBytes = []
    if !text.isEmpty { events.append(.paste(text)) }
  }

  /// Decodes pasted bytes: invalid UTF-8 becomes U+FFFD, CR LF, CR, LF and tab become one space each,
  /// and every other control character is removed.
  private static func cleanPaste(_ bytes: [UInt8]) -> String {
    let decoded = String(decoding: bytes, as: UTF8.self)
    // Control characters (general category Cc) are exactly U+0000...U+001F and U+007F...U+009F.
    func isControl(_ scalar: Unicode.Scalar) -> Bool {
      scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
    if !decoded.unicodeScalars.contains(where: isControl) { return decoded }
    var result = String.UnicodeScalarView()
    var previousWasCarriageReturn = false
    for scalar in decoded.unicodeScalars {
      defer { previousWasCarriageReturn = scalar == "\r" }
      switch scalar {
      case "\n":
        if !previousWasCarriageReturn { result.append(" ") }
      case "\r", "\t":
        result.append(" ")
      default:
        if !isControl(scalar) { result.append(scalar) }
      }
    }
    return String(result)
  }

  /// What a UTF-8 sequence decoded to.
  private enum UTF8Result {
    /// More bytes are needed.
    case incomplete
    /// A scalar (U+FFFD for invalid input) and how many bytes it used.
    case scalar(Unicode.Scalar, length: Int)
  }

  /// Decodes the UTF-8 sequence that starts at `start`, following the "maximal subpart" practice:
  /// each invalid prefix becomes one U+FFFD.
  private static func decodeUTF8(_ bytes: [UInt8], at start: Int, flushing: Bool) -> UTF8Result {
    let lead = bytes[start]
    let length: Int
    var secondRange: ClosedRange<UInt8> = 0x80...0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      secondRange = 0xA0...0xBF
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      secondRange = 0x80...0x9F
    case 0xF0:
      length = 4
      secondRange = 0x90...0xBF
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      secondRange = 0x80...0x8F
    default:
      return .scalar("\u{FFFD}", length: 1)
    }
    var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
    for offset in 1..<length {
      let position = start + offset
      guard position < bytes.count else {
        return flushing ? .scalar("\u{FFFD}", length: offset) : .incomplete
      }
      let byte = bytes[position]
      let range = offset == 1 ? secondRange : 0x80...0xBF
      guard range.contains(byte) else { return .scalar("\u{FFFD}", length: offset) }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    return .scalar(Unicode.Scalar(value) ?? "\u{FFFD}", length: length)
  }
}
