import AutocompleteCore
import Foundation

/// Finds the lines of the input that hold given texts — `pick --frecency`'s remembered picks — so
/// that they can be made into rows wherever they are, not only within the first page of rows.
///
/// Each block of the input is scanned once for the texts it was asked about (a line is compared
/// only when its length is one of theirs, so no `String` is made per line); a text asked later
/// scans the blocks again. Each text maps to the first line that holds it.
final class PinnedLines: @unchecked Sendable {
  private let lock = NSLock()
  /// The texts the scanned blocks were searched for.
  private var texts: Set<String> = []
  /// How many blocks were scanned for ``texts``.
  private var scannedBlocks = 0
  /// The first line (over all blocks) holding each text found.
  private var found: [String: Int] = [:]

  /// The first line holding each of `wanted`, among `blocks` (whose first lines are `offsets`).
  func lines(of wanted: Set<String>, in blocks: [LineIndex], offsets: [Int]) -> [String: Int] {
    lock.lock()
    defer { lock.unlock() }
    if !wanted.isSubset(of: texts) {
      texts = wanted
      scannedBlocks = 0
      found = [:]
    }
    if scannedBlocks < blocks.count {
      let byLength = Dictionary(grouping: texts.map { Array($0.utf8) }, by: \.count)
      for block in scannedBlocks..<blocks.count {
        scan(blocks[block].lines, from: offsets[block], byLength: byLength)
      }
      scannedBlocks = blocks.count
    }
    return found.filter { wanted.contains($0.key) }
  }

  private func scan(_ lines: LineFilter, from offset: Int, byLength: [Int: [[UInt8]]]) {
    guard let longest = byLength.keys.max() else { return }
    // Most lines are ruled out by their length alone, with one array lookup.
    var isWantedLength = [Bool](repeating: false, count: longest + 1)
    for length in byLength.keys { isWantedLength[length] = true }
    lines.utf8.withUnsafeBufferPointer { utf8 in
      for line in 0..<lines.count {
        let range = lines.byteRange(of: line)
        guard range.count <= longest, isWantedLength[range.count], let candidates = byLength[range.count]
        else { continue }
        for candidate in candidates where candidate.elementsEqual(utf8[range]) {
          let text = String(decoding: candidate, as: UTF8.self)
          if found[text] == nil { found[text] = offset + line }
        }
      }
    }
  }
}
