import AutocompleteCore
import Foundation
import TestSupport
import Testing

@testable import autocomplete

/// `filter` reads its input in blocks of whole lines and searches each while the next is read,
/// keeping only matches (issue 22): lines that cross a block's edge stay whole, the answer is the
/// whole-text filter's, and bad input is still named by its line in the whole input.
@Suite("filter's block reader")
struct BlockReaderTests {
  /// A temporary file holding `bytes`, removed after `body`.
  func withFile<T>(_ bytes: [UInt8], _ body: (String) throws -> T) throws -> T {
    let path = NSTemporaryDirectory() + "block-reader-\(UUID().uuidString).txt"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return try body(path)
  }

  /// Random lines of ASCII, Latin with marks, CJK and emoji, some empty, some ending in CR LF, some
  /// long; the last without a line break half of the time.
  static func randomText(seed: UInt64) -> [UInt8] {
    var rng = SplitMix64(seed: seed)
    let pieces = ["a", "s", "t", "S", " ", "-", "é", "É", "ß", "東", "🇧🇷", "e\u{301}", "stand", "São", "\r"]
    var text = ""
    for _ in 0..<600 {
      let count = Int.random(in: 0...(Int.random(in: 0..<20, using: &rng) == 0 ? 60 : 6), using: &rng)
      text += (0..<count).map { _ in pieces.randomElement(using: &rng)! }.joined()
      text += Bool.random(using: &rng) ? "\r\n" : "\n"
    }
    if Bool.random(using: &rng) { text += "sa" }
    return Array(text.utf8)
  }

  @Test("blocks hold whole lines and give back the input, whatever the block size", .offThePool)
  func blocksHoldWholeLines() throws {
    let text = Self.randomText(seed: 1)
    for size in [1, 5, 64, 1 << 17] {
      let read: [UInt8] = try withFile(text) { path in
        let reader = try BlockReader(path: path, strictUTF8: true, blockSize: size, bufferCount: 2)
        var read: [UInt8] = []
        var blocks = 0
        while let block = try reader.next() {
          let bytes = Array(block.bytes)
          reader.recycle(block)
          read += bytes
          blocks += 1
          // Only the input's last line may end a block without its line break.
          #expect(bytes.last == 0x0A || read.count == text.count, "size \(size)")
        }
        #expect(size > 64 || blocks > 10)
        return read
      }
      #expect(read == text, "size \(size)")
    }
  }

  @Test(
    "searched block by block on every core, the answer is the whole text's",
    .offThePool, arguments: [1 as UInt64, 2])
  func agreesWithTheWholeText(seed: UInt64) throws {
    let text = Self.randomText(seed: seed)
    for mode in MatchMode.allCases {
      // Fewer under a sanitizer (its point there is the searcher threads, not the cases).
      for query in CommandRunner.isSanitized
        ? ["s", "é", "a s"] : ["s", "st", "sa", "é", "stand", "a s", "東"]
      {
        for limit in [nil, 5] {
          let options = SearchOptions(mode: mode, maximumCount: limit)
          let filter = StreamingLineFilter(query, options: options)
          let expected = try text.withUnsafeBufferPointer { try filter.matches(in: $0) }.map {
            Array(text[$0])
          }
          for size in [7, 300] {
            let lines: [[UInt8]] = try withFile(text) { path in
              let reader = try BlockReader(path: path, strictUTF8: true, blockSize: size)
              let blocks = try StreamingFilter.search(reader, with: filter)
              var lines: [[UInt8]] = []
              StreamingLineFilter.forEachLine(in: blocks, limit: limit) { lines.append(Array($0)) }
              return lines
            }
            #expect(lines == expected, "\(mode) \(query) limit \(String(describing: limit)) size \(size)")
          }
        }
      }
    }
  }

  @Test("a bad line is named by its number in the whole input, in a later block or unfinished", .offThePool)
  func badLinesAreNamedInTheWholeInput() throws {
    let good = Array(String(repeating: "abc\n", count: 50).utf8)
    // In the fourth block of 64 bytes or so: line 51 of the input.
    let message: String = try withFile(good + [0x61, 0xFF, 0x0A] + good) { path in
      let reader = try BlockReader(path: path, strictUTF8: true, blockSize: 64)
      do {
        _ = try StreamingFilter.search(reader, with: StreamingLineFilter("a"))
        return "no error"
      } catch {
        return "\(error)"
      }
    }
    #expect(message.hasSuffix(": line 51 is not valid UTF-8"), "\(message)")
    // One line longer than any block, bad halfway, never finished: refused as it grows.
    let unfinished = good + Array(repeating: 0x78, count: 500) + [0xFF] + Array(repeating: 0x79, count: 5000)
    let early: String = try withFile(unfinished) { path in
      let reader = try BlockReader(path: path, strictUTF8: true, blockSize: 64)
      do {
        _ = try StreamingFilter.search(reader, with: StreamingLineFilter("a"))
        return "no error"
      } catch {
        return "\(error) after \(reader.byteCount) bytes"
      }
    }
    #expect(early.contains(": line 51 is not valid UTF-8 after "), "\(early)")
    #expect(reader(bytesIn: early) < unfinished.count, "\(early)")
  }

  @Test("binary input (a NUL byte and no line break in 16 MiB) is refused, naming its line", .offThePool)
  func binaryLineIsRefused() throws {
    let text = Array("abc\ndef\n".utf8) + [UInt8](repeating: 0, count: LineReader.checkSize + 1024)
    let message: String = try withFile(text) { path in
      let reader = try BlockReader(path: path, strictUTF8: false)
      do {
        _ = try StreamingFilter.search(reader, with: StreamingLineFilter("a"))
        return "no error"
      } catch {
        return "\(error)"
      }
    }
    #expect(
      message.contains(": line 3 contains a NUL byte and no line break in its first 16 MiB"), "\(message)")
  }

  /// The byte count at the end of "… after N bytes".
  func reader(bytesIn message: String) -> Int {
    Int(message.split(separator: " ").dropLast().last ?? "") ?? .max
  }
}
