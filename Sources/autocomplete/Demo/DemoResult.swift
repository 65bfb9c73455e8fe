/// The last result of a demo screen: what it was (a pick, a stored composer message, an added tag)
/// and the text that quitting prints. The footer shows it, so that it hides no screen's header.
struct DemoResult: Sendable, Equatable, CustomStringConvertible {
  /// "Picked", "Stored" or "Added".
  var verb: String
  /// The text printed on quitting.
  var text: String

  /// `Picked “Paris, France”`.
  var description: String { "\(verb) “\(text)”" }
}
