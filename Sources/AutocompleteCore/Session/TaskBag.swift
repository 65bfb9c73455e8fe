import Foundation

/// The driver's running tasks by request, cancellable from any context (the driver's `deinit`).
final class TaskBag: @unchecked Sendable {
  private let lock = NSLock()
  private var tasks: [Int: [Task<Void, Never>]] = [:]

  func insert(_ task: Task<Void, Never>, for id: Int) {
    lock.lock()
    tasks[id, default: []].append(task)
    lock.unlock()
  }

  func cancel(_ id: Int) {
    lock.lock()
    let removed = tasks.removeValue(forKey: id) ?? []
    lock.unlock()
    for task in removed { task.cancel() }
  }

  func cancelAll() {
    lock.lock()
    let removed = tasks.values.joined()
    tasks = [:]
    lock.unlock()
    for task in removed { task.cancel() }
  }
}
