/// Parses Typesense's `filter_by` syntax into an ``AttributeFilter``.
///
/// The grammar (whitespace is allowed between any two tokens):
///
/// ```
/// expression := conjunction ("||" conjunction)*
/// conjunction := term ("&&" term)*
/// term := "(" expression ")" | condition
/// condition := NAME ":" operator? values
/// operator := "=" | "!=" | ">" | ">=" | "<" | "<="
/// values := VALUE | "[" item ("," item)* "]"      item := VALUE | NUMBER ".." NUMBER
/// VALUE := a run of characters other than whitespace and ,[]()&|`  |  `backquoted text`
/// ```
///
/// `name:value` and `name:=value` are equality (one of a list's values for a list), `!=` its
/// negation, the comparisons need a number, and `name:[a..b]` is a closed range (a list may mix
/// ranges and values). `&&` binds tighter than `||`. Parentheses nest at most ``maximumDepth``
/// deep. Every error names the position and the problem (``FilterSyntaxError``).
struct FilterParser {
  /// How deep parentheses may nest: the parser (and every walk of the filter it makes) recurses
  /// once per level, so an expression of thousands of `(` would overflow the stack.
  static let maximumDepth = 256

  private let characters: [Character]
  private let knownAttributes: Set<String>?
  private var position = 0
  /// The parentheses open around the current position.
  private var depth = 0

  init(_ text: String, knownAttributes: Set<String>?) {
    self.characters = Array(text)
    self.knownAttributes = knownAttributes
  }

  mutating func parse() throws(FilterSyntaxError) -> AttributeFilter {
    skipSpaces()
    if position == characters.count {
      throw FilterSyntaxError(position: position, problem: "expected a condition")
    }
    let filter = try expression()
    skipSpaces()
    if position < characters.count {
      throw FilterSyntaxError(position: position, problem: "unexpected `\(characters[position])`")
    }
    return filter
  }

  private mutating func expression() throws(FilterSyntaxError) -> AttributeFilter {
    var terms = [try conjunction()]
    while consume("||") { terms.append(try conjunction(after: "||")) }
    return terms.count == 1 ? terms[0] : .any(terms)
  }

  private mutating func conjunction(after connective: String? = nil) throws(FilterSyntaxError)
    -> AttributeFilter
  {
    var terms = [try term(after: connective)]
    while consume("&&") { terms.append(try term(after: "&&")) }
    return terms.count == 1 ? terms[0] : .all(terms)
  }

  private mutating func term(after connective: String?) throws(FilterSyntaxError) -> AttributeFilter {
    skipSpaces()
    guard position < characters.count, characters[position] != ")", !peek("&&"), !peek("||") else {
      let problem = connective.map { "expected a condition after `\($0)`" } ?? "expected a condition"
      throw FilterSyntaxError(position: position, problem: problem)
    }
    if characters[position] == "(" {
      let open = position
      guard depth < Self.maximumDepth else {
        throw FilterSyntaxError(
          position: position, problem: "parentheses nested deeper than \(Self.maximumDepth) levels")
      }
      depth += 1
      defer { depth -= 1 }
      position += 1
      skipSpaces()
      if position == characters.count || characters[position] == ")" {
        throw FilterSyntaxError(position: position, problem: "expected a condition after `(`")
      }
      let inner = try expression()
      skipSpaces()
      guard position < characters.count, characters[position] == ")" else {
        throw FilterSyntaxError(
          position: position, problem: "expected `)` to close the parenthesis at position \(open + 1)")
      }
      position += 1
      return inner
    }
    return try condition()
  }

  private mutating func condition() throws(FilterSyntaxError) -> AttributeFilter {
    let nameStart = position
    let name = bareToken(stoppingAtColon: true)
    guard !name.isEmpty else {
      throw FilterSyntaxError(
        position: position, problem: "expected an attribute name, found `\(characters[position])`")
    }
    if let knownAttributes, !knownAttributes.contains(name) {
      let known = knownAttributes.sorted().joined(separator: ", ")
      throw FilterSyntaxError(
        position: nameStart,
        problem: "unknown attribute `\(name)`" + (known.isEmpty ? "" : " (known: \(known))"))
    }
    skipSpaces()
    guard position < characters.count, characters[position] == ":" else {
      throw FilterSyntaxError(position: position, problem: "expected `:` after the attribute name `\(name)`")
    }
    position += 1
    var op = ""
    for candidate in ["!=", ">=", "<=", "=", ">", "<"] where peek(candidate) {
      op = candidate
      position += candidate.count
      break
    }
    let shown = "`:\(op)`"
    skipSpaces()
    guard position < characters.count, !peek("&&"), !peek("||"), characters[position] != ")" else {
      throw FilterSyntaxError(position: position, problem: "expected a value after \(shown)")
    }
    let isComparison = op.hasPrefix(">") || op.hasPrefix("<")
    if characters[position] == "[" {
      if isComparison {
        throw FilterSyntaxError(position: position, problem: "\(shown) compares with one number, not a list")
      }
      let items = try list(after: shown)
      let filter = Self.filter(name, items)
      return op == "!=" ? .not(filter) : filter
    }
    let valueStart = position
    let value = try value(after: shown).text
    if isComparison {
      guard let number = Self.number(value) else {
        throw FilterSyntaxError(
          position: valueStart, problem: "expected a number after \(shown), found `\(value)`")
      }
      let range: NumberRange
      switch op {
      case ">": range = NumberRange(lower: number, includesLower: false)
      case ">=": range = NumberRange(lower: number)
      case "<": range = NumberRange(upper: number, includesUpper: false)
      default: range = NumberRange(upper: number)
      }
      return .inRange(name, range)
    }
    let filter = AttributeFilter.isIn(name, [.string(value)])
    return op == "!=" ? .not(filter) : filter
  }

  /// One item of a list: a value, or a range of numbers.
  private enum ListItem {
    case value(String)
    case range(Double, Double)
  }

  private static func filter(_ name: String, _ items: [ListItem]) -> AttributeFilter {
    var values: [FilterValue] = []
    var ranges: [AttributeFilter] = []
    for item in items {
      switch item {
      case .value(let text): values.append(.string(text))
      case .range(let low, let high): ranges.append(.inRange(name, NumberRange(lower: low, upper: high)))
      }
    }
    let parts = (values.isEmpty ? [] : [AttributeFilter.isIn(name, values)]) + ranges
    return parts.count == 1 ? parts[0] : .any(parts)
  }

  private mutating func list(after shown: String) throws(FilterSyntaxError) -> [ListItem] {
    let open = position
    position += 1
    var items: [ListItem] = []
    while true {
      skipSpaces()
      guard position < characters.count, characters[position] != "]", characters[position] != "," else {
        if position == characters.count, items.isEmpty {
          throw FilterSyntaxError(
            position: position, problem: "expected a value in the list opened at position \(open + 1)")
        }
        throw FilterSyntaxError(position: position, problem: "expected a value in the list after \(shown)")
      }
      let start = position
      let (text, isQuoted) = try value(after: shown)
      if let dots = text.range(of: ".."), !isQuoted {
        let low = String(text[..<dots.lowerBound])
        let high = String(text[dots.upperBound...])
        guard let lowNumber = Self.number(low) else {
          throw FilterSyntaxError(position: start, problem: "expected a number before `..`, found `\(low)`")
        }
        guard let highNumber = Self.number(high) else {
          let at = start + low.count + 2
          throw FilterSyntaxError(position: at, problem: "expected a number after `..`, found `\(high)`")
        }
        items.append(.range(lowNumber, highNumber))
      } else {
        items.append(.value(text))
      }
      skipSpaces()
      if position < characters.count, characters[position] == "," {
        position += 1
        continue
      }
      if position < characters.count, characters[position] == "]" {
        position += 1
        return items
      }
      throw FilterSyntaxError(
        position: position, problem: "expected `,` or `]` to close the list opened at position \(open + 1)")
    }
  }

  /// A bare or backquoted value, and whether it was backquoted.
  private mutating func value(after shown: String) throws(FilterSyntaxError) -> (text: String, isQuoted: Bool)
  {
    if characters[position] == "`" {
      let open = position
      position += 1
      var text = ""
      while position < characters.count, characters[position] != "`" {
        text.append(characters[position])
        position += 1
      }
      guard position < characters.count else {
        throw FilterSyntaxError(position: open, problem: "unterminated backquoted value")
      }
      position += 1
      return (text, true)
    }
    let text = bareToken(stoppingAtColon: false)
    if text.isEmpty {
      throw FilterSyntaxError(
        position: position, problem: "expected a value after \(shown), found `\(characters[position])`")
    }
    return (text, false)
  }

  private static let delimiters: Set<Character> = [",", "[", "]", "(", ")", "&", "|", "`"]

  private mutating func bareToken(stoppingAtColon: Bool) -> String {
    var text = ""
    while position < characters.count {
      let character = characters[position]
      if character.isWhitespace || Self.delimiters.contains(character)
        || (stoppingAtColon && character == ":")
      {
        break
      }
      text.append(character)
      position += 1
    }
    return text
  }

  private static func number(_ text: String) -> Double? {
    guard let number = Double(text), number.isFinite else { return nil }
    return number
  }

  private mutating func skipSpaces() {
    while position < characters.count, characters[position].isWhitespace { position += 1 }
  }

  private func peek(_ token: String) -> Bool {
    var index = position
    for character in token {
      guard index < characters.count, characters[index] == character else { return false }
      index += 1
    }
    return true
  }

  private mutating func consume(_ token: String) -> Bool {
    skipSpaces()
    guard peek(token) else { return false }
    position += token.count
    return true
  }
}

extension AttributeFilter {
  /// Parses Typesense's `filter_by` syntax: `country:=[BR,PT] && population:>100000`,
  /// `country:!=BR`, `population:[1000..5000]`, `||` and parentheses.
  /// - Parameters:
  ///   - text: The expression.
  ///   - knownAttributes: The attribute names a condition may use; `nil` accepts any. Over an
  ///     index, pass its names (`index.attributeNames`; `try index.attributeNames` on a
  ///     ``DiskIndex``), so that a misspelt name is an error with its position here (an index
  ///     also throws ``UnknownAttributeError`` for it at the search, without the position).
  /// - Throws: ``FilterSyntaxError`` naming the position and the problem.
  public init(parsing text: String, knownAttributes: Set<String>? = nil) throws(FilterSyntaxError) {
    var parser = FilterParser(text, knownAttributes: knownAttributes)
    self = try parser.parse()
  }
}
