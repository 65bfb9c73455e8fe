// Words mode as a shopper types, key by key, on a product catalogue (issue 45): every keystroke of
// every query timed once, in process, right after the index is built (in memory) or opened
// (`DiskIndex`, `.deferred`), with no warm-up pass; p50, p90 and p99 per configuration.
//
//   python3 scripts/make-catalogue.py                       # data/catalogue-1m.tsv, once
//   swift run -c release words-latency data/catalogue-1m.tsv [--index DIR] [--engine memory|disk]
//     [--json]
//
// The queries are those of scripts/compare-words.py, which runs this beside Typesense in one run.
// Columns of the catalogue: id, name, brand, category, price (a header line first).
import AutocompleteCore
import Foundation

let queries = [
  "nike trail running shoes", "running sh", "adids", "samsng tv", "nespreso", "lindt dark chocolate",
  "grey runing shoes", "sony wireless headphnes", "ru", "choclate 1 kg",
]

struct Configuration {
  var name: String
  var options: SearchOptions
}

let configurations: [Configuration] = {
  var typos = SearchOptions(mode: .words, maximumCount: 10, typoTolerance: .automatic)
  var filtered = typos
  filtered.filter = Attribute("category") == "Shoes"
  var exact = typos
  exact.typoTolerance = .off
  var exactFiltered = filtered
  exactFiltered.typoTolerance = .off
  typos.typoTolerance = .automatic
  return [
    Configuration(name: "typos auto", options: typos),
    Configuration(name: "typos auto, category:=Shoes", options: filtered),
    Configuration(name: "no typos", options: exact),
    Configuration(name: "no typos, category:=Shoes", options: exactFiltered),
  ]
}()

func readCatalogue(_ path: String) throws -> [AutocompleteItem] {
  let text = try String(contentsOfFile: path, encoding: .utf8)
  var items: [AutocompleteItem] = []
  items.reserveCapacity(1_000_000)
  for line in text.split(separator: "\n").dropFirst() {
    let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    guard fields.count == 5 else { continue }
    items.append(
      AutocompleteItem(
        fields[1], id: fields[0],
        attributes: [
          "brand": .string(fields[2]), "category": .string(fields[3]),
          "price": .number(Double(fields[4]) ?? 0),
        ]))
  }
  return items
}

func percentile(_ sorted: [Double], _ p: Double) -> Double {
  sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)]
}

func seconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
  print("usage: words-latency CATALOGUE.tsv [--index DIR] [--engine memory|disk] [--json]")
  exit(2)
}
func option(_ name: String) -> String? {
  arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}
let json = arguments.contains("--json")
let engines = option("--engine").map { [$0] } ?? ["memory", "disk"]
let clock = ContinuousClock()
let items = try readCatalogue(arguments[1])
var report: [[String: Any]] = []

/// `--only QUERY [--repeat N]`: that query alone, N times per configuration (for a profiler).
let only = option("--only")
let repeats = option("--repeat").flatMap(Int.init) ?? 1

@MainActor func type(_ search: (String, SearchOptions) throws -> Int, engine: String) rethrows {
  if let only {
    for configuration in configurations {
      let start = clock.now
      for _ in 0..<repeats { _ = try search(only, configuration.options) }
      let each = seconds(clock.now - start) * 1000 / Double(repeats)
      print(engine, configuration.name, only, String(format: "%.3f ms", each))
    }
    return
  }
  for configuration in configurations {
    var times: [Double] = []
    var hits = 0
    for query in queries {
      let characters = Array(query)
      for length in 1...characters.count {
        let typed = String(characters.prefix(length))
        var count = 0
        let elapsed = try clock.measure { count = try search(typed, configuration.options) }
        times.append(seconds(elapsed) * 1000)
        hits += count
      }
    }
    let sorted = times.sorted()
    report.append([
      "engine": engine, "configuration": configuration.name, "times_ms": times,
      "p50": percentile(sorted, 0.5), "p90": percentile(sorted, 0.9), "p99": percentile(sorted, 0.99),
      "max": sorted.last ?? 0, "hits": hits,
    ])
    if !json {
      print(
        engine.padding(toLength: 8, withPad: " ", startingAt: 0),
        configuration.name.padding(toLength: 30, withPad: " ", startingAt: 0),
        String(
          format: "p50 %8.3f ms  p90 %8.3f ms  p99 %8.3f ms  max %8.3f ms  (%d keystrokes, %d rows)",
          percentile(sorted, 0.5), percentile(sorted, 0.9), percentile(sorted, 0.99), sorted.last ?? 0,
          times.count, hits))
    }
  }
}

for engine in engines {
  switch engine {
  case "memory":
    var index: SearchIndex<AutocompleteItem>?
    let build = clock.measure { index = SearchIndex(items) }
    if !json {
      print(
        String(format: "memory  build %.2f s, ", seconds(build))
          + "storageByteCount \(index!.storageByteCount / 1_000_000) MB")
    }
    try type({ try index!.search($0, options: $1).count }, engine: "memory")
  case "disk":
    let directory = option("--index") ?? NSTemporaryDirectory() + "words-latency-\(getpid())"
    let path = URL(fileURLWithPath: directory)
    if !FileManager.default.fileExists(atPath: directory + "/MANIFEST") {
      let build = try clock.measure { _ = try DiskIndex.create(at: path, items: items) }
      if !json { print(String(format: "disk    create %.2f s", seconds(build))) }
    }
    var disk: DiskIndex?
    let open = try clock.measure { disk = try DiskIndex(contentsOf: path, verification: .deferred) }
    if !json { print(String(format: "disk    open %.3f ms (.deferred)", seconds(open) * 1000)) }
    try type({ try disk!.search($0, options: $1).count }, engine: "disk")
  default:
    print("unknown engine \(engine)")
    exit(2)
  }
}
if json {
  let data = try JSONSerialization.data(withJSONObject: report)
  print(String(decoding: data, as: UTF8.self))
}
