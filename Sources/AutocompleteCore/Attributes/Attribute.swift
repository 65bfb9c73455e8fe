/// The type-safe way to build an ``AttributeFilter``: name an attribute, then compare it.
///
/// ```swift
/// let filter = Attribute("country").isIn(["BR", "PT"]) && Attribute("population") > 100_000
/// let big = Attribute("population").isIn(100_000...1_000_000) && !Attribute("capital").exists
/// ```
public struct Attribute: Sendable, Hashable {
  /// The attribute's name.
  public var name: String

  /// Names an attribute.
  public init(_ name: String) { self.name = name }

  /// The attribute has a value.
  public var exists: AttributeFilter { .exists(name) }

  /// The attribute equals one of `values` (one of its strings does, for several strings).
  public func isIn(_ values: [FilterValue]) -> AttributeFilter { .isIn(name, values) }

  /// The attribute is a number within `range`.
  public func isIn(_ range: ClosedRange<Double>) -> AttributeFilter {
    .inRange(name, NumberRange(lower: range.lowerBound, upper: range.upperBound))
  }

  /// The attribute equals `value`.
  public static func == (attribute: Attribute, value: String) -> AttributeFilter {
    .isIn(attribute.name, [.string(value)])
  }

  /// The attribute equals the number `value`.
  public static func == (attribute: Attribute, value: Double) -> AttributeFilter {
    .isIn(attribute.name, [.number(value)])
  }

  /// The attribute equals the boolean `value`.
  public static func == (attribute: Attribute, value: Bool) -> AttributeFilter {
    .isIn(attribute.name, [.bool(value)])
  }

  /// The attribute does not equal `value` (true when it has no value).
  public static func != (attribute: Attribute, value: String) -> AttributeFilter {
    .not(attribute == value)
  }

  /// The attribute does not equal the number `value` (true when it has no value).
  public static func != (attribute: Attribute, value: Double) -> AttributeFilter {
    .not(attribute == value)
  }

  /// The attribute does not equal the boolean `value` (true when it has no value).
  public static func != (attribute: Attribute, value: Bool) -> AttributeFilter {
    .not(attribute == value)
  }

  /// The attribute is a number above `value`.
  public static func > (attribute: Attribute, value: Double) -> AttributeFilter {
    .inRange(attribute.name, NumberRange(lower: value, includesLower: false))
  }

  /// The attribute is a number at least `value`.
  public static func >= (attribute: Attribute, value: Double) -> AttributeFilter {
    .inRange(attribute.name, NumberRange(lower: value))
  }

  /// The attribute is a number below `value`.
  public static func < (attribute: Attribute, value: Double) -> AttributeFilter {
    .inRange(attribute.name, NumberRange(upper: value, includesUpper: false))
  }

  /// The attribute is a number at most `value`.
  public static func <= (attribute: Attribute, value: Double) -> AttributeFilter {
    .inRange(attribute.name, NumberRange(upper: value))
  }
}

extension AttributeFilter {
  /// Both filters hold.
  public static func && (lhs: AttributeFilter, rhs: AttributeFilter) -> AttributeFilter {
    switch (lhs, rhs) {
    case (.all(let a), .all(let b)): return .all(a + b)
    case (.all(let a), _): return .all(a + [rhs])
    default: return .all([lhs, rhs])
    }
  }

  /// Both filters where both are given (``&&(_:_:)``), else the one given; `nil` for neither. A scope
  /// and a search's filter narrow together this way: neither widens the other.
  public static func combined(_ first: AttributeFilter?, _ second: AttributeFilter?) -> AttributeFilter? {
    guard let first else { return second }
    guard let second else { return first }
    return first && second
  }

  /// At least one of the filters holds.
  public static func || (lhs: AttributeFilter, rhs: AttributeFilter) -> AttributeFilter {
    switch (lhs, rhs) {
    case (.any(let a), .any(let b)): return .any(a + b)
    case (.any(let a), _): return .any(a + [rhs])
    default: return .any([lhs, rhs])
    }
  }

  /// The filter does not hold.
  public static prefix func ! (filter: AttributeFilter) -> AttributeFilter {
    .not(filter)
  }
}
