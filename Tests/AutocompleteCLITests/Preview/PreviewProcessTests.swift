import Foundation
import Testing

@testable import autocomplete

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The preview command's process: its output, its environment, and its whole process group killed
/// on cancel.
@Suite("preview process")
struct PreviewProcessTests {
  /// The output of `command` once it ends.
  func run(_ command: String, environment: [String: String] = [:]) async -> String {
    await withCheckedContinuation { continuation in
      _ = PreviewProcess(command: command, shell: "/bin/sh", environment: environment) { output, finished in
        if finished { continuation.resume(returning: String(decoding: output, as: UTF8.self)) }
      }
    }
  }

  @Test func printsOutputAndErrors() async {
    let output = await run(
      "echo out; echo err >&2; echo $FZF_PREVIEW_LINES", environment: ["FZF_PREVIEW_LINES": "7"])
    #expect(output == "out\nerr\n7\n")
  }

  @Test func readsNothingFromTheTerminal() async {
    #expect(await run("cat; echo done") == "done\n")
  }

  @Test func cancelKillsTheWholeGroup() async throws {
    let marker = NSTemporaryDirectory() + "preview-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: marker) }
    // A child of the shell that writes its pid, then sleeps.
    let process = PreviewProcess(command: "sleep 300 & echo $! > '\(marker)'; wait", shell: "/bin/sh") {
      _, _ in
    }
    var child: pid_t = 0
    for _ in 0..<600 where child == 0 {
      child =
        pid_t(
          (try? String(contentsOfFile: marker, encoding: .utf8))?.trimmingCharacters(
            in: .whitespacesAndNewlines) ?? "") ?? 0
      if child == 0 { try await Task.sleep(for: .milliseconds(50)) }
    }
    #expect(child > 0)
    process.cancel()
    var alive = true
    for _ in 0..<600 where alive {
      alive = kill(child, 0) == 0 && !Self.isZombie(child)
      if alive { try await Task.sleep(for: .milliseconds(50)) }
    }
    #expect(!alive, "the shell's child survived the cancel")
  }

  /// Whether `pid` has ended but is not reaped yet (its parent, the killed shell, is gone too; init
  /// reaps it soon).
  static func isZombie(_ pid: pid_t) -> Bool {
    let status = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
    return status.split(separator: ")").last?.trimmingCharacters(in: .whitespaces).hasPrefix("Z") ?? true
  }

  @Test func outputIsBounded() async {
    let output = await run("yes 0123456789abcdef")
    #expect(output.utf8.count == PreviewProcess.maximumByteCount)
  }
}
