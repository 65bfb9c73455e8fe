import ArgumentParser

/// A count given on the command line (`--limit`), read so that no number can trap or be refused
/// for its size: digits past `Int.max` mean `Int.max` ("all"), past `Int.min` mean `Int.min`
/// (negative: "no limit"). Anything that is not a whole number is an error naming the value.
enum SaturatingCount {
  /// The count `argument` stands for.
  /// - Throws: `ValidationError` when `argument` is not a whole number.
  static func parse(_ argument: String) throws -> Int {
    if let value = Int(argument) { return value }
    let digits = argument.drop { $0 == "+" || $0 == "-" }
    guard argument.count - digits.count <= 1, !digits.isEmpty,
      digits.allSatisfy({ $0.isASCII && $0.isNumber })
    else {
      throw ValidationError("'\(argument)' is not a whole number")
    }
    return argument.hasPrefix("-") ? Int.min : Int.max
  }
}
