import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Recents in a JSON file shared by every field (and every process) that uses it.
///
/// - A missing file is an empty list; its directory is made on the first write.
/// - Every write reads the file, changes it and replaces it atomically (a new file renamed over the
///   old one), holding an exclusive `flock` on `<file>.lock` throughout: two processes recording at
///   once both keep their picks (the second merges into what the first wrote).
/// - A file that is not a recents file (or not JSON) makes ``entries(for:)`` throw
///   ``RecentsError/corrupt(path:reason:)``, and the next write sets it aside as `<file>.corrupt`
///   (or `<file>.corrupt.1`, `.2`… when that is taken) and starts afresh, so later picks are never
///   lost to it. Nothing crashes on any content; a file over 8 MiB is not read (corrupt too).
/// - A symbolic link is followed (its target is locked and rewritten); the file keeps its mode and
///   owner, a new one is 0600 in directories made 0700 (written by `PrivateFileWriter`). A FIFO, a device
///   or a directory is refused as "not a regular file".
public final class JSONFileRecentsStore: RecentsStore, @unchecked Sendable {
  /// The file.
  public let url: URL
  private let capacity: Int
  private let ranking: FrecencyRanking

  /// The file's content: entries by field.
  struct Contents: Codable {
    var version = 1
    var fields: [String: [RecentEntry]] = [:]
  }

  /// Creates a store for the file at `url`.
  public init(url: URL, capacity: Int = 50, ranking: FrecencyRanking = FrecencyRanking()) {
    self.url = url
    self.capacity = capacity
    self.ranking = ranking
  }

  /// The default file of `application` under `$XDG_STATE_HOME` (else `~/.local/state`):
  /// `…/<application>/recents.json`.
  public static func defaultURL(
    application: String, environment: [String: String] = ProcessInfo.processInfo.environment
  )
    -> URL
  {
    let base =
      environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
      ?? URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".local/state")
    return base.appendingPathComponent(application).appendingPathComponent("recents.json")
  }

  /// The entries of `field`, most recently used first.
  /// - Throws: ``RecentsError`` for a file that cannot be read or is not a recents file.
  public func entries(for field: String) throws -> [RecentEntry] {
    RecentsList(try read().fields[field] ?? [], capacity: capacity, ranking: ranking).entries
  }

  /// Records a pick.
  public func record(_ entry: RecentEntry, for field: String) throws {
    try update(field) { $0.record(entry) }
  }

  /// Forgets the entry with `id`.
  public func remove(id: String, for field: String) throws {
    try update(field) { $0.remove(id: id) }
  }

  /// Forgets every entry of `field`.
  public func removeAll(for field: String) throws {
    try update(field) { $0.removeAll() }
  }

  // MARK: The file

  /// The largest recents file read (8 MiB: thousands of entries per field); a larger one is not a
  /// recents file of this store (it is set aside as corrupt at the next write).
  static let largestFile = 8 << 20

  private func read() throws -> Contents {
    let target = FileTarget.resolved(url)
    if let irregularity = FileTarget.irregularity(of: target) {
      throw RecentsError.inaccessible(path: url.path, reason: irregularity)
    }
    if let size = FileTarget.size(of: target), size > Self.largestFile {
      throw RecentsError.corrupt(
        path: url.path, reason: "larger than \(Self.largestFile >> 20) MiB, which no recents file reaches")
    }
    let data: Data
    do {
      data = try Data(contentsOf: target)
    } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
      return Contents()
    } catch {
      if !FileManager.default.fileExists(atPath: url.path) { return Contents() }
      throw RecentsError.inaccessible(path: url.path, reason: FileLock.reason(error))
    }
    if data.isEmpty { return Contents() }
    do {
      return try JSONDecoder.recents.decode(Contents.self, from: data)
    } catch {
      throw RecentsError.corrupt(path: url.path, reason: Self.reason(error))
    }
  }

  private func update(_ field: String, _ change: (inout RecentsList) -> Void) throws {
    try withFileLock {
      var contents: Contents
      do {
        contents = try read()
      } catch RecentsError.corrupt {
        Self.setAside(FileTarget.resolved(url))
        contents = Contents()
      }
      var list = RecentsList(contents.fields[field] ?? [], capacity: capacity, ranking: ranking)
      change(&list)
      contents.fields[field] = list.entries.isEmpty ? nil : list.entries
      let data: Data
      do {
        data = try JSONEncoder.recents.encode(contents)
      } catch {
        throw RecentsError.inaccessible(path: url.path, reason: FileLock.reason(error))
      }
      do {
        try PrivateFileWriter.write(data, to: url)
      } catch let failure as PrivateFileWriter.Failure {
        throw RecentsError.inaccessible(path: url.path, reason: failure.reason)
      }
    }
  }

  /// Runs `body` holding the file's lock (``FileLock``: `<file>.lock`, made with the directory if
  /// needed).
  private func withFileLock<T>(_ body: () throws -> T) throws -> T {
    do {
      return try FileLock.withLock(beside: url, permissions: 0o600, body)
    } catch let failure as FileLock.Failure {
      throw RecentsError.inaccessible(path: failure.path, reason: failure.reason)
    }
  }

  /// Moves a corrupt file aside, keeping earlier ones: `<file>.corrupt`, else `<file>.corrupt.1`,
  /// `.2`… (the first free name).
  static func setAside(_ target: URL) {
    var aside = target.appendingPathExtension("corrupt")
    var number = 1
    var status = stat()
    while lstat(aside.path, &status) == 0 {
      aside = target.appendingPathExtension("corrupt").appendingPathExtension("\(number)")
      number += 1
    }
    _ = rename(target.path, aside.path)
  }

  static func reason(_ error: any Error) -> String {
    if let error = error as? DecodingError {
      switch error {
      case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
        .valueNotFound(_, let context):
        return context.debugDescription
      @unknown default: return "\(error)"
      }
    }
    return "\(error)"
  }
}

extension JSONDecoder {
  /// Dates as ISO 8601, as the recents file stores them.
  static var recents: JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
  }
}

extension JSONEncoder {
  /// Dates as ISO 8601, sorted keys: a recents file a person can read and diff.
  static var recents: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
    return encoder
  }
}
