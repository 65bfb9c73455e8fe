/// The grapheme-cluster break class of a scalar (UAX #29's Grapheme_Cluster_Break, with
/// Extended_Pictographic and Indic_Conjunct_Break folded in), from ``GraphemeBreakTable`` turned into
/// a two-level page table at first use: a lookup is two memory reads (the table is never freed, so
/// it is read through pointers, without reference counting on the hot path of every scan).
struct GraphemeBreakProperty: @unchecked Sendable {
  /// The class of a scalar: the low four bits of its class byte (a struct, not an enum, so that
  /// reading it from the table is free).
  struct Kind: Equatable {
    let rawValue: UInt8

    static let other = Kind(rawValue: 0)
    static let cr = Kind(rawValue: 1)
    static let lf = Kind(rawValue: 2)
    static let control = Kind(rawValue: 3)
    static let extend = Kind(rawValue: 4)
    static let zwj = Kind(rawValue: 5)
    static let regionalIndicator = Kind(rawValue: 6)
    static let prepend = Kind(rawValue: 7)
    static let spacingMark = Kind(rawValue: 8)
    static let l = Kind(rawValue: 9)
    static let v = Kind(rawValue: 10)
    static let t = Kind(rawValue: 11)
    static let lv = Kind(rawValue: 12)
    static let lvt = Kind(rawValue: 13)
    static let extendedPictographic = Kind(rawValue: 14)

    /// Whether a scalar of this class joins the one before it, whatever that is but a control,
    /// CR or LF (UAX #29 GB9, GB9a): an extending mark, a spacing mark or a ZWJ.
    var joinsPrevious: Bool { self == .extend || self == .zwj || self == .spacingMark }
  }

  /// The shared table, built on first use and kept for the life of the process.
  static let shared = GraphemeBreakProperty()

  /// Page slot per 256 scalars, for U+0000 to U+10FFFF.
  private let pageIndex: UnsafePointer<UInt16>
  /// 256 class bytes per page slot: the ``Kind`` in the low four bits, Indic_Conjunct_Break above
  /// (1 consonant, 2 linker, 3 extend).
  private let classes: UnsafePointer<UInt8>

  private init() {
    let ranges = GraphemeBreakTable.ranges
    var pageIndex = [UInt16](repeating: 0, count: 0x11_0000 >> 8)
    var classes: [UInt8] = []
    // Pages by a 64-bit digest of their classes (checked byte for byte on a hit: hashing 256 bytes
    // with `Hasher` cost more than the rest of the build, paid by the first non-ASCII search).
    var pages: [UInt64: UInt16] = [:]
    // Most pages hold one class (unassigned planes): found by that class, not by hashing 256 bytes.
    var uniformPages: [UInt8: UInt16] = [:]
    /// The slot of a page's 256 classes, shared with every equal page.
    func slot(of page: [UInt8]) -> UInt16 {
      let first = page[0]
      let isUniform = page.allSatisfy { $0 == first }
      if isUniform, let slot = uniformPages[first] { return slot }
      var digest: UInt64 = 0
      if !isUniform {
        page.withUnsafeBytes { bytes in
          for index in 0..<32 {
            digest =
              (digest ^ bytes.loadUnaligned(fromByteOffset: 8 * index, as: UInt64.self))
              &* 0x9E37_79B9_7F4A_7C15
            digest ^= digest >> 29
          }
        }
        if let slot = pages[digest], classes[Int(slot) << 8..<(Int(slot) + 1) << 8].elementsEqual(page) {
          return slot
        }
      }
      let slot = UInt16(classes.count >> 8)
      if isUniform { uniformPages[first] = slot } else if pages[digest] == nil { pages[digest] = slot }
      classes += page
      return slot
    }
    var page = [UInt8](repeating: 0, count: 256)
    var range = 0
    for pageNumber in 0..<pageIndex.count {
      let first = UInt32(pageNumber << 8)
      while range + 1 < ranges.count && ranges[range + 1] >> 8 <= first { range += 1 }
      if range + 1 == ranges.count || ranges[range + 1] >> 8 > first | 0xFF {  // one class: no loop
        let kind = UInt8(truncatingIfNeeded: ranges[range])
        if let slot = uniformPages[kind] {
          pageIndex[pageNumber] = slot
        } else {
          pageIndex[pageNumber] = slot(of: Array(repeating: kind, count: 256))
        }
        continue
      }
      for offset in 0..<256 {
        let scalar = UInt32(pageNumber << 8 | offset)
        while range + 1 < ranges.count && ranges[range + 1] >> 8 <= scalar { range += 1 }
        page[offset] = UInt8(truncatingIfNeeded: ranges[range])
      }
      pageIndex[pageNumber] = slot(of: page)
    }
    let pagePointer = UnsafeMutablePointer<UInt16>.allocate(capacity: pageIndex.count)
    pagePointer.initialize(from: pageIndex, count: pageIndex.count)
    let classPointer = UnsafeMutablePointer<UInt8>.allocate(capacity: classes.count)
    classPointer.initialize(from: classes, count: classes.count)
    self.pageIndex = UnsafePointer(pagePointer)
    self.classes = UnsafePointer(classPointer)
  }

  /// The class byte of `scalar` (clamped to U+10FFFF).
  @inline(__always)
  func byte(_ scalar: UInt32) -> UInt8 {
    let scalar = min(scalar, 0x10_FFFF)
    return classes[Int(pageIndex[Int(scalar >> 8)]) << 8 | Int(scalar & 0xFF)]
  }

  /// The class of `scalar`.
  @inline(__always)
  func kind(_ scalar: UInt32) -> Kind {
    Kind(rawValue: byte(scalar) & 0x0F)
  }

  /// Whether `scalar` is an Indic consonant that joins a conjunct (GB9c).
  @inline(__always)
  func isConjunctConsonant(_ scalar: UInt32) -> Bool { byte(scalar) >> 4 == 1 }

  /// Indic_Conjunct_Break of `scalar`: 0 none, 1 consonant, 2 linker, 3 extend.
  @inline(__always)
  func conjunct(_ scalar: UInt32) -> UInt8 { byte(scalar) >> 4 }
}
