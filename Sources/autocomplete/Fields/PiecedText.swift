/// A text made of pieces of another, with where each piece came from: what a row shows of a line
/// (`--with-nth`), or what the query searches of a row (`--nth`). Highlights found in the text go
/// back to the source through it (``sourceRanges(of:)``).
struct PiecedText: Equatable, Sendable {
  /// One piece: where it starts in ``text`` and in the source, and its length, in UTF-8 bytes.
  struct Piece: Equatable, Sendable {
    var offset: Int
    var source: Int
    var count: Int
  }

  /// The text.
  private(set) var text = ""
  /// Its pieces, in order. Bytes of ``text`` in no piece (the separators between fields searched
  /// apart) come from nowhere in the source.
  private(set) var pieces: [Piece] = []

  /// Appends `piece`, a substring of `source`, spelled as `spelling` when given (as many UTF-8
  /// bytes, each standing for the piece's byte at its place).
  mutating func append(_ piece: Substring, of source: String, spelledAs spelling: String? = nil) {
    guard !piece.isEmpty else { return }
    let start = source.utf8.distance(from: source.startIndex, to: piece.startIndex)
    pieces.append(Piece(offset: text.utf8.count, source: start, count: piece.utf8.count))
    if let spelling, spelling.utf8.count == piece.utf8.count { text += spelling } else { text += piece }
  }

  /// Appends text that comes from nowhere in the source (a separator).
  mutating func append(separator: String) { text += separator }

  /// The UTF-8 ranges of the source that `ranges` (UTF-8 ranges of ``text``) cover: a range over
  /// two pieces gives a range in each, a range over a separator none there.
  func sourceRanges(of ranges: [Range<Int>]) -> [Range<Int>] {
    var found: [Range<Int>] = []
    for range in ranges {
      for piece in pieces {
        let lower = max(range.lowerBound, piece.offset)
        let upper = min(range.upperBound, piece.offset + piece.count)
        guard lower < upper else { continue }
        let shift = piece.source - piece.offset
        if let last = found.last, last.upperBound == lower + shift {
          found[found.count - 1] = last.lowerBound..<(upper + shift)
        } else {
          found.append((lower + shift)..<(upper + shift))
        }
      }
    }
    return found
  }
}
