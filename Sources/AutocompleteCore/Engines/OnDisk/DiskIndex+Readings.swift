/// Latin readings in a ``DiskIndex`` (``Transliteration/latin``, chosen when it is created).
///
/// The option is the index's, kept in its manifest (`"transliteration": "latin"`), so every segment
/// written later — by an add, an update, a commit or a merge, in this process or after a reopen —
/// keys its items' readings too; a manifest without the field (an index made without readings, or
/// by a build before them) reads as ``Transliteration/none``. Each segment file holds its reading
/// keys among its own keys (see `IndexStorage+Readings`): a search of the index answers as a
/// ``SearchIndex`` of ``DiskIndex/items()`` built with the same option, readings ranked below the
/// items' own keys, highlights on the characters read. A query is also tried retyped through other
/// keyboard layouts when the index or the search options (``SearchOptions/transliteration``) ask
/// for it, as ``SearchIndex`` does.
extension DiskIndex {
  /// `results` with the matches of `query` retyped through other keyboard layouts (`search`
  /// answers one retyping over the same state), with ``Transliteration/latin`` on the index or in
  /// `options`. A retyping is tried when each of its non-ASCII lead bytes occurs in some part's keys.
  func addingRetypedMatches(
    to results: [SearchResult<AutocompleteItem>], of query: String, options: SearchOptions,
    ranking: SearchRanking, parts: [Part], search: (String) throws -> [SearchResult<AutocompleteItem>]
  ) throws -> [SearchResult<AutocompleteItem>] {
    guard transliteration == .latin || options.transliteration == .latin else { return results }
    let live = parts.filter { $0.liveCount > 0 }
    return try RetypedQueries.merged(
      results, query: query, options: options, ranking: ranking,
      isWorthTrying: { retyped in
        retyped.utf8.allSatisfy { byte in
          byte < 0xC0 || live.contains { $0.segment.storage.byteCounts[Int(byte)] > 0 }
        }
      },
      search: search)
  }
}

extension IndexManifest {
  /// The manifest's name of `transliteration`: `nil` for none (the field is left out).
  static func name(of transliteration: Transliteration) -> String? {
    switch transliteration {
    case .none: nil
    case .latin: "latin"
    }
  }

  /// The index's ``Transliteration``: none when the field is absent.
  /// - Throws: ``DiskIndexError/malformed(file:reason:)`` for a value this build does not know.
  func readingOption() throws -> Transliteration {
    guard let transliteration else { return .none }
    guard let known = Transliteration.allCases.first(where: { Self.name(of: $0) == transliteration }) else {
      throw DiskIndexError.malformed(
        file: Self.fileName, reason: "unknown transliteration \(transliteration)")
    }
    return known
  }
}
