import AutocompleteCities
import AutocompleteCore
import Foundation

// How often the intended city is among the first five suggestions when its name is typed with
// phone-keyboard typos (Benchmarks/typo-corpus.tsv, made by scripts/make-typo-corpus.py), and what a
// query costs in process, over the embedded cities (34,006, with alternate names):
//   swift run -c release typo-hit-rate [CORPUS] [--json]
// CORPUS defaults to typo-corpus.tsv (run from Benchmarks/). With --json it prints one JSON object
// per configuration for scripts/compare-typesense.py. ONLY=TEXT runs the configurations whose name
// contains TEXT; REPEAT=N runs each N times after the warm-up (for a profiler such as callgrind, so
// that the searches outweigh building the index); PER_QUERY=1 lists every query's time, slowest first.
// With --serve it answers, after a warm-up pass, one line per query number read from standard input
// with the query's time in ms and whether it hit (prefix, typos auto): scripts/compare-typesense.py
// interleaves those with Typesense's answers to the same queries. A line may add a filter in
// Typesense's syntax ("12<TAB>filter<TAB>country:=BR") or ask the facet counts of a field too
// ("12<TAB>facet<TAB>country", optionally a filter after it).

let arguments = Array(CommandLine.arguments.dropFirst())
let asJSON = arguments.contains("--json")
let serves = arguments.contains("--serve")
let path = arguments.first { !$0.hasPrefix("--") } ?? "typo-corpus.tsv"
guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
  FileHandle.standardError.write(Data("typo-hit-rate: cannot read \(path)\n".utf8))
  exit(2)
}
let corpus: [(query: String, row: Int)] = text.split(separator: "\n").dropFirst().compactMap { line in
  let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
  guard columns.count >= 2, let row = Int(columns[1]) else { return nil }
  return (String(columns[0]), row)
}
let items = try Cities.load().map(\.autocompleteItem)
let index = SearchIndex(items)

/// GAP=sleep|spin|evict: what happens between two queries — nothing by default; `sleep` idles 1 ms
/// (as between keystrokes, or while a peer answers in a side-by-side run), `spin` stays busy 1 ms,
/// `evict` writes 8 MB.
let gap = ProcessInfo.processInfo.environment["GAP"]
nonisolated(unsafe) var evictionBuffer = [UInt8](repeating: 0, count: 8 << 20)
func betweenQueries() {
  switch gap {
  case "sleep": usleep(1000)
  case "spin":
    let clock = ContinuousClock()
    let end = clock.now + .milliseconds(1)
    while clock.now < end {}
  case "evict":
    for index in stride(from: 0, to: evictionBuffer.count, by: 64) { evictionBuffer[index] &+= 1 }
  default: break
  }
}

/// Searches `query` once: whether `row` is among the first five results, and the time in ms.
func timedSearch(_ query: String, expecting row: Int, options: SearchOptions) throws -> (
  hit: Bool, time: Double
) {
  let clock = ContinuousClock()
  let start = clock.now
  let results = try index.search(query, options: options)
  let elapsed = clock.now - start
  let time = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
  return (results.prefix(5).contains { $0.offset == row }, time)
}

/// Runs every corpus query with `options`: the hit rate in the first five and each query's time.
func measure(_ options: SearchOptions) throws -> (hits: Int, times: [Double]) {
  var hits = 0
  var times: [Double] = []
  for (query, row) in corpus {
    betweenQueries()
    let (hit, time) = try timedSearch(query, expecting: row, options: options)
    times.append(time)
    if hit { hits += 1 }
  }
  return (hits, times)
}

func percentile(_ values: [Double], _ p: Double) -> Double {
  let sorted = values.sorted()
  return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
}

if serves {
  let options = SearchOptions(mode: .prefix, maximumCount: 5, typoTolerance: .automatic)
  _ = try measure(options)  // warm up
  // Unbuffered: the script waits for each line.
  func answer(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
  answer("ready \(corpus.count)")
  var warmed = Set<String>()
  while let line = readLine() {
    // "N", "N<TAB>filter<TAB>EXPR" (with `filter_by` EXPR) or "N<TAB>facet<TAB>FIELD[<TAB>EXPR]" (the
    // search and the facet counts of FIELD among every match, as Typesense's facet_by).
    let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    guard let number = Int(fields[0]), corpus.indices.contains(number) else {
      answer("error: no query \(line)")
      continue
    }
    var filtered = options
    var expression = ""
    var facetField: String?
    if fields.count >= 3 {
      if fields[1] == "facet" { facetField = fields[2] }
      expression = fields[1] == "filter" ? fields[2] : fields.count > 3 ? fields[3] : ""
    }
    if !expression.isEmpty {
      do {
        filtered.filter = try AttributeFilter(parsing: expression, knownAttributes: index.attributeNames)
      } catch {
        answer("error: \(error)")
        continue
      }
      if warmed.insert(expression).inserted { _ = try index.search("a", options: filtered) }  // its mask
    }
    let (query, row) = corpus[number]
    if let facetField {
      let clock = ContinuousClock()
      let start = clock.now
      let results = try index.search(query, options: filtered)
      let counts = try index.facetCounts(of: facetField, for: query, options: filtered)
      let elapsed = clock.now - start
      let time = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
      answer("\(time) \(results.prefix(5).contains { $0.offset == row } ? 1 : 0) \(counts.count)")
      continue
    }
    let (hit, time) = try timedSearch(query, expecting: row, options: filtered)
    answer("\(time) \(hit ? 1 : 0)")
  }
  exit(0)
}

let configurations: [(String, SearchOptions)] = [
  ("prefix, typos off", SearchOptions(mode: .prefix, maximumCount: 5)),
  ("contains, typos off", SearchOptions(mode: .contains, maximumCount: 5)),
  ("words, typos off", SearchOptions(mode: .words, maximumCount: 5)),
  ("fuzzy, typos off", SearchOptions(mode: .fuzzy, maximumCount: 5)),
  ("prefix, typos auto", SearchOptions(mode: .prefix, maximumCount: 5, typoTolerance: .automatic)),
  ("prefix, typos 2", SearchOptions(mode: .prefix, maximumCount: 5, typoTolerance: .fixed(2))),
  ("words, typos auto", SearchOptions(mode: .words, maximumCount: 5, typoTolerance: .automatic)),
  ("contains, typos auto", SearchOptions(mode: .contains, maximumCount: 5, typoTolerance: .automatic)),
]
if !asJSON {
  print("\(corpus.count) queries, \(items.count) cities; top-5 hit rate and time per query (one core)")
}
let only = ProcessInfo.processInfo.environment["ONLY"]
let repeats = max(1, Int(ProcessInfo.processInfo.environment["REPEAT"] ?? "") ?? 1)
for (name, options) in configurations where only.map({ name.contains($0) }) ?? true {
  _ = try measure(options)  // warm up
  for _ in 1..<repeats { _ = try measure(options) }
  let (hits, times) = try measure(options)
  if ProcessInfo.processInfo.environment["PER_QUERY"] != nil {
    for (time, entry) in zip(times, corpus).sorted(by: { $0.0 > $1.0 }) {
      print(String(format: "%8.3f ms  ", time) + entry.query)
    }
  }
  let p50 = percentile(times, 0.5)
  let p99 = percentile(times, 0.99)
  if asJSON {
    print(
      "{\"name\": \"\(name)\", \"hits\": \(hits), \"queries\": \(corpus.count), \"p50_ms\": \(p50), "
        + "\"mean_ms\": \(times.reduce(0, +) / Double(times.count)), "
        + "\"p99_ms\": \(p99), \"max_ms\": \(times.max() ?? 0)}")
  } else {
    print(
      name.padding(toLength: 24, withPad: " ", startingAt: 0)
        + String(
          format: "%3d/%d (%.0f%%)  mean %.3f ms  p50 %.3f ms  p99 %.3f ms", hits, corpus.count,
          100 * Double(hits) / Double(corpus.count), times.reduce(0, +) / Double(times.count), p50, p99))
  }
}
