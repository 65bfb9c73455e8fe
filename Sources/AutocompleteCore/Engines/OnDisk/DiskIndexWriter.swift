import Foundation

/// The write side of a ``DiskIndex`` opened ``DiskIndex/Access/readWrite``: holds the directory's
/// writer lock and the write-ahead log, applies changes one writer at a time, commits them to the
/// log, and checkpoints (in the foreground, or in the background through
/// ``startBackgroundCheckpoint()``) and merges through the ``DiskIndexCheckpointer`` and the
/// ``DiskIndexMerger``.
///
/// Lock order: `writeLock`, then the state's lock or the policy's, never the other way.
final class DiskIndexWriter: @unchecked Sendable {
  let settings: SegmentSettings
  /// The state searches read, which the writer replaces.
  let current: DiskIndex.CurrentState
  /// The log commits are appended to; used under `writeLock`.
  let log: WriteAheadLog.Writer
  /// Serializes changes, commits, checkpoints and merges.
  let writeLock = NSLock()
  /// The directory's `LOCK`, held (`flock`) while this object lives; closed when it ends.
  private let lockDescriptor: Int32
  /// Set when a background checkpoint failed after publishing its manifest: the object can no
  /// longer change the index (reopening it reads the published state); under `writeLock`.
  var failure: (any Error)?
  /// The background checkpoint running, if any; under `writeLock`.
  var background: BackgroundCheckpoint?
  /// Entered while a background checkpoint runs.
  let backgroundGroup = DispatchGroup()
  /// Whether commits checkpoint in the background, and why the last background checkpoint failed.
  let policy: DiskIndex.BackgroundPolicy
  /// The log size past which a commit checkpoints: ``DiskIndex/checkpointLogSize``, smaller in
  /// tests.
  var checkpointThreshold = DiskIndex.checkpointLogSize
  /// Called at each step of a background checkpoint, on its thread; set by tests before the first
  /// commit.
  var backgroundHook: (@Sendable (DiskIndex.BackgroundStep) -> Void)?

  /// A writer over `current`, holding the writer's lock `lockDescriptor` (closed when the writer
  /// ends) and appending to `log`.
  init(
    settings: SegmentSettings, current: DiskIndex.CurrentState, policy: DiskIndex.BackgroundPolicy,
    lockDescriptor: Int32, log: WriteAheadLog.Writer
  ) {
    self.settings = settings
    self.policy = policy
    self.current = current
    self.lockDescriptor = lockDescriptor
    self.log = log
  }

  deinit {
    close(lockDescriptor)
  }

  var operations: DiskIndexOperations { DiskIndexOperations(settings: settings) }
  var checkpointer: DiskIndexCheckpointer { DiskIndexCheckpointer(settings: settings) }

  /// Takes the writer's lock of the index in `path` (`flock` on `LOCK`), which the system drops
  /// when the process ends, however it ends; returns its descriptor.
  static func lockDirectory(_ path: String) throws -> Int32 {
    let lockPath = path + "/LOCK"
    // Created when missing, never through a link nor on a FIFO (see `FileIO.openRegularFile`).
    let created = open(lockPath, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    if created < 0, errno != EEXIST {
      throw DiskIndexError.io(path: lockPath, operation: "create", code: errno)
    }
    if created >= 0 { close(created) }
    let descriptor = try FileIO.openRegularFile(lockPath, flags: O_RDWR)
    // A lock just released can look held for a moment: a child another thread forks holds a copy
    // of every descriptor until its exec closes the close-on-exec ones (the lock goes with the
    // copy). So a held lock is tried again for up to half a second before it counts as a writer.
    var attempts = 0
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      let code = errno
      if code == EINTR { continue }
      if code == EWOULDBLOCK && attempts < 20 {
        attempts += 1
        usleep(25_000)
        continue
      }
      close(descriptor)
      if code == EWOULDBLOCK { throw DiskIndexError.locked(path: path) }
      throw DiskIndexError.io(path: lockPath, operation: "lock", code: code)
    }
    return descriptor
  }

  // MARK: Changing

  /// Applies `body` to a copy of the state and publishes the result, one writer at a time.
  func change(_ body: (inout DiskIndex.State) throws -> Void) throws {
    try writeLock.withLock {
      if let failure { throw failure }
      var next = current.value
      try body(&next)
      current.replace(with: next)
    }
  }

  // MARK: Committing

  /// ``DiskIndex/commit()``.
  func commit() throws {
    try writeLock.withLock {
      if let failure { throw failure }
      let state = current.value
      guard !state.unlogged.isEmpty else { return }
      let body = try WriteAheadLog.body(of: state.unlogged, isCaseSensitive: settings.isCaseSensitive)
      let logSize = log.generation == state.generation ? log.byteCount : WriteAheadLog.headerSize
      let isDue = logSize + body.count + WriteAheadLog.recordOverhead > checkpointThreshold
      let inBackground = policy.isEnabled
      if isDue && !inBackground && background == nil { return try checkpointLocked() }
      try log.append(body, generation: state.generation)
      background?.laterRecords.append((state.unlogged, body))
      current.modify { state in
        state.unlogged = []
        state.unloggedAddedCount = 0
        state.logRecordCount = log.recordCount
        state.logByteCount = log.byteCount
      }
      if isDue && inBackground && background == nil { startBackgroundCheckpoint() }
    }
  }

  /// Runs `body` under `writeLock` once no background checkpoint runs.
  private func whenNoCheckpointRuns(_ body: () throws -> Void) throws {
    while true {
      backgroundGroup.wait()
      let ran = try writeLock.withLock {
        if let failure { throw failure }
        guard background == nil else { return false }
        try body()
        return true
      }
      if ran { return }
    }
  }

  // MARK: Checkpoints and merges

  /// ``DiskIndex/checkpoint()``.
  func checkpoint() throws {
    try whenNoCheckpointRuns { try checkpointLocked() }
  }

  /// ``checkpoint()``, under `writeLock`.
  private func checkpointLocked() throws {
    var next = current.value
    let generation = next.generation + 1
    try checkpointer.writeSegments(of: &next, generation: generation)
    try publish(DiskIndex.State(generation: generation, parts: next.parts))
  }

  /// ``DiskIndex/merge()``.
  func merge() throws {
    try whenNoCheckpointRuns {
      try publish(try DiskIndexMerger(settings: settings).mergedState(of: current.value))
    }
  }

  /// Publishes `next` (its new files synced): its manifest, then the state searches see, then an
  /// empty log for it. A crash before the new log is in place leaves the old one, which names an
  /// older generation and is ignored.
  private func publish(_ next: DiskIndex.State) throws {
    try checkpointer.manifest(of: next).publish(in: settings.path)
    current.replace(with: next)
    try log.reset(generation: next.generation)
    current.modify { state in
      state.logRecordCount = 0
      state.logByteCount = log.byteCount
    }
    removeUnreferencedFiles()
  }

  /// Deletes the files the current state's manifest does not name (see
  /// ``DiskIndexCheckpointer/removeUnreferencedFiles(keeping:)``).
  func removeUnreferencedFiles() {
    checkpointer.removeUnreferencedFiles(keeping: current.value)
  }
}
