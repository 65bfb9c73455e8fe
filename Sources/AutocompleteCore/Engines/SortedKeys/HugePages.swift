#if os(Linux) && canImport(Glibc)
  import Glibc
#endif

/// Asks Linux to back a long-lived index's arrays with 2 MiB pages, so that a search reading a few
/// thousand scattered cache lines of them misses the TLB far less.
///
/// A search of the typo walk (``TypoTrieWalk``) reads a couple of thousand cache lines spread over
/// the index's arrays — the trie's tables, the sorted positions, the key bytes. When the search
/// runs after the process was idle, or after another process ran on the core, those lines and
/// their page-table entries are cold: with 4 KiB pages, almost every line also costs a page walk,
/// and under a hypervisor a page walk is itself up to two dozen memory reads. One 2 MiB page covers
/// 512 of those 4 KiB pages. On this repository's benchmark (the embedded cities, side by side
/// with Typesense, so every search starts cold) this takes about a sixth off a typo search.
///
/// Linux distributions ship transparent huge pages in `madvise` mode: a process asks for them
/// range by range, which is what this does. ``advise(_:)`` marks the huge pages that the arrays
/// overlap (`MADV_HUGEPAGE`) and asks the kernel to back them by huge pages now
/// (`MADV_COLLAPSE`, Linux 6.1; on older kernels the background `khugepaged` does it later). The
/// memory is the index's own, already filled: the advice changes how it is mapped, never what it
/// holds; the huge pages it names hold other allocations of the process only around and between
/// the arrays. Where the kernel refuses (huge pages turned off, another kind of mapping), the
/// memory stays as it was. Other platforms do nothing: Apple's arm64 pages are 16 KiB already and
/// its systems offer no such advice.
enum HugePages {
  /// The size of a transparent huge page (x86-64, and arm64 with 4 KiB pages).
  static let size = 2 << 20

  /// The address range of `array`'s elements (empty for an empty array): an address to advise,
  /// never to read through.
  static func addresses<Element>(of array: [Element]) -> Range<UInt> {
    array.withUnsafeBytes { addresses(of: $0) }
  }

  /// The address range of `column`'s elements in memory.
  static func addresses<Element>(of column: Column<Element>) -> Range<UInt> {
    column.withUnsafeBytes { addresses(of: $0) }
  }

  /// The address range of `buffer`.
  static func addresses(of buffer: UnsafeRawBufferPointer) -> Range<UInt> {
    guard let base = buffer.baseAddress else { return 0..<0 }
    let start = UInt(bitPattern: base)
    return start..<(start + UInt(buffer.count))
  }

  /// The huge pages that the address ranges `regions` overlap, as sorted, disjoint, merged ranges
  /// aligned to ``size``. Empty regions overlap nothing.
  static func pages(overlapping regions: [Range<UInt>]) -> [Range<UInt>] {
    let mask = UInt(size - 1)
    var pages: [Range<UInt>] = []
    for region in regions where !region.isEmpty && region.upperBound <= UInt.max - mask {
      pages.append((region.lowerBound & ~mask)..<((region.upperBound + mask) & ~mask))
    }
    pages.sort { $0.lowerBound < $1.lowerBound }
    var merged: [Range<UInt>] = []
    for page in pages {
      if let last = merged.last, page.lowerBound <= last.upperBound {
        merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, page.upperBound)
      } else {
        merged.append(page)
      }
    }
    return merged
  }

  /// Advises and collapses the huge pages that the address ranges `regions` overlap
  /// (``pages(overlapping:)``).
  /// Returns the bytes the kernel now backs by huge pages: 0 where it cannot, and on platforms
  /// other than Linux.
  @discardableResult
  static func advise(_ regions: [Range<UInt>]) -> Int {
    #if os(Linux) && canImport(Glibc)
      var collapsed = 0
      for range in pages(overlapping: regions) {
        // Page by page: the kernel refuses a whole range for one page it cannot take, such as an
        // end page reaching past the mapping (ENOMEM).
        for address in stride(from: range.lowerBound, to: range.upperBound, by: size) {
          guard let page = UnsafeMutableRawPointer(bitPattern: address) else { continue }
          _ = madvise(page, size, adviseHugePage)
          if collapses(page) { collapsed += size }
        }
      }
      return collapsed
    #else
      return 0
    #endif
  }

  #if os(Linux) && canImport(Glibc)
    /// Collapses the huge page at `page`, trying again while the kernel says the failure is
    /// transient (`EAGAIN`: a page it could not isolate yet, as while another thread allocates).
    private static func collapses(_ page: UnsafeMutableRawPointer) -> Bool {
      for _ in 0..<3 {
        if madvise(page, size, collapse) == 0 { return true }
        guard errno == EAGAIN else { return false }
      }
      return false
    }

    /// `MADV_HUGEPAGE`: huge pages where the kernel can.
    private static let adviseHugePage: Int32 = 14
    /// `MADV_COLLAPSE` (Linux 6.1): back the range by huge pages now.
    private static let collapse: Int32 = 25
  #endif
}
