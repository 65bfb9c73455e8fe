/// A check left for the first use of what it guards: run once, when first needed, by whichever
/// thread needs it first; a check that fails is run again (and fails again) on the next use. A
/// checked open of a segment leaves its word index's sections to one: only a words or contains
/// query reads them (``IndexStorage/checkedWords()``), so a prefix keystroke never pays for them.
struct DeferredCheck: Sendable {
  private let passed = LazyValue<Void>()
  private let check: @Sendable () throws -> Void

  /// A check that runs `check` on the first ``run()``.
  init(_ check: @escaping @Sendable () throws -> Void) {
    self.check = check
  }

  /// Runs the check unless it passed before.
  /// - Throws: What the check throws.
  func run() throws {
    try passed.value(check)
  }
}
