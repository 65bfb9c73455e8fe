import AutocompleteCore
import Benchmark
import Foundation

// Keystroke latency and index build over the 1M-string corpus (`scripts/fetch-bench-data.sh`).
// See Benchmarks/README.md for the targets these numbers are compared with.

/// The corpus, read once: one item per line of `AUTOCOMPLETE_BENCH_DATA` (default
/// `../data/bench-1m.txt`, relative to the `Benchmarks` folder), and the index over it.
final class Corpus: Sendable {
  static let shared = Corpus()

  let path: String
  let rawBytes: Int
  let items: [AutocompleteItem]
  let index: SearchIndex<AutocompleteItem>

  private init() {
    path = ProcessInfo.processInfo.environment["AUTOCOMPLETE_BENCH_DATA"] ?? "../data/bench-1m.txt"
    guard let data = FileManager.default.contents(atPath: path) else {
      fatalError("cannot read \(path): run scripts/fetch-bench-data.sh or set AUTOCOMPLETE_BENCH_DATA")
    }
    rawBytes = data.count
    items = String(decoding: data, as: UTF8.self).split(separator: "\n").map { AutocompleteItem(String($0)) }
    index = SearchIndex(items)
  }
}

/// "10M" for the 10M-string set (`scripts/fetch-bench-data.sh --10m`, then
/// `AUTOCOMPLETE_BENCH_DATA=../data/bench-10m.txt`), else "1M": the benchmark names carry it, so that
/// baselines of both sizes can be compared side by side.
let corpusScale =
  (ProcessInfo.processInfo.environment["AUTOCOMPLETE_BENCH_DATA"] ?? "").contains("10m") ? "10M" : "1M"

/// Appended to the keystroke benchmarks' names for the 10M set.
let sizeSuffix = corpusScale == "1M" ? "" : " [10M]"

/// The keystrokes of typing "standard"; each after the first extends the one before.
let typing = ["s", "st", "sta", "stand", "standard"]
/// Queries typed in one go: a diacritic query and a miss.
let singleQueries = ["são", "đà", "zzqxj"]

/// City names typed with typos (from Benchmarks/typo-corpus.tsv's kinds): four to seven characters
/// get one typo with `.automatic`, eight and more two.
let oneTypoQueries = ["zurcih", "kolkta", "moscpo", "tokyp"]
let twoTypoQueries = ["barcleona", "guangzhoh", "copenhagne", "philadelpia"]

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal, .throughput],
    warmupIterations: 2,
    maxDuration: .seconds(1),
    maxIterations: 200
  )
  let loadCorpus: Benchmark.BenchmarkSetupHook = { _ = Corpus.shared }
  mentionBenchmarks()

  Benchmark(
    "build \(corpusScale)",
    configuration: .init(
      metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident, .peakMemoryResidentDelta],
      warmupIterations: 0, maxDuration: .seconds(corpusScale == "10M" ? 120 : 20), maxIterations: 3),
    closure: { benchmark in
      let items = Corpus.shared.items
      benchmark.startMeasurement()
      blackHole(SearchIndex(items))
    },
    setup: loadCorpus
  )

  // Folding alone: every corpus line folded into one buffer, as an index build does, and with the
  // map back to the original, as highlighting does.
  Benchmark(
    "fold 1M",
    configuration: .init(metrics: [.wallClock, .throughput], warmupIterations: 1, maxIterations: 10),
    closure: { benchmark in
      let items = Corpus.shared.items
      let folder = TextFolder()
      var buffer: [UInt8] = []
      buffer.reserveCapacity(Corpus.shared.rawBytes + items.count)
      benchmark.startMeasurement()
      for item in items { folder.appendFolded(item.searchText, to: &buffer) }
      blackHole(buffer)
    },
    setup: loadCorpus
  )

  Benchmark(
    "fold 1M with map",
    configuration: .init(metrics: [.wallClock, .throughput], warmupIterations: 1, maxIterations: 10),
    closure: { _ in
      let folder = TextFolder()
      var total = 0
      for item in Corpus.shared.items { total &+= folder.foldedWithMap(item.searchText).utf8.count }
      blackHole(total)
    },
    setup: loadCorpus
  )

  // Typo tolerance (.automatic), prefix mode: a query typed at once (a fresh trie walk), and the
  // keystroke that completes it after the one before (narrowed by what that one matched).
  let typoOptions = SearchOptions(mode: .prefix, maximumCount: 10, typoTolerance: .automatic)
  for query in oneTypoQueries + twoTypoQueries {
    Benchmark(
      "prefix typos \(query)\(sizeSuffix)",
      closure: { _ in blackHole(try Corpus.shared.index.search(query, options: typoOptions)) },
      setup: loadCorpus
    )
    let previous = String(query.dropLast())
    Benchmark(
      "prefix typos \(previous)→\(query)\(sizeSuffix)",
      closure: { benchmark in
        let searcher = Corpus.shared.index.makeSearcher()
        _ = try searcher.search(previous, options: typoOptions)
        benchmark.startMeasurement()
        blackHole(try searcher.search(query, options: typoOptions))
      },
      setup: loadCorpus
    )
  }
  for (mode, query) in [(MatchMode.words, "new yrok"), (.contains, "barcleona"), (.exact, "barcleona")] {
    let options = SearchOptions(mode: mode, maximumCount: 10, typoTolerance: .automatic)
    Benchmark(
      "\(mode) typos \(query)\(sizeSuffix)",
      closure: { _ in blackHole(try Corpus.shared.index.search(query, options: options)) },
      setup: loadCorpus
    )
  }

  for mode in MatchMode.allCases {
    let options = SearchOptions(mode: mode, maximumCount: 10)

    // First keystroke: a plain search, nothing to reuse.
    for query in [typing[0]] + singleQueries {
      Benchmark(
        "\(mode) \(query)\(sizeSuffix)",
        closure: { _ in blackHole(try Corpus.shared.index.search(query, options: options)) },
        setup: loadCorpus
      )
    }

    // Extending keystrokes: a searcher that has just answered the previous query.
    for (previous, query) in zip(typing, typing.dropFirst()) {
      Benchmark(
        "\(mode) \(previous)→\(query)\(sizeSuffix)",
        closure: { benchmark in
          let searcher = Corpus.shared.index.makeSearcher()
          _ = try searcher.search(previous, options: options)
          benchmark.startMeasurement()
          blackHole(try searcher.search(query, options: options))
        },
        setup: loadCorpus
      )
    }
  }
}
