/// The generated ``FoldingTable`` turned into a two-level page table for constant-time lookup.
///
/// The scalar space is cut into pages of 256 scalars. `pageIndex` names each page's slot in
/// `entries`; slot 0 is all zeros and is shared by every page where all scalars fold to themselves.
/// An entry is 0 when the scalar folds to itself, else `offset << 8 | length` of its folded UTF-8
/// bytes in `pool` (offsets start at 1, so a scalar that folds to nothing is non-zero too).
struct FoldingLookup: Sendable {
  /// The shared table, built on first use.
  static let shared = FoldingLookup()

  /// Page slot per 256 scalars, for U+0000 to U+10FFFF.
  let pageIndex: [UInt16]
  /// 256 entries per page slot.
  let entries: [UInt32]
  /// The folded texts as UTF-8.
  let pool: [UInt8]

  init() {
    let pageCount = 0x11_0000 >> 8
    var pageIndex = [UInt16](repeating: 0, count: pageCount)
    var entries = [UInt32](repeating: 0, count: 256)
    for (scalar, entry) in zip(FoldingTable.scalars, FoldingTable.entries) {
      let page = Int(scalar >> 8)
      if pageIndex[page] == 0 {
        pageIndex[page] = UInt16(entries.count >> 8)
        entries.append(contentsOf: repeatElement(0, count: 256))
      }
      entries[Int(pageIndex[page]) << 8 | Int(scalar & 0xFF)] = entry
    }
    self.pageIndex = pageIndex
    self.entries = entries
    self.pool = Array(FoldingTable.pool.utf8)
  }

  /// The entry of `scalar` (0 when it folds to itself); `scalar` must be below 0x110000.
  @inline(__always)
  func entry(_ scalar: UInt32) -> UInt32 {
    entries[Int(pageIndex[Int(scalar >> 8)]) << 8 | Int(scalar & 0xFF)]
  }
}
