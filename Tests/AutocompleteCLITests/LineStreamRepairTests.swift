import Foundation
import TestSupport
import Testing

@testable import autocomplete

/// `pick`'s reader keeps bad lines (issue 22): indexed repaired, picked as read; and reads items
/// ended by NUL bytes (`--read0`).
@Suite("pick's reader: bad lines and --read0")
struct LineStreamRepairTests {
  /// `bytes` in a temporary file, read by a stream with `configure`'s options; removed after.
  func read(_ bytes: [UInt8], separator: UInt8 = 0x0A, repairs: Bool = true) throws -> LineStream {
    let path = NSTemporaryDirectory() + "line-stream-\(UUID().uuidString).txt"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let stream = try LineStream.open(path, separator: separator, repairsInvalidLines: repairs)
    stream.waitUntilFinished()
    return stream
  }

  @Test("bad lines are indexed with U+FFFD, picked as read, and the first is named", .offThePool)
  func repairs() throws {
    let input: [UInt8] = Array("a\n\n".utf8) + [0x63, 0x61, 0x66, 0xE9] + Array("\n\nb\u{0}c\nd\n".utf8)
    let stream = try read(input)
    let progress = stream.progress
    #expect(progress.failure == nil && progress.lineCount == 4)
    #expect(progress.repairedLine == 3)  // empty lines counted, as in filter's warning
    #expect(stream.bytes(ofLine: 1).map(Array.init) == [0x63, 0x61, 0x66, 0xE9])
    #expect(stream.bytes(ofLine: 2).map(Array.init) == Array("b\u{0}c".utf8))
    #expect(stream.bytes(ofLine: 3).map(Array.init) == Array("d".utf8))
    let (blocks, _) = stream.snapshot()
    let rows = blocks.flatMap { block in (0..<block.count).map { PickerData.rowText(of: $0, in: block.lines) }
    }
    #expect(rows == ["a", "caf\u{FFFD}", "b\u{FFFD}c", "d"])
    #expect(stream.repairWarning?.contains("line 3 is not valid UTF-8 or holds a NUL byte") == true)
  }

  @Test("without repairs (--strict-utf8) reading stops at the first bad line", .offThePool)
  func strict() throws {
    let stream = try read(Array("a\nb\n".utf8) + [0xE9, 0x0A] + Array("c\n".utf8), repairs: false)
    #expect(stream.progress.failure?.contains("line 3 is not valid UTF-8; reading stopped there") == true)
    #expect(stream.progress.lineCount == 2)
  }

  @Test("--read0: items end at NUL bytes and keep their line breaks; rows show them as ␊", .offThePool)
  func readZero() throws {
    let stream = try read(Array("x\ny\u{0}\u{0}z\u{0}".utf8), separator: 0)
    #expect(stream.progress.lineCount == 2)
    #expect(stream.progress.repairedLine == nil)
    #expect(stream.bytes(ofLine: 0).map(Array.init) == Array("x\ny".utf8))
    let (blocks, _) = stream.snapshot()
    #expect(PickerData.rowText(of: 0, in: blocks[0].lines) == "x\u{240A}y")
  }
}
