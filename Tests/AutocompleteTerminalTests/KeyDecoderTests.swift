import AutocompleteTerminal
import TestSupport
import Testing

/// Decodes `bytes` in one read, then flushes a pending escape.
private func decodeAll(_ bytes: [UInt8]) -> [KeyEvent] {
  var decoder = KeyDecoder()
  return decoder.decode(bytes) + decoder.flushPendingEscape()
}

/// Decodes a string's UTF-8 bytes in one read.
private func decodeAll(_ text: String) -> [KeyEvent] {
  decodeAll(Array(text.utf8))
}

/// Merges runs of `.character` events into one string each, so that results of different read
/// splits (which cluster characters per read) compare equal.
private func coalesced(_ events: [KeyEvent]) -> [String] {
  var result: [String] = []
  var text = ""
  for event in events {
    if case .character(let character) = event {
      text.append(character)
    } else {
      if !text.isEmpty { result.append("text(\(text))") }
      text = ""
      result.append(String(describing: event))
    }
  }
  if !text.isEmpty { result.append("text(\(text))") }
  return result
}

@Suite("KeyDecoder")
struct KeyDecoderTests {
  @Test("printable ASCII and UTF-8 become characters", .offThePool)
  func printable() {
    #expect(decodeAll("aZ ~") == [.character("a"), .character("Z"), .character(" "), .character("~")])
    #expect(decodeAll("é東👍") == [.character("é"), .character("東"), .character("👍")])
    // A decomposed é arriving in one read is one cluster.
    #expect(decodeAll("e\u{301}") == [.character("e\u{301}")])
    #expect(decodeAll("👨‍👩‍👧") == [.character("👨‍👩‍👧")])
  }

  @Test(
    "escape sequences",
    .offThePool,
    arguments: [
      ("\u{1B}[A", KeyEvent.up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
      ("\u{1B}OA", .up), ("\u{1B}OB", .down), ("\u{1B}OC", .right), ("\u{1B}OD", .left),
      ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}OH", .home), ("\u{1B}OF", .end),
      ("\u{1B}[1~", .home), ("\u{1B}[7~", .home), ("\u{1B}[4~", .end), ("\u{1B}[8~", .end),
      ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown), ("\u{1B}[3~", .delete), ("\u{1B}[2~", .insert),
      ("\u{1B}[1;5C", .right), ("\u{1B}[1;2D", .left), ("\u{1B}[1;3A", .up), ("\u{1B}[3;5~", .delete),
      ("\u{1B}[3;2~", .shiftDelete),
      ("\u{1B}[Z", .backTab), ("\u{1B}OP", .function(1)), ("\u{1B}[12~", .function(2)),
      ("\u{1B}[15~", .function(5)), ("\u{1B}[24~", .function(12)), ("\u{1B}OM", .enter),
    ])
  func escapeSequences(input: String, expected: KeyEvent) {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array(input.utf8)) == [expected])
    #expect(!decoder.hasPendingInput)
  }

  @Test("control keys", .offThePool)
  func controlKeys() {
    #expect(
      decodeAll([0x01, 0x05, 0x15, 0x17, 0x03]) == [
        .control("a"), .control("e"), .control("u"), .control("w"), .control("c"),
      ])
    #expect(decodeAll([0x7F, 0x08]) == [.backspace, .backspace])
    #expect(decodeAll([0x09]) == [.tab])
    #expect(decodeAll([0x0D]) == [.enter])
    #expect(decodeAll([0x0A]) == [.enter])
    #expect(decodeAll([0x0D, 0x0A, 0x0D]) == [.enter, .enter])
    #expect(decodeAll([0x1F]) == [.control("_")])
  }

  @Test("CR LF split across reads counts once", .offThePool)
  func carriageReturnLineFeedSplit() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x0D]) == [.enter])
    #expect(decoder.decode([0x0A]) == [])
    #expect(decoder.decode([0x0A]) == [.enter])
  }

  @Test("NUL bytes are ignored", .offThePool)
  func nul() {
    #expect(decodeAll([0x00, 0x61, 0x00, 0x00, 0x62, 0x00]) == [.character("a"), .character("b")])
  }

  @Test("a lone ESC waits, then flushes as escape", .offThePool)
  func loneEscape() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1B]) == [])
    #expect(decoder.hasPendingEscape)
    #expect(decoder.flushPendingEscape() == [.escape])
    #expect(!decoder.hasPendingInput)
    #expect(decoder.flushPendingEscape() == [])
  }

  @Test("ESC then the rest of a sequence in the next read is one key", .offThePool)
  func escapeSplit() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1B]) == [])
    #expect(decoder.decode(Array("[".utf8)) == [])
    #expect(decoder.hasPendingEscape)
    #expect(decoder.decode(Array("1;5".utf8)) == [])
    #expect(decoder.decode(Array("D".utf8)) == [.left])
  }

  @Test("an unfinished sequence flushed on timeout gives escape then the typed text", .offThePool)
  func unfinishedSequenceFlush() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array("\u{1B}[1".utf8)) == [])
    #expect(decoder.flushPendingEscape() == [.escape, .character("["), .character("1")])
  }

  @Test("ESC ESC is one escape then a pending one; ESC + letter is Alt", .offThePool)
  func escapeCombinations() {
    #expect(decodeAll([0x1B, 0x1B]) == [.escape, .escape])
    #expect(decodeAll(Array("\u{1B}b".utf8)) == [.alt("b")])
    #expect(decodeAll(Array("\u{1B}[999~x".utf8)) == [.character("x")])
  }

  @Test("invalid UTF-8 becomes U+FFFD and decoding continues", .offThePool)
  func invalidUTF8() {
    #expect(decodeAll([0xFF, 0x61]) == [.character("\u{FFFD}"), .character("a")])
    #expect(decodeAll([0xC3, 0x28]) == [.character("\u{FFFD}"), .character("(")])
    #expect(decodeAll([0xE2, 0x82]) == [.character("\u{FFFD}")])
    #expect(
      decodeAll([0xED, 0xA0, 0x80]) == [
        .character("\u{FFFD}"), .character("\u{FFFD}"), .character("\u{FFFD}"),
      ])
    #expect(decodeAll([0xC0, 0xAF]) == [.character("\u{FFFD}"), .character("\u{FFFD}")])
    // A truncated sequence is held, not replaced, while more bytes may come.
    var decoder = KeyDecoder()
    #expect(decoder.decode([0xE6, 0x9D]) == [])
    #expect(decoder.decode([0xB1]) == [.character("東")])
  }

  @Test("bracketed paste is one event, with control characters cleaned", .offThePool)
  func paste() {
    let input = "\u{1B}[200~line one\r\nline\ttwo\nthree\u{07}\u{1B}[201~x"
    #expect(decodeAll(input) == [.paste("line one line two three"), .character("x")])
    #expect(decodeAll("\u{1B}[200~\u{1B}[201~") == [])
    // An ESC inside the paste that is not the end marker is dropped as a control character.
    #expect(decodeAll("\u{1B}[200~a\u{1B}[20b\u{1B}[201~") == [.paste("a[20b")])
  }

  @Test("a paste split across reads at every boundary gives the same paste", .offThePool)
  func pasteSplit() {
    let bytes = Array("ab\u{1B}[200~東京 👍\u{1B}\u{1B}[201~\u{1B}[A".utf8)
    let expected = decodeAll(bytes)
    #expect(expected == [.character("a"), .character("b"), .paste("東京 👍"), .up])
    for split in 0...bytes.count {
      var decoder = KeyDecoder()
      let events = decoder.decode(bytes[..<split]) + decoder.decode(bytes[split...])
      #expect(coalesced(events) == coalesced(expected), "split at \(split)")
    }
  }

  @Test("a huge paste", .offThePool)
  func hugePaste() {
    let body = String(repeating: "0123456789", count: 100_000)
    var decoder = KeyDecoder()
    var events: [KeyEvent] = decoder.decode(Array("\u{1B}[200~".utf8))
    let bodyBytes = Array(body.utf8)
    var offset = 0
    while offset < bodyBytes.count {
      events += decoder.decode(bodyBytes[offset..<min(bodyBytes.count, offset + 4096)])
      offset += 4096
    }
    events += decoder.decode(Array("\u{1B}[201~".utf8))
    #expect(events == [.paste(body)])
  }

  @Test("a paste without its end marker is ended by endPaste; keys work again after it", .offThePool)
  func unterminatedPaste() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array("\u{1B}[200~abc\u{1B}[20".utf8)).isEmpty)
    #expect(decoder.isPasting && decoder.flushPendingEscape().isEmpty)
    #expect(decoder.endPaste() == [.paste("abc[20")])
    #expect(!decoder.isPasting && decoder.endPaste().isEmpty)
    #expect(decoder.decode([0x78, 0x03]) == [.character("x"), .control("c")])
    #expect(decoder.decode([0x1B]).isEmpty && decoder.flushPendingEscape() == [.escape])
  }

  @Test(
    "a paste keeps at most maximumPasteByteCount bytes, cut at a scalar; what follows its end marker is keys",
    .offThePool)
  func pasteIsCapped() {
    let cap = KeyDecoder.maximumPasteByteCount
    var decoder = KeyDecoder()
    _ = decoder.decode(Array("\u{1B}[200~a".utf8))
    let chunk = Array(String(repeating: "東", count: 100_000).utf8)  // 3 bytes a scalar
    var fed = 1
    while fed < 3 * cap {
      #expect(decoder.decode(chunk).isEmpty)
      fed += chunk.count
    }
    let events = decoder.decode(Array("\u{1B}[201~x".utf8))
    guard events.count == 2, case .paste(let text) = events[0] else {
      Issue.record("expected a paste and a key, got \(events.count) events")
      return
    }
    #expect(text.utf8.count <= cap && text.utf8.count > cap - 3)
    #expect(text.hasPrefix("a東") && text.unicodeScalars.allSatisfy { $0 == "a" || $0 == "東" })
    #expect(events[1] == .character("x"))
  }

  @Test("a mixed input split at every byte boundary decodes the same", .offThePool)
  func mixedSplits() {
    let input =
      "ké東\u{1B}[A\u{1B}OB\u{1B}[1;5C\u{1B}[3~\u{7F}\r👨‍👩‍👧\u{1B}[5~\u{01}\u{1B}[200~p\u{E9}ste\u{1B}[201~x"
    let bytes = Array(input.utf8)
    let expected = coalesced(decodeAll(bytes))
    #expect(
      expected == [
        "text(ké東)", "up", "down", "right", "delete", "backspace", "enter", "text(👨‍👩‍👧)", "pageUp",
        "control(\"a\")", "paste(\"p\u{E9}ste\")", "text(x)",
      ])
    for first in 0...bytes.count {
      var decoder = KeyDecoder()
      let events = decoder.decode(bytes[..<first]) + decoder.decode(bytes[first...])
      #expect(coalesced(events) == expected, "split at \(first)")
    }
    // Byte by byte.
    var decoder = KeyDecoder()
    var events: [KeyEvent] = []
    for byte in bytes { events += decoder.decode([byte]) }
    #expect(coalesced(events) == expected)
  }

  @Test("random garbage never traps and leaves nothing pending after a flush", .offThePool)
  func garbage() {
    var generator = SplitMix(seed: 42)
    for _ in 0..<200 {
      let bytes = (0..<Int(generator.next() % 64)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
      var decoder = KeyDecoder()
      _ = decoder.decode(bytes)
      _ = decoder.flushPendingEscape()
      _ = decoder.decode(Array("\u{1B}[201~".utf8))
      #expect(!decoder.hasPendingEscape)
    }
  }
}

/// A small deterministic random generator for the garbage test.
struct SplitMix: RandomNumberGenerator {
  /// The state.
  var state: UInt64

  /// Creates a generator.
  init(seed: UInt64) { state = seed }

  /// The next value.
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}

@Suite("KeyDecoder: mouse reports")
struct KeyDecoderMouseTests {
  @Test(
    "SGR mouse reports: presses, releases, the wheel and motion; 1-based positions become 0-based",
    .offThePool)
  func mouse() {
    #expect(decodeAll("\u{1B}[<0;3;5M") == [.mouse(MouseEvent(action: .press(button: 0), row: 4, column: 2))])
    #expect(
      decodeAll("\u{1B}[<0;3;5m") == [.mouse(MouseEvent(action: .release(button: 0), row: 4, column: 2))])
    #expect(decodeAll("\u{1B}[<64;1;1M") == [.mouse(MouseEvent(action: .wheelUp, row: 0, column: 0))])
    #expect(decodeAll("\u{1B}[<65;10;2M") == [.mouse(MouseEvent(action: .wheelDown, row: 1, column: 9))])
    #expect(decodeAll("\u{1B}[<32;4;4M") == [.mouse(MouseEvent(action: .move, row: 3, column: 3))])
    // Split across reads, then a key.
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array("\u{1B}[<2;7".utf8)).isEmpty)
    #expect(
      decoder.decode(Array(";8Mx".utf8)) == [
        .mouse(MouseEvent(action: .press(button: 2), row: 7, column: 6)), .character("x"),
      ])
  }

  @Test("malformed mouse reports decode to nothing, never to stray characters", .offThePool)
  func malformedMouse() {
    #expect(decodeAll("\u{1B}[<0;3M") == [])
    #expect(decodeAll("\u{1B}[<0;0;0M") == [])
    #expect(decodeAll("\u{1B}[<66;1;1M") == [])
    #expect(decodeAll("\u{1B}[<1;2;3;4Mz") == [.character("z")])
    #expect(decodeAll("\u{1B}[<;;Mz") == [.character("z")])
  }
}
