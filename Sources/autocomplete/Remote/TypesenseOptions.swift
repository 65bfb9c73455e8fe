import ArgumentParser
import AutocompleteCore
import AutocompleteRemote
import Foundation

/// `--typesense URL[,URL…] --api-key KEY --collection NAME --query-by FIELDS`: suggestions from a
/// Typesense collection (one node or a cluster) instead of local lines, for the demo's async screen,
/// `pick` and `filter`.
struct TypesenseOptions: ParsableArguments {
  @Option(
    name: .customLong("typesense"),
    help: ArgumentHelp(
      "Ask Typesense: the URL of each node, comma-separated (a cluster's nodes are tried in turn).",
      valueName: "url,…"))
  var nodes: String?

  @Option(help: "The Typesense API key (a search-only key will do). Default: $TYPESENSE_API_KEY.")
  var apiKey: String?

  @Option(help: "The Typesense collection to search.")
  var collection: String?

  @Option(
    help: ArgumentHelp(
      "The fields to search, comma-separated, each optionally with a weight (name:3,alternates); the first is printed.",
      valueName: "fields"))
  var queryBy: String?

  @Option(help: "Typesense sort_by, such as population:desc.")
  var sortBy: String?

  @Option(help: "Typesense filter_by, such as country:=France (the same as --where).")
  var filterBy: String?

  @Option(
    help: ArgumentHelp(
      "How long one node may take to answer before the next is tried (default 2, as Typesense's clients).",
      valueName: "seconds"))
  var connectionTimeout: Double?

  /// Whether a server was asked for.
  var isGiven: Bool { nodes != nil }

  func validate() throws {
    guard let nodes else {
      if apiKey != nil || collection != nil || queryBy != nil || sortBy != nil || filterBy != nil
        || connectionTimeout != nil
      {
        throw ValidationError(
          "--api-key, --collection, --query-by, --sort-by, --filter-by and --connection-timeout need --typesense"
        )
      }
      return
    }
    if let connectionTimeout, !(connectionTimeout > 0 && connectionTimeout <= 3600) {
      throw ValidationError("--connection-timeout: give seconds above 0 and at most 3600")
    }
    _ = try Self.urls(nodes)
    let missing = [
      collection == nil ? "--collection NAME" : nil,
      queryBy == nil ? "--query-by FIELDS" : nil,
      key == nil ? "--api-key KEY (or TYPESENSE_API_KEY in the environment)" : nil,
    ].compactMap { $0 }
    if !missing.isEmpty {  // all of them at once, not one run at a time
      throw ValidationError("--typesense needs " + Self.listed(missing))
    }
    _ = try Self.fields(queryBy ?? "")
  }

  /// "a", "a and b", "a, b and c".
  static func listed(_ items: [String]) -> String {
    guard items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
  }

  /// What the server is, for the demo's header: "Typesense http://127.0.0.1:8108 · collection
  /// “cities” · query by name:3,alternates" (never the key), or `nil` without `--typesense`.
  var label: String? {
    guard let nodes, let collection, let queryBy else { return nil }
    return "Typesense \(nodes) · collection “\(collection)” · query by \(queryBy)"
  }

  /// The key: `--api-key`, else `$TYPESENSE_API_KEY`.
  var key: String? {
    apiKey ?? ProcessInfo.processInfo.environment["TYPESENSE_API_KEY"].flatMap { $0.isEmpty ? nil : $0 }
  }

  /// The source these options describe, or `nil` without `--typesense`; `filterBy` (by default
  /// `--filter-by`) is sent as `filter_by`.
  func source(title: String? = nil, filterBy: String? = nil) throws -> TypesenseSource? {
    guard let nodes, let collection, let queryBy, let key else { return nil }
    return try TypesenseSource(
      nodes: try Self.urls(nodes), apiKey: key, collection: collection, queryBy: try Self.fields(queryBy),
      sortBy: sortBy, filterBy: filterBy ?? self.filterBy, title: title,
      connectionTimeout: .milliseconds(Int((connectionTimeout ?? 2) * 1000)))
  }

  /// `http://a:8108,http://b:8108` as URLs; a node without a scheme gets `http://`.
  static func urls(_ list: String) throws -> [URL] {
    let urls = try list.split(separator: ",").map { item -> URL in
      var text = item.trimmingCharacters(in: .whitespaces)
      if !text.contains("://") { text = "http://" + text }
      guard let url = URL(string: text), url.host != nil, url.scheme == "http" || url.scheme == "https" else {
        throw ValidationError("--typesense: “\(item)” is not a node URL (http://host:port)")
      }
      return url
    }
    if urls.isEmpty { throw ValidationError("--typesense needs at least one node URL") }
    return urls
  }

  /// `name:3,alternates` as fields.
  static func fields(_ list: String) throws -> [TypesenseSource.Field] {
    let fields = try list.split(separator: ",").map { item -> TypesenseSource.Field in
      let parts = item.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
      guard let name = parts.first, !name.isEmpty else {
        throw ValidationError("--query-by: an empty field name")
      }
      guard parts.count == 2 else { return TypesenseSource.Field(name) }
      guard let weight = Int(parts[1]), weight >= 0 else {
        throw ValidationError("--query-by: the weight of “\(name)” must be a whole number ≥ 0")
      }
      return TypesenseSource.Field(name, weight: weight)
    }
    if fields.isEmpty { throw ValidationError("--query-by needs at least one field") }
    return fields
  }
}
