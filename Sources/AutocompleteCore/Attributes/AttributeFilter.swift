/// A condition on items' attributes: which items a search may return (``SearchOptions/filter``),
/// which rank higher (``SearchOptions/boost``), or what a source is limited to (its `scope`).
///
/// Build one with ``Attribute`` (`Attribute("country") == "BR" && Attribute("population") > 100_000`)
/// or parse Typesense's `filter_by` syntax with ``init(parsing:knownAttributes:)``.
///
/// A condition on an attribute that an item lacks is false (so its negation is true), except
/// ``exists(_:)``. A string comparison matches an item with several strings when one of them
/// matches. A value compares with an attribute of another type by its text: the number 12 equals
/// the string "12", `true` equals "true".
public indirect enum AttributeFilter: Sendable, Hashable {
  /// The attribute equals one of the values (for one value, plain equality).
  case isIn(String, [FilterValue])
  /// The attribute is a number within the range.
  case inRange(String, NumberRange)
  /// The attribute has a value.
  case exists(String)
  /// Every condition holds (true when there are none).
  case all([AttributeFilter])
  /// At least one condition holds (false when there are none).
  case any([AttributeFilter])
  /// The condition does not hold.
  case not(AttributeFilter)

  /// Whether an item with `attributes` satisfies the filter: the definition every index and
  /// source follows.
  public func matches(_ attributes: Attributes) -> Bool {
    switch self {
    case .isIn(let name, let values):
      guard let value = attributes[name] else { return false }
      return values.contains { $0.matches(value) }
    case .inRange(let name, let range):
      guard let number = attributes[name]?.numberValue else { return false }
      return range.contains(number)
    case .exists(let name):
      return attributes[name] != nil
    case .all(let filters):
      return filters.allSatisfy { $0.matches(attributes) }
    case .any(let filters):
      return filters.contains { $0.matches(attributes) }
    case .not(let filter):
      return !filter.matches(attributes)
    }
  }

  /// The names of the attributes the filter reads, in order of appearance, each once.
  public var attributeNames: [String] {
    var names: [String] = []
    func visit(_ filter: AttributeFilter) {
      switch filter {
      case .isIn(let name, _), .inRange(let name, _), .exists(let name):
        if !names.contains(name) { names.append(name) }
      case .all(let filters), .any(let filters): filters.forEach(visit)
      case .not(let filter): visit(filter)
      }
    }
    visit(self)
    return names
  }
}

/// A value an ``AttributeFilter`` compares attributes with.
public enum FilterValue: Sendable, Hashable {
  /// A string.
  case string(String)
  /// A number.
  case number(Double)
  /// A boolean.
  case bool(Bool)

  /// The value as text, as a string attribute is compared with it.
  public var text: String {
    switch self {
    case .string(let value): return value
    case .number(let value): return AttributeValue.text(of: value)
    case .bool(let value): return value ? "true" : "false"
    }
  }

  /// Whether an attribute of value `value` equals this value (one of its strings, for several).
  public func matches(_ value: AttributeValue) -> Bool {
    switch (self, value) {
    case (.number(let a), .number(let b)): return a == b
    case (.bool(let a), .bool(let b)): return a == b
    case (.string(let a), .number(let b)): return Double(a) == b
    case (.string(let a), .bool(let b)): return a == (b ? "true" : "false")
    case (_, .string(let b)): return text == b
    case (_, .strings(let values)): return values.contains(text)
    case (.bool, .number), (.number, .bool): return false
    }
  }
}

extension FilterValue: ExpressibleByStringLiteral {
  /// A ``string(_:)`` value.
  public init(stringLiteral value: String) { self = .string(value) }
}

extension FilterValue: ExpressibleByIntegerLiteral {
  /// A ``number(_:)`` value.
  public init(integerLiteral value: Int) { self = .number(Double(value)) }
}

extension FilterValue: ExpressibleByFloatLiteral {
  /// A ``number(_:)`` value.
  public init(floatLiteral value: Double) { self = .number(value) }
}

extension FilterValue: ExpressibleByBooleanLiteral {
  /// A ``bool(_:)`` value.
  public init(booleanLiteral value: Bool) { self = .bool(value) }
}

/// A range of numbers with each end open, closed or absent: `> 5`, `<= 10`, `5...10`.
public struct NumberRange: Sendable, Hashable {
  /// The lower end, or `nil` for none.
  public var lower: Double?
  /// Whether the lower end itself is in the range.
  public var includesLower: Bool
  /// The upper end, or `nil` for none.
  public var upper: Double?
  /// Whether the upper end itself is in the range.
  public var includesUpper: Bool

  /// Creates a range; an absent end is unbounded.
  public init(
    lower: Double? = nil, includesLower: Bool = true, upper: Double? = nil, includesUpper: Bool = true
  ) {
    self.lower = lower
    self.includesLower = includesLower
    self.upper = upper
    self.includesUpper = includesUpper
  }

  /// Whether `number` is in the range (never a NaN).
  public func contains(_ number: Double) -> Bool {
    if number.isNaN { return false }
    if let lower, includesLower ? number < lower : number <= lower { return false }
    if let upper, includesUpper ? number > upper : number >= upper { return false }
    return true
  }
}
