/// The distinct strings of one attribute column of an ``AttributeTable``, each with a number (its id):
/// held in memory (an array and a dictionary) when the table was gathered from items, or read in
/// place from a segment file's column section (``AttributeColumnSection``), where they are sorted and
/// found by binary search, each decoded only when a filter or a facet count asks for it.
struct AttributeStrings: Sendable {
  private enum Storage: Sendable {
    case memory(strings: [String], ids: [String: UInt32])
    /// String `i` is `bytes[offsets[i]..<offsets[i + 1]]` (UTF-8), in ascending order as `String`s
    /// compare (so found by the same equality as a dictionary's).
    case mapped(offsets: Column<UInt32>, bytes: Column<UInt8>)
  }

  private let storage: Storage
  /// How many strings there are.
  let count: Int

  /// The strings of an in-memory table: `strings` and each one's id (its place in `strings`).
  init(strings: [String], ids: [String: UInt32]) {
    storage = .memory(strings: strings, ids: ids)
    count = strings.count
  }

  /// Strings read in place: `offsets` (one more than the strings, ascending, the last at most
  /// `bytes.count`: checked by the caller) into `bytes`, sorted.
  init(offsets: Column<UInt32>, bytes: Column<UInt8>) {
    precondition(!offsets.isEmpty)
    storage = .mapped(offsets: offsets, bytes: bytes)
    count = offsets.count - 1
  }

  /// String `id`.
  subscript(id: Int) -> String {
    switch storage {
    case .memory(let strings, _):
      return strings[id]
    case .mapped(let offsets, let bytes):
      return bytes.withUnsafeBufferPointer { buffer in
        String(decoding: buffer[Int(offsets[id])..<Int(offsets[id + 1])], as: UTF8.self)
      }
    }
  }

  /// The id of `text`, `nil` when no item has it.
  func id(of text: String) -> UInt32? {
    switch storage {
    case .memory(_, let ids):
      return ids[text]
    case .mapped:
      var low = 0
      var high = count
      while low < high {
        let middle = (low + high) / 2
        let probe = self[middle]
        if probe == text { return UInt32(middle) }
        if probe < text { low = middle + 1 } else { high = middle }
      }
      return nil
    }
  }

  /// Whether the strings are in ascending order with no two equal, as a mapped column's must be.
  var isSortedAndUnique: Bool {
    var previous: String?
    for id in 0..<count {
      let text = self[id]
      if let previous, !(previous < text) { return false }
      previous = text
    }
    return true
  }
}
