import Foundation

extension DiskIndex {
  /// The steps of a background checkpoint, which tests can stop at (`backgroundHook`).
  enum BackgroundStep: Sendable {
    /// Before it writes anything (no lock held).
    case writing
    /// Its segments written, before the manifest (no lock held).
    case segmentsWritten
    /// Its manifest published, before its log (under `writeLock`).
    case manifestPublished
  }

  /// Whether a commit that passes ``DiskIndex/checkpointLogSize`` checkpoints in the background,
  /// and why the last background checkpoint failed: kept by the index (read-only too), shared with
  /// its writer.
  final class BackgroundPolicy: @unchecked Sendable {
    private let lock = NSLock()
    private var enabled = true
    private var error: (any Error)?

    /// Whether commits checkpoint in the background.
    var isEnabled: Bool {
      get { lock.withLock { enabled } }
      set { lock.withLock { enabled = newValue } }
    }

    /// Why the last background checkpoint failed, until it is taken.
    var lastError: (any Error)? {
      get { lock.withLock { error } }
      set { lock.withLock { error = newValue } }
    }

    /// The last failure's error, once: cleared as it is read.
    func takeError() -> (any Error)? {
      lock.withLock {
        defer { error = nil }
        return error
      }
    }
  }
}

extension DiskIndexWriter {
  /// A background checkpoint running: what it holds and what was committed since it started.
  struct BackgroundCheckpoint {
    /// The log's records its snapshot holds.
    var checkpointedRecords: Int
    /// The records committed since, which its publication replays and keeps in the new log.
    var laterRecords: [(operations: [WriteAheadLog.Operation], body: [UInt8])] = []
  }

  /// Whether a background checkpoint runs.
  var isCheckpointRunning: Bool { writeLock.withLock { background != nil } }

  /// Starts a background checkpoint of the state just committed (under `writeLock`, nothing
  /// unlogged): see ``DiskIndex/checkpointsInBackground``.
  func startBackgroundCheckpoint() {
    let snapshot = current.value
    background = BackgroundCheckpoint(checkpointedRecords: log.recordCount)
    backgroundGroup.enter()
    // The work holds the writer (and so the writer's lock) until it ends, so a dropped index
    // finishes it before it closes.
    DispatchQueue.global(qos: .utility).async { [self] in
      defer { backgroundGroup.leave() }
      do {
        try runBackgroundCheckpoint(of: snapshot)
      } catch {
        policy.lastError = error
      }
    }
  }

  /// Writes `snapshot`'s segments outside the writer's lock, then publishes them with the changes
  /// made since carried over (see ``DiskIndex/checkpointsInBackground``).
  private func runBackgroundCheckpoint(of snapshot: DiskIndex.State) throws {
    backgroundHook?(.writing)
    let generation = snapshot.generation + 1
    var next = snapshot
    do {
      try checkpointer.writeSegments(of: &next, generation: generation)
    } catch {
      writeLock.withLock {
        background = nil
        removeUnreferencedFiles()
      }
      throw error
    }
    backgroundHook?(.segmentsWritten)
    try writeLock.withLock {
      guard let carried = background else { return }
      background = nil
      var manifest = checkpointer.manifest(of: next)
      manifest.generation = generation
      manifest.checkpointedRecords = carried.checkpointedRecords
      do {
        try manifest.publish(in: settings.path)
      } catch {
        removeUnreferencedFiles()
        throw error
      }
      backgroundHook?(.manifestPublished)
      // From here the directory holds the new state: a failure leaves this object unusable (the
      // next open reads that state), never a log that drops the records committed meanwhile.
      do {
        let unlogged = current.value.unlogged
        var published = DiskIndex.State(generation: generation, parts: next.parts)
        try operations.apply(carried.laterRecords.flatMap(\.operations), to: &published)
        published.unlogged = []
        published.unloggedAddedCount = 0
        try operations.apply(unlogged, to: &published)
        try log.reset(generation: generation, records: carried.laterRecords.map(\.body))
        published.logRecordCount = log.recordCount
        published.logByteCount = log.byteCount
        current.replace(with: published)
      } catch {
        failure = error
        throw error
      }
      removeUnreferencedFiles()
    }
  }
}
