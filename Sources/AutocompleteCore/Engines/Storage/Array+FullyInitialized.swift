extension Array {
  /// An array of `count` elements, every one of which `initialize` sets: like
  /// `init(unsafeUninitializedCapacity:initializingWith:)` without the zero-filling of
  /// `init(repeating:count:)`, but `[]` when `count` is 0. The standard initializer, asked for no
  /// capacity, writes the count of the runtime's one shared empty array, and another thread reading
  /// an empty array at the same time makes that a data race (ThreadSanitizer reports it).
  init(fullyInitializedCount count: Int, _ initialize: (UnsafeMutableBufferPointer<Element>) -> Void) {
    guard count > 0 else {
      self = []
      return
    }
    self.init(unsafeUninitializedCapacity: count) { buffer, initialized in
      initialize(UnsafeMutableBufferPointer(rebasing: buffer[0..<count]))
      initialized = count
    }
  }
}
