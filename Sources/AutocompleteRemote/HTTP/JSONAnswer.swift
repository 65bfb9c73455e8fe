import Foundation

/// Reads the common shape of a JSON answer: an array of objects (at a path, or the whole body),
/// each with a text, and perhaps an id, a detail line and a weight.
///
/// Paths are dotted keys (`"data.results"`, `"document.name"`); a number in a path indexes an
/// array (`"names.0"`). Numbers and booleans are accepted where text is expected and written
/// as text.
///
/// ```swift
/// // {"results": [{"id": 7, "name": "Zürich", "country": {"name": "Switzerland"}}], "total": 1}
/// JSONAnswer(items: "results", text: "name", id: "id", detail: "country.name", total: "total")
/// ```
public struct JSONAnswer: Sendable {
  /// The path of the array of items; empty for an array as the whole body.
  public var items: String
  /// The path of an item's text, from the item.
  public var text: String
  /// The path of an item's id; the text when `nil` or absent.
  public var id: String?
  /// The path of an item's secondary line.
  public var detail: String?
  /// The path of an item's weight (a number).
  public var weight: String?
  /// The path of the number of matches the server has in all; the answer is complete when it is no
  /// more than the items sent. When `nil`, the source decides from the count it asked for.
  public var total: String?

  /// Creates a reader.
  public init(
    items: String = "", text: String, id: String? = nil, detail: String? = nil, weight: String? = nil,
    total: String? = nil
  ) {
    self.items = items
    self.text = text
    self.id = id
    self.detail = detail
    self.weight = weight
    self.total = total
  }

  /// The items in `data`. An item without a text is skipped.
  /// - Throws: ``RemoteError/undecodable(reason:)`` naming what is missing.
  public func decode(_ data: Data) throws -> RemoteAnswer {
    let root: Any
    do {
      root = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    } catch {
      throw RemoteError.undecodable(reason: "not JSON (\(data.count) bytes)")
    }
    guard let array = Self.value(at: items, in: root) as? [Any] else {
      let place = items.isEmpty ? "the body" : "“\(items)”"
      throw RemoteError.undecodable(reason: "no array of items at \(place)")
    }
    var decoded: [RemoteItem] = []
    decoded.reserveCapacity(array.count)
    for element in array {
      guard let text = Self.string(Self.value(at: text, in: element)) else { continue }
      let id = self.id.flatMap { Self.string(Self.value(at: $0, in: element)) }
      let detail = self.detail.flatMap { Self.string(Self.value(at: $0, in: element)) }
      let weight = self.weight.flatMap { (Self.value(at: $0, in: element) as? NSNumber)?.doubleValue } ?? 0
      decoded.append(RemoteItem(text, id: id, detail: detail, weight: weight.isFinite ? weight : 0))
    }
    var isComplete: Bool?
    if let total, let count = (Self.value(at: total, in: root) as? NSNumber)?.intValue {
      isComplete = count <= array.count
    }
    return RemoteAnswer(items: decoded, isComplete: isComplete)
  }

  /// The value at a dotted `path` in `value`.
  static func value(at path: String, in value: Any) -> Any? {
    var current: Any? = value
    for key in path.split(separator: ".", omittingEmptySubsequences: true) {
      if let object = current as? [String: Any] {
        current = object[String(key)]
      } else if let array = current as? [Any], let index = Int(key), array.indices.contains(index) {
        current = array[index]
      } else {
        return nil
      }
    }
    return current
  }

  /// A JSON scalar as text.
  static func string(_ value: Any?) -> String? {
    switch value {
    case let text as String: return text
    case let number as NSNumber: return number.stringValue
    default: return nil
    }
  }
}
