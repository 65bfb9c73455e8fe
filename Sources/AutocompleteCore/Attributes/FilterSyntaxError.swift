/// Why a filter string (Typesense's `filter_by` syntax) could not be parsed: where, and what is
/// wrong there.
public struct FilterSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Where the problem is: the offset in characters from the start of the expression (0 is the
  /// first character; the expression's length means its end).
  public var position: Int
  /// What is wrong, such as "expected a value after `:=`".
  public var problem: String

  /// Creates an error.
  public init(position: Int, problem: String) {
    self.position = position
    self.problem = problem
  }

  /// "position 9: expected a value after `:=`" (the position counted from 1, as editors do).
  public var description: String { "position \(position + 1): \(problem)" }
}
