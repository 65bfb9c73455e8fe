import Foundation

/// One remembered pick: what the row showed and inserted, the app's value when it was `Codable`,
/// how often and when it was last picked.
public struct RecentEntry: Codable, Sendable, Hashable, Identifiable {
  /// The picked row's id (``Suggestion/id``); picks with the same id are one entry.
  public var id: String
  /// The text the row showed.
  public var displayText: String
  /// The text the pick inserted.
  public var completionText: String
  /// The row's secondary line.
  public var detailText: String?
  /// The row's payload as JSON, when it was `Codable` (read it back with ``payload(as:)``).
  public var payload: Data?
  /// How often it was picked (aged down by ``FrecencyRanking/aged(_:)``, so not always whole).
  public var useCount: Double
  /// When it was last picked.
  public var lastUsed: Date

  /// Creates an entry.
  public init(
    id: String, displayText: String, completionText: String? = nil, detailText: String? = nil,
    payload: Data? = nil, useCount: Double = 1, lastUsed: Date
  ) {
    self.id = id
    self.displayText = displayText
    self.completionText = completionText ?? displayText
    self.detailText = detailText
    self.payload = payload
    self.useCount = useCount
    self.lastUsed = lastUsed
  }

  /// An entry for a picked row at `date`; the payload is kept when it is `Encodable`.
  public init(_ suggestion: Suggestion, at date: Date) {
    var payload: Data?
    if let value = suggestion.payload as? any Encodable {
      payload = try? JSONEncoder().encode(value)
    }
    self.init(
      id: suggestion.id, displayText: suggestion.displayText, completionText: suggestion.completionText,
      detailText: suggestion.detailText, payload: payload, useCount: 1, lastUsed: date)
  }

  /// The payload decoded as `T`, or `nil`.
  public func payload<T: Decodable>(as type: T.Type) -> T? {
    payload.flatMap { try? JSONDecoder().decode(T.self, from: $0) }
  }

  /// The row for this entry (``Suggestion/isRecent`` set).
  public var suggestion: Suggestion {
    var row = Suggestion(displayText, completionText: completionText, id: id, detailText: detailText)
    row.isRecent = true
    return row
  }
}
