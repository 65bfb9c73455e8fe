/// A source's failure as state can hold it: a message for display, the error for the app, and
/// equality by message and type so state stays `Equatable`.
public struct SessionError: Error, Sendable, Equatable {
  /// A description of the error for display.
  public var message: String
  /// The error the source threw.
  public var underlying: any Error & Sendable

  /// Wraps `error`.
  public init(_ error: any Error & Sendable) {
    self.underlying = error
    self.message = String(describing: error)
  }

  /// Equal when the message and the error's type are equal.
  public static func == (lhs: SessionError, rhs: SessionError) -> Bool {
    lhs.message == rhs.message && type(of: lhs.underlying) == type(of: rhs.underlying)
  }
}
