/// A view was configured with a model of the wrong type (AirCollection's `configure(_ model: Any)`
/// given something other than the view's `Model`).
public struct ModelTypeMismatch: Error, Sendable, Hashable, CustomStringConvertible {
  /// The configured view's type name.
  public var viewType: String
  /// The model type the view expects.
  public var expectedType: String
  /// The type of the model it was given.
  public var actualType: String

  /// Creates a mismatch from the names of the types involved.
  public init(viewType: String, expectedType: String, actualType: String) {
    self.viewType = viewType
    self.expectedType = expectedType
    self.actualType = actualType
  }

  /// "ProfileCell.configure(_:) expects a ProfileCell.Model, got a String".
  public var description: String {
    "\(viewType).configure(_:) expects a \(expectedType), got a \(actualType)"
  }
}
