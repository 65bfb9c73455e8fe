// Keystroke to rows against Typesense through `TypesenseSource`: types city names one key at a
// time (each keystroke waits for its rows, as a field shows them) and reports the latency per
// keystroke (p50, p99, worst) and the requests per typed word, without and with local narrowing.
// With `--kill-pid PID --kill-after N`, kills that process (a cluster node) after N words, to
// measure failover. Started by scripts/measure-remote.py, which runs the servers.
//
// Usage: remote-latency --nodes URL[,URL…] --api-key KEY --collection NAME --query-by FIELDS
//        [--words N] [--limit N] [--kill-pid PID --kill-after N] [--narrowing off|on|both]
import AutocompleteCities
import AutocompleteCore
import AutocompleteRemote
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

func argument(_ name: String) -> String? {
  let arguments = CommandLine.arguments
  guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
  return arguments[index + 1]
}

func percentile(_ sorted: [Double], _ p: Double) -> Double {
  guard !sorted.isEmpty else { return .nan }
  return sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)]
}

guard let nodeList = argument("--nodes"), let key = argument("--api-key"),
  let collection = argument("--collection"),
  let queryBy = argument("--query-by")
else {
  FileHandle.standardError.write(
    Data("usage: remote-latency --nodes URL --api-key KEY --collection NAME --query-by F\n".utf8))
  exit(2)
}
let nodes = nodeList.split(separator: ",").compactMap { URL(string: String($0)) }
let fields = queryBy.split(separator: ",").map { TypesenseSource.Field(String($0)) }
let wordCount = Int(argument("--words") ?? "") ?? 60
let limit = Int(argument("--limit") ?? "") ?? 10
let killPID = argument("--kill-pid").flatMap { Int32($0) }
let killAfter = Int(argument("--kill-after") ?? "") ?? 10
let narrowing = argument("--narrowing") ?? "both"

// The most populous cities' ASCII names, lowercased: what people type.
let words = Cities.all.sorted { $0.population > $1.population }.map { $0.asciiName.lowercased() }
  .filter { $0.count >= 4 && $0.allSatisfy { $0.isLetter || $0 == " " } }.prefix(wordCount)

var report: [String: Any] = [:]
for narrows in narrowing == "both" ? [false, true] : [narrowing == "on"] {
  let source = try TypesenseSource(
    nodes: nodes, apiKey: key, collection: collection, queryBy: fields, connectionTimeout: .seconds(2),
    narrowsLocally: narrows)
  var latencies: [Double] = []
  var requestsPerWord: [Int] = []
  var failures = 0
  var killed = false
  for (index, word) in words.enumerated() {
    if let killPID, index == killAfter, !killed {
      kill(killPID, SIGKILL)
      killed = true
    }
    let before = source.requestCount
    for length in 1...word.count {
      let query = SuggestionQuery(String(word.prefix(length)), options: SearchOptions(maximumCount: limit))
      let start = ContinuousClock.now
      do {
        _ = try await source.suggestions(for: query)
      } catch {
        failures += 1
      }
      let elapsed = ContinuousClock.now - start
      latencies.append(
        Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3)
    }
    requestsPerWord.append(source.requestCount - before)
  }
  latencies.sort()
  let name = narrows ? "narrowing" : "no narrowing"
  let keys = latencies.count
  let requests = requestsPerWord.reduce(0, +)
  let line = String(
    format:
      "%@: %d keystrokes over %d words, p50 %.2f ms, p99 %.2f ms, worst %.2f ms; %.2f requests per word (%.2f per keystroke); %d without an answer",
    name, keys, words.count, percentile(latencies, 0.5), percentile(latencies, 0.99), latencies.last ?? .nan,
    Double(requests) / Double(words.count), Double(requests) / Double(keys), failures)
  print(line)
  report[name] = [
    "keystrokes": keys, "p50_ms": percentile(latencies, 0.5), "p99_ms": percentile(latencies, 0.99),
    "worst_ms": latencies.last ?? 0, "requests_per_word": Double(requests) / Double(words.count),
    "failures": failures,
  ]
}
if CommandLine.arguments.contains("--json"),
  let data = try? JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
{
  print(String(decoding: data, as: UTF8.self))
}
