import Foundation

extension DiskIndex {
  /// How much ``verify(_:)`` checks.
  ///
  /// Checksums catch damage (a flipped bit, a torn or truncated file), not forgery: whoever can
  /// write the files can recompute them. An index from a place the app does not trust must be
  /// authenticated by the app (a signature, HTTPS from its own server) or checked with ``full``
  /// before it is used.
  public enum VerificationLevel: Sendable {
    /// Every section against its checksum, the numbers the search indexes memory with in range,
    /// every item's record decoded, the attribute columns against the records: what a checked
    /// open does, read again. Damage is found; a forged file with valid checksums may still give
    /// wrong answers (never a crash).
    case checksums
    /// ``checksums``, and every segment built again from its stored records and compared with
    /// the file, section by section: keys and postings derived from the records, sorted sections
    /// sorted, ranks a permutation, counts and ranges consistent. After it, the index answers as
    /// an index built from its records would. Costs a build of the index (time and memory).
    case full
  }

  /// Checks the index's committed segments at `level` (``verify()`` is ``VerificationLevel/checksums``).
  /// - Throws: ``DiskIndexError`` naming the first file, and the first part of it, that is damaged
  ///   or does not follow from its records.
  public func verify(_ level: VerificationLevel) throws {
    switch level {
    case .checksums: try verify()
    case .full:
      for segment in committedSegments { try segment.verifyAgainstRecords() }
    }
  }
}
