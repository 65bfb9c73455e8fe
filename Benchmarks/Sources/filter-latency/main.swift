import AutocompleteCore
import Foundation

// Filtered keystrokes against unfiltered ones, and facet counts, on the 1M-string corpus with a
// seeded `country` attribute:
//   swift run -c release filter-latency [FILE] [--disk]
// With --disk, the same items are also written as a DiskIndex (one segment, plus 10,000 items
// added uncommitted and 1,000 removed), reopened, and its first filtered search (which maps the
// segment's attribute columns) and filtered keystrokes timed the same way.
// FILE defaults to $AUTOCOMPLETE_BENCH_DATA, then ../data/bench-1m.txt. The country column is
// seeded from each line's position (SplitMix64): "AA" for 50 % of the items, "BB" for 5 %, "CC" for
// 0.05 %, the rest spread over 20 other codes. Each query is typed a key at a time ("l", "lo",
// "lon", …) and every keystroke timed; p50 and p99 over all keystrokes of all queries.
// PREFIX_ONLY=N times only the unfiltered prefix keystrokes of the queries without a space, N
// times over, one configuration alone (the rotation above warms each keystroke's pages for the
// next configuration), then exits.

struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

let arguments = CommandLine.arguments.dropFirst().filter { $0 != "--disk" }
let measuresDisk = CommandLine.arguments.contains("--disk")
let path =
  arguments.first ?? ProcessInfo.processInfo.environment["AUTOCOMPLETE_BENCH_DATA"] ?? "../data/bench-1m.txt"
guard let data = FileManager.default.contents(atPath: path) else {
  print("filter-latency: cannot read \(path); run scripts/fetch-bench-data.sh first")
  exit(2)
}
var random = SplitMix64(state: 35)
let others = (0..<20).map { "X\($0)" }
let items = String(decoding: data, as: UTF8.self).split(separator: "\n").map { line -> AutocompleteItem in
  let draw = Double(random.next() % 1_000_000) / 1_000_000
  let country: String
  if draw < 0.5 {
    country = "AA"
  } else if draw < 0.55 {
    country = "BB"
  } else if draw < 0.5505 {
    country = "CC"
  } else {
    country = others[Int(random.next() % 20)]
  }
  return AutocompleteItem(String(line), attributes: ["country": .string(country)])
}
let clock = ContinuousClock()
let buildStart = clock.now
let index = SearchIndex(items)
print("items: \(items.count), build \(clock.now - buildStart)")

func milliseconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

func percentiles(_ samples: [Double]) -> (p50: Double, p99: Double) {
  let sorted = samples.sorted()
  return (sorted[sorted.count / 2], sorted[min(sorted.count - 1, sorted.count * 99 / 100)])
}

let queries = [
  "london", "san francisco", "mosc", "berlin", "tokyo", "paris", "rio de", "kyiv", "new york", "saint",
]
let filters: [(String, AttributeFilter?)] = [
  ("none", nil), ("50%", Attribute("country") == "AA"), ("5%", Attribute("country") == "BB"),
  ("0.05%", Attribute("country") == "CC"),
]
if let repeats = ProcessInfo.processInfo.environment["PREFIX_ONLY"].flatMap({ Int($0) }) {
  var samples: [Double] = []
  let options = SearchOptions(mode: .prefix, maximumCount: 10)
  for _ in 0..<repeats {
    for query in queries where !query.contains(" ") {
      for end in 1...query.count {
        let start = clock.now
        let results = try index.search(String(query.prefix(end)), options: options)
        samples.append(milliseconds(clock.now - start))
        withExtendedLifetime(results) {}
      }
    }
  }
  let (p50, p99) = percentiles(samples)
  print("prefix only: p50 \(p50) ms p99 \(p99) ms (\(samples.count))")
  exit(0)
}
// Scanning the filtered items alone (what a filter must never be slower than): the 0.05 % items
// in an unsorted index of their own.
let few = items.filter { $0.attributes["country"] == "CC" }
let fewIndex = SearchIndex(few, sortsKeys: false)
print("the 0.05% filter keeps \(few.count) items")

// Every keystroke is timed in each configuration one after the other (the order rotating), so the
// load of the machine, which drifts 2-3x within minutes here, weighs on all of them alike: compare
// the ratios to the unfiltered search of the same run.
for (modeName, typos) in [("prefix", TypoTolerance.off), ("prefix typo-auto", .automatic)] {
  var configurations: [(name: String, index: SearchIndex<AutocompleteItem>, options: SearchOptions)] = []
  for (name, filter) in filters {
    var options = SearchOptions(mode: .prefix, maximumCount: 10, typoTolerance: typos)
    options.filter = filter
    _ = try index.search("a", options: options)  // the filter's mask, made once per filter
    configurations.append(("filter \(name)", index, options))
  }
  configurations.append(
    ("0.05% items alone", fewIndex, SearchOptions(mode: .prefix, maximumCount: 10, typoTolerance: typos)))
  var samples = [[Double]](repeating: [], count: configurations.count)
  var turn = 0
  for _ in 0..<5 {
    for query in queries {
      for end in 1...query.count {
        let text = String(query.prefix(end))
        turn += 1
        for step in configurations.indices {
          let which = (step + turn) % configurations.count
          let configuration = configurations[which]
          let start = clock.now
          let results = try configuration.index.search(text, options: configuration.options)
          samples[which].append(milliseconds(clock.now - start))
          withExtendedLifetime(results) {}
        }
      }
    }
  }
  let base = percentiles(samples[0])
  for (which, configuration) in configurations.enumerated() {
    let (p50, p99) = percentiles(samples[which])
    print(
      "\(modeName), \(configuration.name): p50 \(String(format: "%.4f", p50)) ms"
        + " (\(String(format: "%.2f", p50 / base.p50))x unfiltered), p99 \(String(format: "%.3f", p99)) ms"
        + " (\(String(format: "%.2f", p99 / base.p99))x) (\(samples[which].count) keystrokes)")
  }
}

for (name, filter) in filters {
  var options = SearchOptions()
  options.filter = filter
  var samples: [Double] = []
  for letter in "abcdefghijklmnopqrstuvwxyz" {
    let start = clock.now
    let counts = try index.facetCounts(of: "country", for: String(letter), options: options)
    samples.append(milliseconds(clock.now - start))
    withExtendedLifetime(counts) {}
  }
  let (p50, p99) = percentiles(samples)
  print(
    "facet counts, one letter, filter \(name): p50 \(String(format: "%.3f", p50)) ms, p99 \(String(format: "%.3f", p99)) ms"
  )
}

guard measuresDisk else { exit(0) }
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("filter-latency-\(getpid())")
defer { try? FileManager.default.removeItem(at: directory) }
var start = clock.now
_ = try DiskIndex.create(at: directory, items: Array(items.dropLast(10_000)))
print("disk: create \(clock.now - start)")
start = clock.now
let disk = try DiskIndex(contentsOf: directory, access: .readWrite)
print("disk: open \(clock.now - start)")
try disk.add(Array(items.suffix(10_000)))
for number in 0..<1000 { try disk.remove(id: items[number * 997].id) }
var firstOptions = SearchOptions(mode: .prefix, maximumCount: 10)
firstOptions.filter = Attribute("country") == "BB"
start = clock.now
_ = try disk.search("lo", options: firstOptions)
print("disk: first filtered search (maps the segment's attribute columns) \(clock.now - start)")
do {
  // A second reader's first facet count: it too reads the segment's columns first.
  let reader = try DiskIndex(contentsOf: directory)
  start = clock.now
  _ = try reader.facetCounts(of: "country", for: "l", options: SearchOptions())
  print("disk: first facet count of another reader \(clock.now - start)")
}
for (name, filter) in filters {
  var options = SearchOptions(mode: .prefix, maximumCount: 10)
  options.filter = filter
  start = clock.now
  _ = try disk.search("a", options: options)
  let first = clock.now - start
  var samples: [Double] = []
  for (typos) in [TypoTolerance.off, .automatic] {
    options.typoTolerance = typos
    for query in queries {
      for end in 1...query.count {
        let begin = clock.now
        let results = try disk.search(String(query.prefix(end)), options: options)
        samples.append(milliseconds(clock.now - begin))
        withExtendedLifetime(results) {}
      }
    }
  }
  let (p50, p99) = percentiles(samples)
  var facetSamples: [Double] = []
  for letter in "abcdefghijklmnopqrstuvwxyz" {
    let begin = clock.now
    let counts = try disk.facetCounts(of: "country", for: String(letter), options: options)
    facetSamples.append(milliseconds(clock.now - begin))
    withExtendedLifetime(counts) {}
  }
  print(
    "disk, filter \(name): first search \(first), keystrokes (prefix and typo-auto) p50 \(String(format: "%.3f", p50)) ms,"
      + " p99 \(String(format: "%.3f", p99)) ms; facet counts one letter p50 \(String(format: "%.3f", percentiles(facetSamples).p50)) ms"
  )
}
