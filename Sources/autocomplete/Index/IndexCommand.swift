import ArgumentParser
import AutocompleteCities
import AutocompleteCore
import Foundation

/// `autocomplete index`: builds, changes and inspects an index kept on disk, which
/// `autocomplete filter --index PATH` searches without reading the lines again.
struct IndexCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "index",
    abstract: "Build, change and inspect an index kept in a directory.",
    discussion: """
      Each line is an item whose id is its text; with --ids, each line is ID<TAB>TEXT (the id \
      before the first tab). `filter --index PATH` and `pick --index PATH` answer exactly as \
      `--data FILE` on the same lines (texts). build and add show their progress on standard \
      error when it is a terminal and the input is 1 MB or more.
      """,
    subcommands: [Build.self, Add.self, Remove.self, Install.self, Info.self, Merge.self, Verify.self]
  )

  /// Options of the commands that read lines.
  struct Input: ParsableArguments {
    @Option(help: "Read lines from FILE ('-' for standard input; the default).")
    var data = "-"

    @Flag(name: .customLong("read0"), help: "Read items ended by NUL bytes instead of line breaks.")
    var read0 = false

    @Flag(
      help: "Each line is ID<TAB>TEXT: the item's id, a tab, its text (remove: each line is an id).")
    var ids = false

    /// The lines, their reading shown by `progress`.
    func lines(progress: IndexProgress? = nil) throws -> [String] {
      try IndexInput.lines(data, separator: read0 ? 0 : 0x0A, progress: progress)
    }
  }

  /// Throws when `--tsv` is given with options that read lines.
  static func validate(_ input: Input, _ table: TSVArguments) throws {
    guard table.tsv != nil else { return }
    if input.ids {
      throw ValidationError("--tsv takes each row's id from a column: give --id-column NAME instead of --ids")
    }
    if input.data != "-" || input.read0 {
      throw ValidationError("--tsv reads no lines: leave out --data and --read0")
    }
  }

  /// `index build`: a new index of the lines, of a TSV file's rows or of the embedded cities.
  struct Build: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Write a new index of the lines (or --tsv rows, or --cities) to PATH.",
      discussion: """
        With --tsv FILE, the rows of a tab-separated file whose header names the columns, as \
        `filter --tsv` reads them: the first column is searched (or those --search names), the \
        others are attributes (numbers where every value parses as one, or as --column-type \
        NAME=number|text|list says), and each row prints as read. With --id-column NAME each row's \
        id is that column (for `index add --tsv` and `index remove --ids`) and it prints its name \
        (or its --display-column); --weight-column NAME ranks by that number. With --cities, the embedded cities with their country (ISO code) and population. \
        `filter --index` and `pick --index` then take --where EXPR, and `filter --index` --facet FIELD.
        """)
    @OptionGroup var input: Input
    @Option(name: .shortAndLong, help: "The index directory to create.") var output: String
    @Flag(help: "Keep case and diacritics.") var caseSensitive = false
    @OptionGroup var table: TSVArguments
    @Flag(help: "Index the embedded cities, with their country and population.") var cities = false
    @Flag(
      help: ArgumentHelp(
        "Also index the items' Latin readings (beijing, bj: 北京; moskva: Москва), kept by every later "
          + "add and merge: `filter --index` and `pick --index` with --transliterate then find them."))
    var transliterate = false

    func validate() throws {
      if table.tsv != nil && cities { throw ValidationError("--tsv and --cities cannot be used together") }
      try IndexCommand.validate(input, table)
      if cities && (input.data != "-" || input.ids || input.read0) {
        throw ValidationError("--cities reads no lines: leave out --data, --ids and --read0")
      }
    }

    func run() throws {
      let progress = IndexProgress()
      let items: [AutocompleteItem]
      var searchable: [String] = []
      if let read = try table.items() {
        (items, searchable) = (read.items, read.searchableAttributes)
      } else if cities {
        items = try Cities.load().map(\.autocompleteItem)
      } else {
        items = try IndexInput.items(try input.lines(progress: progress), hasIDs: input.ids)
      }
      progress.begin("indexing \(items.count) items")
      _ = try DiskIndex.create(
        at: URL(fileURLWithPath: output), items: items, isCaseSensitive: caseSensitive,
        transliteration: transliterate ? .latin : .none, searchableAttributes: searchable)
      progress.finish("indexed \(items.count) items into \(output)")
    }
  }

  /// `index add`: adds lines (or `--tsv` rows, each replacing the item of its id), committing before
  /// it exits.
  struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Add the lines (or --tsv rows) to the index at PATH.",
      discussion: """
        With --tsv FILE, the rows of a tab-separated file read as `index build --tsv` reads them \
        (give the same --search, --id-column, --display-column, --weight-column and --column-type): \
        each row replaces the item of its id (its --id-column, else its name), or is added.
        """)
    @Argument(help: "The index directory.") var path: String
    @OptionGroup var input: Input
    @Option(help: "Commit after every N lines too.") var commitEvery: Int?
    @OptionGroup var table: TSVArguments

    func validate() throws { try IndexCommand.validate(input, table) }

    func run() throws {
      let index = try IndexOpening.open(path, access: .readWrite)
      let progress = IndexProgress()
      let rows = try table.items()
      let items = try rows?.items ?? IndexInput.items(try input.lines(progress: progress), hasIDs: input.ids)
      let step = max(commitEvery ?? items.count, 1)
      if step >= items.count { progress.begin("adding \(items.count) items") }
      var start = 0
      while start < items.count {
        let end = min(start + step, items.count)
        if rows != nil {
          // A row replaces the item of its id: the day's new prices replace yesterday's rows.
          for item in items[start..<end] { try index.remove(id: item.id) }
        }
        try index.add(Array(items[start..<end]))
        try index.commit()
        start = end
        if step < items.count { progress.added(end, of: items.count) }
      }
      // A commit that filled the log started a checkpoint in the background: the process waits for
      // it, or every later run would start it again over a log that only grows.
      try index.waitForBackgroundWork()
      progress.finish("added \(items.count) items to \(path)")
    }
  }

  /// `index remove`: removes the items whose text is a line given, or (`--ids`) whose id is.
  struct Remove: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Remove the given lines (texts; with --ids, ids; with --tsv, rows) from the index at PATH.",
      discussion: """
        By text, every item whose text is one of the lines goes (the index's items are read once); \
        with --ids, every item whose id is one of the lines (or the id before a line's first tab), \
        found directly; with --tsv FILE, the items of the rows' ids (--id-column, else the name). \
        A line that removes nothing is named in a warning and the exit status is 1 (the others are \
        removed).
        """)
    @Argument(help: "The index directory.") var path: String
    @OptionGroup var input: Input
    @OptionGroup var table: TSVArguments

    func validate() throws { try IndexCommand.validate(input, table) }

    func run() throws {
      let index = try IndexOpening.open(path, access: .readWrite)
      var removed = 0
      var missing: [String] = []
      if let rows = try table.items() {
        for id in rows.items.map(\.id) {
          try Self.remove(id, from: index, removed: &removed, missing: &missing)
        }
      } else if input.ids {
        var seen = Set<String>()
        for id in IndexInput.ids(try input.lines()) where seen.insert(id).inserted {
          try Self.remove(id, from: index, removed: &removed, missing: &missing)
        }
      } else {
        let lines = try input.lines()
        var ids: [String: [String]] = [:]
        for item in try index.items() { ids[item.searchText, default: []].append(item.id) }
        var seen = Set<String>()
        for text in lines where seen.insert(text).inserted {
          guard let found = ids[text] else {
            missing.append(text)
            continue
          }
          for id in Set(found) { removed += try index.remove(id: id) }
        }
      }
      try index.commit()
      try index.waitForBackgroundWork()
      StandardStream.error("removed \(removed) item(s)\n")
      guard missing.isEmpty else {
        let what = input.ids || table.tsv != nil ? "id" : "text"
        let shown = missing.prefix(10).map { "“\($0)”" }.joined(separator: ", ")
        let more = missing.count > 10 ? " and \(missing.count - 10) more" : ""
        StandardStream.error(
          "warning: \(missing.count) not in the index (no item with that \(what)): \(shown)\(more)\n")
        throw ExitCode(1)
      }
    }

    /// Removes the items of `id`, counted in `removed`, or notes it in `missing`.
    private static func remove(
      _ id: String, from index: DiskIndex, removed: inout Int, missing: inout [String]
    )
      throws
    {
      let count = try index.remove(id: id)
      if count == 0 { missing.append(id) }
      removed += count
    }
  }

  /// `index install`: `DiskIndex.install(from:to:)`, the copy of a shipped index to a writable place.
  struct Install: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Copy the index at SOURCE to DESTINATION, unless an index is there already.",
      discussion: """
        The copy is written beside DESTINATION, synced and renamed into place, so a kill leaves \
        either no DESTINATION or a complete index; the source's LOCK is not copied and the copy's \
        files are writable by their owner.
        """)
    @Argument(help: "The index directory to copy (only read).") var source: String
    @Argument(help: "The directory to create.") var destination: String

    func run() throws {
      let copied = try DiskIndex.install(
        from: URL(fileURLWithPath: source), to: URL(fileURLWithPath: destination))
      StandardStream.error(copied ? "installed \(destination)\n" : "\(destination) already holds an index\n")
    }
  }

  /// `index info`: counts, segments, sizes, format version.
  struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Describe the index at PATH.")
    @Argument(help: "The index directory.") var path: String

    func run() throws {
      let start = DispatchTime.now().uptimeNanoseconds
      let index = try IndexOpening.open(path)
      let opened = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
      let info = index.info
      var text = "format version \(info.formatVersion), generation \(info.generation)\n"
      text += "opened in \(String(format: "%.1f", opened)) ms\n"
      text += "items: \(info.itemCount)\n"
      if index.transliteration == .latin { text += "readings: latin\n" }
      text += "log: \(info.logCommitCount) commits since the last checkpoint, \(info.logByteCount) bytes\n"
      for warning in info.warnings { text += "warning: \(warning)\n" }
      text += "segments: \(info.segments.count), \(info.segments.reduce(0) { $0 + $1.byteCount }) bytes\n"
      for segment in info.segments {
        text += "  \(segment.file): \(segment.itemCount) items, \(segment.removedCount) removed, "
        text += "\(segment.byteCount) bytes\n"
      }
      try StandardStream.output(text)
    }
  }

  /// `index merge`: every segment rewritten as one.
  struct Merge: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Merge the segments of the index at PATH into one.")
    @Argument(help: "The index directory.") var path: String

    func run() throws {
      try IndexOpening.open(path, access: .readWrite).merge()
    }
  }

  /// `index verify`: reads every byte, and (unless `--checksums-only`) checks that every segment
  /// follows from its stored records (`DiskIndex.verify(.full)`).
  struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Check every file of the index at PATH.",
      discussion: """
        Checks every checksum and builds every segment again from its stored records, comparing \
        them section by section: a file forged with recomputed checksums is found (it costs about \
        a build). With --checksums-only, only damage is looked for.
        """)
    @Argument(help: "The index directory.") var path: String
    @Flag(help: "Check the checksums only (damage), not that the segments follow from their records.")
    var checksumsOnly = false

    func run() throws {
      try IndexOpening.open(path).verify(checksumsOnly ? .checksums : .full)
      try StandardStream.output("ok\n")
    }
  }
}
