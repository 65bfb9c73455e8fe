#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(ucrt)
  import ucrt
#endif

/// Reads the TSV city table in one pass over its bytes: `memchr` finds the separators, no regular
/// expressions, no intermediate `String` per line, so it stays fast in debug builds too.
enum CityTableParser {
  /// The first line of every table.
  static let header: [UInt8] = Array("name\tascii\talternates\tcountry\tpopulation".utf8)

  private static let newline = UInt8(ascii: "\n")
  private static let carriageReturn = UInt8(ascii: "\r")
  private static let tab = UInt8(ascii: "\t")
  private static let bar = UInt8(ascii: "|")

  /// A run of bytes inside the table: a start pointer and a length.
  private struct Span {
    var start: UnsafePointer<UInt8>
    var count: Int

    var isEmpty: Bool { count == 0 }
    var string: String { String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self) }

    /// The offset of the first `byte` in the span, or `nil`.
    func firstIndex(of byte: UInt8) -> Int? {
      guard count > 0, let found = memchr(start, Int32(byte), count) else { return nil }
      return UnsafeRawPointer(found) - UnsafeRawPointer(start)
    }

    /// Splits at every `separator`, keeping empty pieces.
    func split(at separator: UInt8, into pieces: inout [Span]) {
      pieces.removeAll(keepingCapacity: true)
      var rest = self
      while let index = rest.firstIndex(of: separator) {
        pieces.append(Span(start: rest.start, count: index))
        rest = Span(start: rest.start + index + 1, count: rest.count - index - 1)
      }
      pieces.append(rest)
    }
  }

  /// Parses the whole table.
  static func parse(_ raw: UnsafeRawBufferPointer) throws -> [City] {
    guard let base = raw.baseAddress, raw.count > 0 else { throw CitiesError.missingHeader }
    let bytes = base.assumingMemoryBound(to: UInt8.self)
    var cities: [City] = []
    cities.reserveCapacity(raw.count / 80)
    var fields: [Span] = []
    fields.reserveCapacity(8)
    var pieces: [Span] = []
    var lineNumber = 0
    var rest = Span(start: bytes, count: raw.count)
    var atEnd = false
    while !atEnd {
      var line = rest
      if let index = rest.firstIndex(of: newline) {
        line.count = index
        rest = Span(start: rest.start + index + 1, count: rest.count - index - 1)
        atEnd = rest.isEmpty
      } else {
        atEnd = true
      }
      if line.count > 0, line.start[line.count - 1] == carriageReturn { line.count -= 1 }
      lineNumber += 1
      if lineNumber == 1 {
        let isHeader = header.withUnsafeBufferPointer { expected in
          line.count == expected.count && memcmp(line.start, expected.baseAddress!, line.count) == 0
        }
        guard isHeader else { throw CitiesError.missingHeader }
      } else if !line.isEmpty {
        line.split(at: tab, into: &fields)
        guard let city = makeCity(fields, pieces: &pieces) else {
          throw CitiesError.malformedRow(line: lineNumber)
        }
        cities.append(city)
      }
    }
    return cities
  }

  /// Builds the city of one line's fields, or returns `nil` when they are malformed.
  private static func makeCity(_ fields: [Span], pieces: inout [Span]) -> City? {
    guard fields.count == 5, !fields[0].isEmpty, !fields[3].isEmpty,
      let population = parsePopulation(fields[4])
    else { return nil }
    let name = fields[0].string
    let countryCode = fields[3].string
    var alternates: [String] = []
    if !fields[2].isEmpty {
      fields[2].split(at: bar, into: &pieces)
      alternates.reserveCapacity(pieces.count)
      for piece in pieces where !piece.isEmpty { alternates.append(piece.string) }
    }
    return City(
      name: name,
      asciiName: fields[1].isEmpty ? name : fields[1].string,
      alternateNames: alternates,
      countryCode: countryCode,
      countryName: Countries.name(forCode: countryCode) ?? countryCode,
      population: population
    )
  }

  /// A non-negative decimal integer of at most 18 digits, or `nil`.
  private static func parsePopulation(_ field: Span) -> Int? {
    guard !field.isEmpty, field.count <= 18 else { return nil }
    var value = 0
    for offset in 0..<field.count {
      let byte = field.start[offset]
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return value
  }
}
