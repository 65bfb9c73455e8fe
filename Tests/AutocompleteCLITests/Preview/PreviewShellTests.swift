import Foundation
import TestSupport
import Testing

@testable import autocomplete

/// `--preview` runs in the user's shell with its placeholders quoted for that shell, as fzf: a line
/// stays one word under `sh` and under `fish` (which reads `\'` inside single quotes as an escape),
/// and a shell whose quoting is not known runs nothing of the line either: the command goes to
/// `/bin/sh`.
@Suite("preview shell quoting")
struct PreviewShellTests {
  static let fish = ["/usr/bin/fish", "/usr/local/bin/fish", "/bin/fish"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  @Test(.offThePool) func theShellIsChosenByItsName() {
    #expect(PreviewShell(shell: nil) == PreviewShell(shell: ""))
    #expect(PreviewShell(shell: nil).path == "/bin/sh")
    #expect(PreviewShell(shell: "/usr/bin/fish").path == "/usr/bin/fish")
    #expect(PreviewShell(shell: "/usr/bin/fish").quoting == .fish)
    #expect(PreviewShell(shell: "/bin/bash").path == "/bin/bash")
    #expect(PreviewShell(shell: "/bin/bash").quoting == .posix)
    for unknown in ["/usr/bin/nu", "/usr/bin/elvish", "/bin/tcsh", "/opt/bin/xonsh"] {
      #expect(PreviewShell(shell: unknown).path == "/bin/sh", "\(unknown)")
      #expect(PreviewShell(shell: unknown).quoting == .posix, "\(unknown)")
    }
  }

  @Test(.offThePool) func fishQuotingEscapesBackslashesAndQuotes() {
    let template = PreviewTemplate(command: "cat {}", shell: PreviewShell(shell: "/usr/bin/fish"))
    #expect(template.expanded(for: .init(line: #"\';x"#, query: "")) == #"cat '\\\';x'"#)
  }

  /// What `printf %s {}` prints for `line` when run as a preview runs it under `shell`.
  static func printed(_ line: String, shell: PreviewShell) throws -> String {
    let command = try #require(
      PreviewTemplate(command: "printf %s {}", shell: shell).expanded(for: .init(line: line, query: "")))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: shell.path)
    process.arguments = ["-c", command]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  @Test(
    "hostile lines stay one word under sh and fish",
    .enabled(if: fish != nil, "needs fish (Debian's fish package)"), .offThePool)
  func hostileLinesRunNothing() throws {
    let marker = FileManager.default.temporaryDirectory.appendingPathComponent("preview-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: marker) }
    let lines = [
      #"\';touch \#(marker.path);#"#, #"';touch \#(marker.path);#"#, #"\\';touch \#(marker.path);#"#,
      #"a\"#, #"\\"#, "'", #"\'"#, "$(touch \(marker.path))", "`touch \(marker.path)`", "a\nb; c", "%s %d",
    ]
    for path in ["/bin/sh", Self.fish!] {
      let shell = PreviewShell(shell: path)
      for line in lines {
        #expect(try Self.printed(line, shell: shell) == line, "\(path): \(line)")
      }
    }
    #expect(!FileManager.default.fileExists(atPath: marker.path))
  }
}
