extension IndexStorage {
  /// The memory of the arrays a search reads: what ``HugePages`` advises for a long-lived index.
  /// The storage keeps its arrays, and never changes them, so their buffers stay where they are.
  var searchedRegions: [Range<UInt>] {
    var regions: [Range<UInt>] = []
    func add<Element>(_ column: Column<Element>) {
      // A mapped file's pages are the page cache's: huge pages are for anonymous memory.
      if !column.isMapped { regions.append(HugePages.addresses(of: column)) }
    }
    add(bytes)
    add(starts)
    add(owners)
    add(forward)
    add(backward)
    add(forwardMinima)
    add(backwardMinima)
    add(ranks)
    regions.append(HugePages.addresses(of: byteCounts))
    add(masks)
    add(keyIndexes)
    add(humps)
    if let trie {
      add(trie.lcp)
      add(trie.tail)
      add(trie.lcpMinima)
      add(trie.runStarts)
      add(trie.runLabels)
      add(trie.firstChildEntries)
      add(trie.childLabelBits)
      add(trie.lookaheadMasks)
      add(trie.pairSets)
      add(trie.complexBits)
      add(trie.complexKeys)
      for list in trie.reachLists {
        add(list.keys)
        add(list.reaches)
        add(list.classes)
      }
    }
    if let words = wordIndex?.madeValue {
      add(words.postingStarts)
      add(words.postings)
      add(words.keyWords.blockStarts)
      add(words.keyWords.offsets)
      add(words.keyWords.words)
      if let keysByRank = words.keysByRankIfMade { add(keysByRank) }
      add(words.irregularRanks)
      regions += words.dictionary.searchedRegions
    }
    return regions
  }

  /// Asks for huge pages under the arrays a search reads (``HugePages/advise(_:)``), once the
  /// storage is built and before it answers. Returns the bytes backed by huge pages.
  @discardableResult
  func adviseHugePages() -> Int {
    HugePages.advise(searchedRegions)
  }
}
