/// What ``StreamingLineFilter/matches(inBlock:)`` keeps of a block: its matching lines' bytes and,
/// per line, how it ranks — in as few bytes as the block allows, since a reader keeps them for every
/// block of the input while the rest of the block is let go.
extension StreamingLineFilter {
  /// How a kept line ranks, without its place in the text: its place among the block's lines,
  /// which are kept best first and in the text's order among equals, stands for it.
  struct KeptHit {
    var score: Int32
    var length: UInt32
    var kind: MatchKind
    var typos: UInt8

    init(score: Int32, length: UInt32, kind: MatchKind, typos: UInt8) {
      (self.score, self.length, self.kind, self.typos) = (score, length, kind, typos)
    }

    init(_ hit: Hit) {
      self.init(score: hit.score, length: hit.length, kind: hit.kind, typos: hit.typos)
    }

    /// How this hit ranks (``Hit/grade``) as the line at `position`: a hit's place in the text is
    /// not kept, so a merge of blocks gives the block's number (its lines are kept best first and
    /// in the text's order among equals, and blocks are in the text's order).
    @inline(__always)
    func grade(position: Int) -> MatchGrade {
      LineRanking.grade((Int(typos), kind, Int(score), Int(length), position))
    }
  }

  /// A block's kept lines, best first: their ranks and their bytes one after another in the same
  /// order, in memory of exactly their size (an array's spare capacity would be kept with every
  /// block). A rank takes 4 bytes when every hit of the block has no fuzzy score, at most 7 typos
  /// and a line under 64 MiB — every match of a prefix, contains or exact search but the rarest —
  /// and 12 bytes otherwise.
  final class Storage: @unchecked Sendable {
    /// The hits packed in 4 bytes (kind, typos, length), or empty.
    private let narrow: UnsafeMutableBufferPointer<UInt32>
    /// The hits in full, or empty.
    private let wide: UnsafeMutableBufferPointer<KeptHit>
    /// The lines' bytes.
    let bytes: UnsafeMutableBufferPointer<UInt8>
    /// How many lines are kept.
    let count: Int

    static let lengthBits = 26
    static let typoBits = 3

    /// Keeps `hits` (best first) and copies their lines from `block`.
    init(_ hits: [Hit], from block: UnsafeBufferPointer<UInt8>) {
      count = hits.count
      let isNarrow = hits.allSatisfy {
        $0.score == 0 && $0.typos < 1 << Self.typoBits && $0.length < 1 << Self.lengthBits
      }
      narrow = .allocate(capacity: isNarrow ? hits.count : 0)
      wide = .allocate(capacity: isNarrow ? 0 : hits.count)
      bytes = .allocate(capacity: hits.reduce(0) { $0 + Int($1.length) })
      var written = 0
      for (index, hit) in hits.enumerated() {
        if isNarrow {
          narrow.initializeElement(
            at: index,
            to: UInt32(hit.kind.rawValue) << (Self.lengthBits + Self.typoBits)
              | UInt32(hit.typos) << Self.lengthBits | hit.length)
        } else {
          wide.initializeElement(at: index, to: KeptHit(hit))
        }
        let line = UnsafeBufferPointer(rebasing: block[Int(hit.start)..<(Int(hit.start) + Int(hit.length))])
        _ = UnsafeMutableBufferPointer(rebasing: bytes[written...]).initialize(fromContentsOf: line)
        written += line.count
      }
    }

    deinit {
      narrow.deallocate()
      wide.deallocate()
      bytes.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    /// The rank of the kept line at `index`.
    subscript(index: Int) -> KeptHit {
      guard wide.isEmpty else { return wide[index] }
      let packed = narrow[index]
      return KeptHit(
        score: 0, length: packed & (1 << Self.lengthBits - 1),
        kind: MatchKind(rawValue: Int(packed >> (Self.lengthBits + Self.typoBits))) ?? .custom,
        typos: UInt8(truncatingIfNeeded: packed >> Self.lengthBits) & (1 << Self.typoBits - 1))
    }
  }
}
