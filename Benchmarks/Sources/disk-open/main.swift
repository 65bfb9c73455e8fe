import AutocompleteCore
import Foundation

// Opening an on-disk index (issue 34's "open + first prefix query" and "resident memory after open
// and 1,000 searches"), in process:
//   swift run -c release disk-open INDEX [--runs N]
// INDEX is a directory written by `autocomplete index build`. Each run opens the index afresh (the
// previous one released), times the open and the first prefix query ("s", top 10), then, in the
// last run, 1,000 prefix queries; medians are printed, with the process's resident memory after
// the open and after the queries. Runs are warm (the page cache holds the files) unless `--cold`
// evicts the index's files from the page cache before each run (posix_fadvise DONTNEED, no root).
// `--deferred` opens with `DiskIndex.Verification.deferred` (no section checksums at open).
// `--updates` then opens the index for writing (nothing is committed) and times 1,000 updates of
// existing items (`update(_:)`), each followed by the search that finds the new text: issue 34's
// "one update visible to search".
// `--commits K [--base N] [--foreground]` instead writes a new index of N generated items (default
// 100,000) into INDEX (which must not exist) and times K commits of one update each: p50, p99 and
// max of all, and of the commits due for a checkpoint (the log passed `checkpointLogSize`), which
// start it in the background, or with `--foreground` (background checkpoints off) run it.

func milliseconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

/// The process's resident memory in MB: anonymous (heap) and file-backed (the mapped index).
func residentMegabytes() -> (anonymous: Double, file: Double) {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
    return (.nan, .nan)
  }
  func field(_ name: String) -> Double {
    guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }),
      let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
    else { return .nan }
    return kilobytes / 1024
  }
  return (field("RssAnon"), field("RssFile"))
}

func describe(_ resident: (anonymous: Double, file: Double)) -> String {
  String(
    format: "%.1f MB (%.1f heap + %.1f file)", resident.anonymous + resident.file, resident.anonymous,
    resident.file)
}

func evict(_ directory: String) {
  for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
    let descriptor = open(directory + "/" + name, O_RDONLY)
    guard descriptor >= 0 else { continue }
    _ = posix_fadvise(descriptor, 0, 0, Int32(POSIX_FADV_DONTNEED))
    close(descriptor)
  }
}

var arguments = Array(CommandLine.arguments.dropFirst())
var runs = 11
var cold = false
if let at = arguments.firstIndex(of: "--runs"), at + 1 < arguments.count, let value = Int(arguments[at + 1]) {
  runs = value
  arguments.removeSubrange(at...(at + 1))
}
var verification = DiskIndex.Verification.checksums
if let at = arguments.firstIndex(of: "--deferred") {
  verification = .deferred
  arguments.remove(at: at)
}
var timesUpdates = false
if let at = arguments.firstIndex(of: "--updates") {
  timesUpdates = true
  arguments.remove(at: at)
}
if let at = arguments.firstIndex(of: "--cold") {
  cold = true
  arguments.remove(at: at)
}
guard let path = arguments.first else {
  print("usage: disk-open INDEX [--runs N] [--cold] [--deferred] [--updates]")
  print("       disk-open INDEX --commits K [--base N] [--foreground]")
  exit(2)
}
func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
if let at = arguments.firstIndex(of: "--commits"), at + 1 < arguments.count,
  let commits = Int(arguments[at + 1])
{
  try timeCommits(commits, arguments: arguments)
  exit(0)
}

/// `--commits`: see the top of the file.
func timeCommits(_ commits: Int, arguments: [String]) throws {
  var base = 100_000
  if let at = arguments.firstIndex(of: "--base"), at + 1 < arguments.count, let value = Int(arguments[at + 1])
  {
    base = value
  }
  let items = (0..<base).map { AutocompleteItem("item \($0) of the base \($0 % 977)", id: "\($0)") }
  let index = try DiskIndex.create(at: URL(fileURLWithPath: path), items: items)
  index.checkpointsInBackground = !arguments.contains("--foreground")
  let clock = ContinuousClock()
  var all: [Double] = []
  var due: [Double] = []
  for step in 0..<commits {
    try index.update(AutocompleteItem("updated \(step) item", id: "\(step % base)"))
    let before = index.info
    let began = clock.now
    try index.commit()
    let took = milliseconds(clock.now - began)
    let after = index.info
    all.append(took)
    let crossed =
      before.logByteCount <= DiskIndex.checkpointLogSize && after.logByteCount > DiskIndex.checkpointLogSize
    if after.generation != before.generation || crossed { due.append(took) }
  }
  try index.waitForBackgroundWork()
  func summary(_ values: [Double]) -> String {
    guard !values.isEmpty else { return "none" }
    let sorted = values.sorted()
    return String(
      format: "p50 %.2f ms, p99 %.2f ms, max %.2f ms (%d)", median(values), sorted[values.count * 99 / 100],
      sorted.last!, values.count)
  }
  print(
    "\(commits) one-update commits on \(base) items, checkpoints "
      + (index.checkpointsInBackground ? "in the background" : "in the commit") + ": all \(summary(all)); "
      + "due for a checkpoint \(summary(due)); generation \(index.info.generation)")
}
let clock = ContinuousClock()
let baseline = residentMegabytes()
var opens: [Double] = []
var firsts: [Double] = []
var afterOpenOnly = (anonymous: 0.0, file: 0.0)
var afterOpen = (anonymous: 0.0, file: 0.0)
var afterSearches = (anonymous: 0.0, file: 0.0)
var searchTimes: [Double] = []
let queries =
  (Array("abcdefghijklmnoprstuvwyz").map { String($0) } + ["sa", "san", "be", "ber", "lon", "mos", "par"])
for run in 0..<runs {
  if cold { evict(path) }
  let start = clock.now
  let index = try DiskIndex(contentsOf: URL(fileURLWithPath: path), verification: verification)
  let opened = clock.now
  if run == runs - 1 { afterOpenOnly = residentMegabytes() }
  let first = try index.search("s", options: SearchOptions(mode: .prefix, maximumCount: 10))
  let answered = clock.now
  precondition(!first.isEmpty, "no results for s")
  opens.append(milliseconds(opened - start))
  firsts.append(milliseconds(answered - start))
  if run == runs - 1 {
    afterOpen = residentMegabytes()
    for step in 0..<1000 {
      let query = queries[step % queries.count]
      let began = clock.now
      _ = try index.search(query, options: SearchOptions(mode: .prefix, maximumCount: 10))
      searchTimes.append(milliseconds(clock.now - began))
    }
    afterSearches = residentMegabytes()
  }
}
let size = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).reduce(0) { total, name in
  total + ((try? FileManager.default.attributesOfItem(atPath: path + "/" + name)[.size] as? Int) ?? 0)
}
print(
  String(
    format: "%@ open %.3f ms, open + first prefix query %.3f ms (medians of %d%@)", path, median(opens),
    median(firsts), runs,
    (cold ? ", page cache evicted" : ", warm") + (verification == .deferred ? ", deferred" : ", checksums")))
print(
  String(format: "1,000 prefix queries: p50 %.3f ms; files %.1f MB", median(searchTimes), Double(size) / 1e6)
    + "; resident before the opens \(describe(baseline)), after the last open \(describe(afterOpenOnly)), "
    + "after its first query "
    + "\(describe(afterOpen)), after the 1,000 queries \(describe(afterSearches))")

if timesUpdates {
  let index = try DiskIndex(
    contentsOf: URL(fileURLWithPath: path), access: .readWrite, verification: verification)
  let targets = try index.items(prefix: 1000)
  var updates: [Double] = []
  var visible: [Double] = []
  for (step, target) in targets.enumerated() {
    let text = "zq update \(step) \(target.searchText)"
    let began = clock.now
    try index.update(AutocompleteItem(text, id: target.id))
    let updated = clock.now
    let found = try index.search(text, options: SearchOptions(mode: .exact, maximumCount: 1))
    let answered = clock.now
    precondition(found.first?.item.id == target.id, "update \(step) not found")
    updates.append(milliseconds(updated - began) * 1000)
    visible.append(milliseconds(answered - began) * 1000)
  }
  print(
    String(
      format:
        "1,000 updates (uncommitted): update p50 %.1f µs, p99 %.1f µs; update + the search finding it p50 %.1f µs",
      median(updates), updates.sorted()[updates.count * 99 / 100], median(visible)))
}
