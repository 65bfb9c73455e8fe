/// Why the embedded city table could not be read.
public enum CitiesError: Error, Sendable, Hashable {
  /// The resource `cities15000.tsv` is not in the bundle.
  case resourceMissing
  /// The data does not start with the expected header line.
  case missingHeader
  /// The line (1-based, the header being line 1) does not have five columns, has an empty name or
  /// country code, or a population that is not a non-negative integer.
  case malformedRow(line: Int)
}
