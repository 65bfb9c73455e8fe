import Foundation
import TestSupport
import Testing

@testable import autocomplete

/// `pick` limits what it keeps by what the lines take once folded and indexed, not by the input's
/// size (issue 21 #11: 4 GiB of input made 11.4 GB resident).
@Suite("pick's reading limit")
struct LineStreamLimitTests {
  @Test("reading stops once the kept lines pass the limit; the lines read stay searchable", .offThePool)
  func stopsAtTheStoredLimit() throws {
    let path = NSTemporaryDirectory() + "line-stream-limit-\(UUID().uuidString).txt"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let line = "abcdefghijklmnop\n"
    // 17 MB of lines, kept as about 46 MB with their folded copy and index.
    try String(repeating: line, count: 1_000_000).write(toFile: path, atomically: true, encoding: .utf8)
    let stream = try LineStream.open(path, maximumStoredByteCount: 8 << 20)
    stream.waitUntilFinished()
    let progress = stream.progress
    #expect(progress.isFinished)
    let failure = try #require(progress.failure)
    #expect(failure.contains("reading stopped after line") && failure.contains("pick keeps at most 8388608"))
    #expect(progress.lineCount > 0 && progress.lineCount < 1_000_000)
    let (blocks, _) = stream.snapshot()
    #expect(blocks.reduce(0) { $0 + $1.byteCount } <= (8 << 20) + 3 * LineStream.blockSize)
    #expect(stream.bytes(ofLine: 0).map { String(decoding: $0, as: UTF8.self) } == "abcdefghijklmnop")
  }
}
