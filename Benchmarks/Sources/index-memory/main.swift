import AutocompleteCore
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

// Builds the index over the 1M-string corpus and prints what it costs in memory and time:
//   swift run -c release index-memory [FILE] [--transliterate]
// FILE defaults to $AUTOCOMPLETE_BENCH_DATA, then ../data/bench-1m.txt. --transliterate builds it
// with Latin readings (`transliteration: .latin`, issue 37).

/// A field of /proc/self/status in bytes ("VmRSS", "VmHWM"), or nil off Linux.
func status(_ field: String) -> Int? {
  guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
  for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
    let number = line.dropFirst(field.count + 1).split(whereSeparator: \.isWhitespace).first.flatMap {
      Int($0)
    }
    return number.map { $0 * 1024 }
  }
  return nil
}

func megabytes(_ bytes: Int?) -> String {
  bytes.map { String(format: "%.1f MB", Double($0) / 1_000_000) } ?? "n/a"
}

let transliteration: Transliteration = CommandLine.arguments.contains("--transliterate") ? .latin : .none
let arguments = CommandLine.arguments.dropFirst().filter { $0 != "--transliterate" }
let path =
  arguments.first ?? ProcessInfo.processInfo.environment["AUTOCOMPLETE_BENCH_DATA"] ?? "../data/bench-1m.txt"
guard let data = FileManager.default.contents(atPath: path) else {
  print("index-memory: cannot read \(path); run scripts/fetch-bench-data.sh first")
  exit(2)
}
let rssStart = status("VmRSS")
let items = String(decoding: data, as: UTF8.self).split(separator: "\n").map { AutocompleteItem(String($0)) }
let textBytes = items.reduce(0) { $0 + $1.searchText.utf8.count }
let rssItems = status("VmRSS")

let clock = ContinuousClock()
let start = clock.now
let index = SearchIndex(items, transliteration: transliteration)
let buildTime = clock.now - start
let peak = status("VmHWM")
// Hand back what the build freed, so RSS shows what the index keeps (glibc's malloc_trim).
if let trim = dlsym(nil, "malloc_trim") {
  _ = unsafeBitCast(trim, to: (@convention(c) (Int) -> Int32).self)(0)
}
let rssIndex = status("VmRSS")
withExtendedLifetime(index) {}

print("file:              \(path)")
print("items:             \(items.count) (\(index.keyCount) keys)")
print("raw text:          \(megabytes(textBytes)) (\(textBytes) bytes of UTF-8, no newlines)")
print("RSS at start:      \(megabytes(rssStart)) (file read)")
print("RSS with items:    \(megabytes(rssItems))")
print("RSS with index:    \(megabytes(rssIndex))")
print("peak RSS (VmHWM):  \(megabytes(peak))")
if let rssItems, let rssIndex, let rssStart {
  let indexBytes = rssIndex - rssItems
  let ratio = Double(indexBytes) / Double(textBytes)
  let allRatio = Double(rssIndex - rssStart) / Double(textBytes)
  print(
    "index alone:       \(megabytes(indexBytes)) = \(String(format: "%.2f", ratio))× raw text "
      + "(target ≤ 3× without typo tolerance, which may add 25 %: ≤ 3.75×)")
  print(
    "items + index:     \(megabytes(rssIndex - rssStart)) = \(String(format: "%.2f", allRatio))× raw text")
}
let storage = index.storageByteCount
print(
  "index storage:     \(megabytes(storage)) = \(String(format: "%.2f", Double(storage) / Double(textBytes)))× raw text"
    + " (SearchIndex.storageByteCount)")
let buildMilliseconds =
  Double(buildTime.components.seconds) * 1000 + Double(buildTime.components.attoseconds) / 1e15
print("build time:        \(String(format: "%.0f ms", buildMilliseconds)) (target ≤ 1.5 s)")
