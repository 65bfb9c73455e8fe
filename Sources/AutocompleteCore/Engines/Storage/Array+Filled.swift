extension Array {
  /// `count` copies of `value`, like `init(repeating:count:)`, for the small tables a search sets
  /// up each time.
  ///
  /// `init(repeating:count:)` allocates through the standard library's unspecialized
  /// `_allocateBufferUninitialized`, which looks the array's storage type up in the runtime's
  /// metadata cache on every call (about 500 instructions, and when cold some fifty cache lines
  /// of the runtime's tables over a search's seven tables). Reserving the capacity of an empty
  /// array and appending runs this module's specialized code, where that type comes from a cache
  /// at the call site.
  @inline(__always)
  init(filledWith value: Element, count: Int) {
    self.init()
    guard count > 0 else { return }
    reserveCapacity(count)
    append(contentsOf: repeatElement(value, count: count))
  }
}
