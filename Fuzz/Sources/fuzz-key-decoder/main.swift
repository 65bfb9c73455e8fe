// The key decoder on arbitrary bytes (bracketed pastes, mouse reports, escape sequences, UTF-8),
// read in arbitrary pieces: it never traps, a paste keeps at most its cap, nothing stays pending
// after the reader's flushes, and the pieces decode to what the whole input decodes to.
import AutocompleteTerminal
import FuzzSupport

/// libFuzzer's entry: one test case from `count` bytes at `data`; 0 when it holds.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeyDecoder(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  var input = FuzzInput(UnsafeBufferPointer(start: data, count: count))
  let pieceSizes = (0..<4).map { _ in input.number(below: 16) + 1 }
  let bytes = Array(input.rest())

  var whole = KeyDecoder()
  let wholeEvents =
    whole.decode(bytes) + whole.flushPendingEscape() + whole.endPaste() + whole.flushPendingEscape()

  var pieces = KeyDecoder()
  var pieceEvents: [KeyEvent] = []
  var offset = 0
  var turn = 0
  while offset < bytes.count {
    let end = min(bytes.count, offset + pieceSizes[turn % pieceSizes.count])
    pieceEvents += pieces.decode(bytes[offset..<end])
    offset = end
    turn += 1
  }
  pieceEvents += pieces.flushPendingEscape() + pieces.endPaste() + pieces.flushPendingEscape()

  for decoder in [whole, pieces] { expect(!decoder.hasPendingInput, "input left pending after the flushes") }
  for event in wholeEvents + pieceEvents {
    if case .paste(let text) = event {
      expect(text.utf8.count <= KeyDecoder.maximumPasteByteCount, "a paste of \(text.utf8.count) bytes")
    }
  }
  expect(
    coalesced(wholeEvents) == coalesced(pieceEvents),
    "pieces \(pieceSizes) decode to \(coalesced(pieceEvents)), the whole input to \(coalesced(wholeEvents))")
  return 0
}

/// Runs of typed characters merged into one string each: how the characters of one read are split
/// into events depends on where the read ends.
func coalesced(_ events: [KeyEvent]) -> [String] {
  var result: [String] = []
  var text = ""
  for event in events {
    if case .character(let character) = event {
      text.append(character)
    } else {
      if !text.isEmpty { result.append("text(\(text.unicodeScalars.map(\.value)))") }
      text = ""
      result.append(String(describing: event))
    }
  }
  if !text.isEmpty { result.append("text(\(text.unicodeScalars.map(\.value)))") }
  return result
}

runFuzzer(fuzzKeyDecoder)
