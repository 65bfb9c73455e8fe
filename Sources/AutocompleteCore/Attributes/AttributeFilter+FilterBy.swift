/// Writing a filter in Typesense's `filter_by` syntax, for servers (``init(parsing:knownAttributes:)``
/// reads it back to an equivalent filter).
extension AttributeFilter {
  /// The filter in Typesense's `filter_by` syntax (`country:=[BR,PT] && population:>100000`), or
  /// `nil` when the syntax cannot say it: presence (``exists(_:)``), a range without ends, an empty
  /// ``all(_:)`` or ``any(_:)``, the negation of a range that is not closed at both ends (it would
  /// also have to keep items without the attribute), a value with a backquote, or an attribute
  /// name that is not a plain field name (see ``isPlainFieldName(_:)``): the syntax has no way to
  /// quote a name, and one such as `owner:=a) || (owner` would turn the text into another filter,
  /// leading a query out of a scope it is joined to.
  public var filterByText: String? {
    switch self {
    case .isIn(let name, let values):
      guard Self.isPlainFieldName(name), let list = Self.list(values) else { return nil }
      return "\(name):=\(list)"
    case .inRange(let name, let range):
      guard Self.isPlainFieldName(name) else { return nil }
      return Self.text(name, range)
    case .exists:
      return nil
    case .all(let filters):
      return Self.joined(filters, by: " && ")
    case .any(let filters):
      return Self.joined(filters, by: " || ")
    case .not(let inner):
      switch inner {
      case .isIn(let name, let values):
        guard Self.isPlainFieldName(name), let list = Self.list(values) else { return nil }
        return "\(name):!=\(list)"
      case .inRange(let name, let range):
        guard Self.isPlainFieldName(name), let lower = range.lower, let upper = range.upper,
          range.includesLower, range.includesUpper
        else {
          return nil
        }
        return "\(name):!=[\(AttributeValue.text(of: lower))..\(AttributeValue.text(of: upper))]"
      case .exists: return nil
      case .all(let filters): return AttributeFilter.any(filters.map { .not($0) }).filterByText
      case .any(let filters): return AttributeFilter.all(filters.map { .not($0) }).filterByText
      case .not(let filter): return filter.filterByText
      }
    }
  }

  /// Whether `filterByText` writes conditions on `name`: a non-empty run of letters, digits, `_`,
  /// `-` and `.` (a nested field), not starting with `-` or `.`. Nothing else can be written
  /// safely: punctuation, spaces and backquotes would end the name or the condition early, and a
  /// leading `$` names another collection (a join) on a Typesense server.
  public static func isPlainFieldName(_ name: String) -> Bool {
    guard let first = name.first, first != "-", first != "." else { return false }
    return name.allSatisfy { $0.isLetter || $0.isNumber || "_-.".contains($0) }
  }

  private static func joined(_ filters: [AttributeFilter], by connective: String) -> String? {
    guard !filters.isEmpty else { return nil }
    var parts: [String] = []
    for filter in filters {
      guard let text = filter.filterByText else { return nil }
      parts.append("(\(text))")
    }
    return parts.count == 1 ? parts[0] : parts.joined(separator: connective)
  }

  private static func text(_ name: String, _ range: NumberRange) -> String? {
    let lower = range.lower.map { AttributeValue.text(of: $0) }
    let upper = range.upper.map { AttributeValue.text(of: $0) }
    switch (lower, upper) {
    case (nil, nil): return nil
    case (let lower?, nil): return "\(name):\(range.includesLower ? ">=" : ">")\(lower)"
    case (nil, let upper?): return "\(name):\(range.includesUpper ? "<=" : "<")\(upper)"
    case (let lower?, let upper?):
      if range.includesLower && range.includesUpper { return "\(name):[\(lower)..\(upper)]" }
      return
        "(\(name):\(range.includesLower ? ">=" : ">")\(lower) && \(name):\(range.includesUpper ? "<=" : "<")\(upper))"
    }
  }

  /// `[a,b]` (or `a` alone), each value bare when it can be, else backquoted.
  private static func list(_ values: [FilterValue]) -> String? {
    guard !values.isEmpty else { return nil }
    var texts: [String] = []
    for value in values {
      let text = value.text
      if text.contains("`") { return nil }
      let isBare =
        !text.isEmpty && !text.contains("..")
        && !text.contains { $0.isWhitespace || ",[]()&|:".contains($0) }
      texts.append(isBare ? text : "`\(text)`")
    }
    return texts.count == 1 && !texts[0].hasPrefix("[") ? texts[0] : "[" + texts.joined(separator: ",") + "]"
  }
}
