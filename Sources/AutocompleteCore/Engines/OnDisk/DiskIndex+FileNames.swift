import Foundation

extension DiskIndex {
  /// The names of the files `parts` use (segments and deletion sets): a writer never writes over
  /// one while the manifest that names it is published.
  static func fileNames(of parts: [Part]) -> Set<String> {
    var names: Set<String> = []
    for part in parts {
      if let file = part.segment.fileName { names.insert(file) }
      if let file = part.deletionsFile { names.insert(file) }
    }
    return names
  }

  /// `name`, or when a published file already has it (a manifest whose generation lies below the
  /// names it holds, as a forged or hand-edited one can), `name` with the first unused number
  /// inserted before its extension (`seg-000002-2.aks`); `used` gains the name returned.
  static func unusedName(_ name: String, avoiding used: inout Set<String>) -> String {
    var candidate = name
    if used.contains(candidate) {
      let stem = (name as NSString).deletingPathExtension
      let suffix = (name as NSString).pathExtension
      var number = 2
      repeat {
        candidate = stem + "-" + String(number) + "." + suffix
        number += 1
      } while used.contains(candidate)
    }
    used.insert(candidate)
    return candidate
  }
}

extension DiskIndex {
  /// The ``warnings`` of an index whose log had `damage` (``WriteAheadLog/Contents/damage``), kept
  /// as `keptAside` by a writer.
  static func warnings(damage: String?, keptAside: String?) -> [String] {
    guard let damage else { return [] }
    let kept =
      keptAside.map { "; the log as it was is kept as \($0) in the index's directory" }
      ?? "; a writer opening the index keeps the log as it was as WAL.damaged-N"
    return ["\(WriteAheadLog.fileName): \(damage)\(kept)"]
  }
}
