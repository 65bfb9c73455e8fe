/// The value of one attribute of an item: a string, several strings (tags), a number or a boolean.
///
/// Attributes are what filters, facets and `distinct` look at; they are never searched as text.
/// Literals make them read naturally:
///
/// ```swift
/// let item = AutocompleteItem(
///   "Rio de Janeiro", attributes: ["country": "BR", "population": 6_748_000, "tags": ["coastal"]])
/// ```
public enum AttributeValue: Sendable, Hashable {
  /// One string, such as a country code.
  case string(String)
  /// Several strings, such as tags; a filter on one of them matches the item.
  case strings([String])
  /// A number; integers are stored as `Double` (exact up to 2^53).
  case number(Double)
  /// A boolean.
  case bool(Bool)

  /// The string values: one for ``string(_:)``, all of them for ``strings(_:)``, none otherwise.
  public var stringValues: [String] {
    switch self {
    case .string(let value): return [value]
    case .strings(let values): return values
    case .number, .bool: return []
    }
  }

  /// The number, for ``number(_:)``.
  public var numberValue: Double? {
    if case .number(let value) = self { return value }
    return nil
  }

  /// The boolean, for ``bool(_:)``.
  public var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  /// How a facet shows each value: the strings themselves, a number without a fraction as an
  /// integer ("211", not "211.0"), and booleans as `true` and `false`.
  public var facetValues: [String] {
    switch self {
    case .string(let value): return [value]
    case .strings(let values): return values
    case .number(let value): return [Self.text(of: value)]
    case .bool(let value): return [value ? "true" : "false"]
    }
  }

  /// A number as a facet and a filter show it: integral values without a fraction.
  static func text(of number: Double) -> String {
    if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
    return String(number)
  }
}

extension AttributeValue: ExpressibleByStringLiteral {
  /// A ``string(_:)`` value.
  public init(stringLiteral value: String) { self = .string(value) }
}

extension AttributeValue: ExpressibleByIntegerLiteral {
  /// A ``number(_:)`` value.
  public init(integerLiteral value: Int) { self = .number(Double(value)) }
}

extension AttributeValue: ExpressibleByFloatLiteral {
  /// A ``number(_:)`` value.
  public init(floatLiteral value: Double) { self = .number(value) }
}

extension AttributeValue: ExpressibleByBooleanLiteral {
  /// A ``bool(_:)`` value.
  public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension AttributeValue: ExpressibleByArrayLiteral {
  /// A ``strings(_:)`` value.
  public init(arrayLiteral elements: String...) { self = .strings(elements) }
}

/// The attributes of an item, by name.
public typealias Attributes = [String: AttributeValue]
