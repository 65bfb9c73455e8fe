import ArgumentParser

/// `--tsv FILE` and `--search COLUMNS`: items read from a tab-separated file (``TSVItems``), in
/// `filter`, `pick` and `index build`.
struct TSVArguments: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Read items from a tab-separated FILE whose header row names the columns: the first column is "
        + "searched (or those --search names), the others are attributes.",
      valueName: "file"))
  var tsv: String?

  @Option(
    help: ArgumentHelp(
      "With --tsv: the columns to search, comma-separated; the first is the name, the others searchable "
        + "attributes, each ranked after the one before.",
      valueName: "columns"))
  var search: String?

  func validate() throws {
    if search != nil && tsv == nil { throw ValidationError("--search needs --tsv") }
  }
}
