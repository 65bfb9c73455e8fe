import Foundation
import TestSupport
import Testing

@testable import AutocompleteCore

#if canImport(Glibc)
  import Glibc
#endif

/// ``HugePages``: which pages an index's arrays overlap, and that Linux backs a built index by them.
@Suite("Huge pages under an index")
struct HugePagesTests {
  let page = UInt(HugePages.size)

  @Test(.offThePool) func aRegionOverlapsTheAlignedPagesAroundIt() {
    #expect(HugePages.pages(overlapping: [(page + 10)..<(page + 20)]) == [page..<(2 * page)])
    #expect(HugePages.pages(overlapping: [(page - 1)..<(page + 1)]) == [0..<(2 * page)])
    #expect(HugePages.pages(overlapping: [page..<(2 * page)]) == [page..<(2 * page)])
  }

  @Test(.offThePool) func overlappingAndTouchingPagesMergeAndSort() {
    let regions: [Range<UInt>] = [
      (5 * page + 3)..<(5 * page + 9), (page + 1)..<(page + 2), (2 * page + 1)..<(3 * page + 7),
      (page + 100)..<(page + 200),
    ]
    #expect(HugePages.pages(overlapping: regions) == [page..<(4 * page), (5 * page)..<(6 * page)])
  }

  @Test(.offThePool) func emptyRegionsAndTheTopOfTheAddressSpaceOverlapNothing() {
    #expect(HugePages.pages(overlapping: []).isEmpty)
    #expect(HugePages.pages(overlapping: [page..<page, (3 * page)..<(3 * page)]).isEmpty)
    #expect(HugePages.pages(overlapping: [(UInt.max - 10)..<UInt.max]).isEmpty)
  }

  @Test(.offThePool) func addressesAreTheElementsBytes() {
    let numbers: [UInt32] = Array(0..<10)
    let range = HugePages.addresses(of: numbers)
    #expect(range.count == 40)
    numbers.withUnsafeBytes { #expect(UInt(bitPattern: $0.baseAddress) == range.lowerBound) }
    #expect(HugePages.addresses(of: [UInt64]()).isEmpty)
  }

  @Test(.offThePool) func theRegionsAreEveryFilledArrayASearchReads() throws {
    let index = SearchIndex(
      (0..<500).map { AutocompleteItem("city \($0)", alternateSearchTexts: ["alt \($0)"]) })
    let regions = index.storage.searchedRegions
    #expect(regions.contains(HugePages.addresses(of: index.storage.bytes)))
    #expect(regions.contains(HugePages.addresses(of: try #require(index.storage.trie).lookaheadMasks)))
    let bytes = regions.reduce(0) { $0 + $1.count }
    #expect(bytes >= index.storageByteCount - 64 * 8)  // all but the small per-depth offsets
  }

  /// Where the kernel collapses an anonymous range into a huge page, a built index's sorted keys
  /// sit on huge pages: the process's own page table (`/proc/self/smaps`) says so.
  @Test(
    .enabled(if: HugePagesProbe.kernelCollapses, "huge pages are off, or MADV_COLLAPSE is missing"),
    .disabled(if: isSanitized, "a sanitizer's allocator places the arrays in its own mappings"), .offThePool)
  func aBuiltIndexIsBackedByHugePages() throws {
    // Long keys: a few megabytes of folded bytes, so whole huge pages lie inside the buffer.
    let items = (0..<24_000).map { number in
      AutocompleteItem("\(number) " + String(repeating: "abcdefghij", count: 20))
    }
    let index = SearchIndex(items)
    let keys = HugePages.addresses(of: index.storage.bytes)
    // At least one whole huge page lies inside 4 MiB, from the first aligned address on.
    #expect(keys.count >= 2 * HugePages.size)
    let firstWholePage = (keys.lowerBound + UInt(HugePages.size - 1)) & ~UInt(HugePages.size - 1)
    let huge = try #require(HugePagesProbe.hugeBytes(ofMappingHolding: firstWholePage))
    #expect(huge >= HugePages.size)
    #expect(index.storage.adviseHugePages() >= HugePages.size)
  }
}

/// What this machine's kernel does with huge page advice.
enum HugePagesProbe {
  /// Whether Linux collapses an anonymous, filled, advised range into a huge page here.
  static let kernelCollapses: Bool = {
    #if os(Linux) && canImport(Glibc)
      let length = 2 * HugePages.size
      guard let mapping = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
        mapping != MAP_FAILED
      else { return false }
      defer { munmap(mapping, length) }
      let mask = UInt(HugePages.size - 1)
      let aligned = UnsafeMutableRawPointer(bitPattern: (UInt(bitPattern: mapping) + mask) & ~mask)!
      aligned.initializeMemory(as: UInt8.self, repeating: 1, count: HugePages.size)
      return HugePages.advise([UInt(bitPattern: aligned)..<(UInt(bitPattern: aligned) + 1)]) == HugePages.size
    #else
      return false
    #endif
  }()

  /// The bytes of the mapping holding `address` that huge pages back (`AnonHugePages` in
  /// `/proc/self/smaps`), or `nil` when no mapping holds it or the file is not there.
  static func hugeBytes(ofMappingHolding address: UInt) -> Int? {
    // Read to the end: a file of /proc says its size is 0.
    guard let file = FileHandle(forReadingAtPath: "/proc/self/smaps") else { return nil }
    defer { try? file.close() }
    guard let data = try? file.readToEnd(), let smaps = String(data: data, encoding: .utf8) else {
      return nil
    }
    var inside = false
    for line in smaps.split(separator: "\n") {
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      if let first = fields.first, first.contains("-"), !first.hasSuffix(":") {
        let bounds = first.split(separator: "-")
        if bounds.count == 2, let low = UInt(bounds[0], radix: 16), let high = UInt(bounds[1], radix: 16) {
          inside = (low..<high).contains(address)
          continue
        }
      }
      if inside, fields.first == "AnonHugePages:", fields.count >= 2, let kilobytes = Int(fields[1]) {
        return kilobytes * 1024
      }
    }
    return nil
  }
}
