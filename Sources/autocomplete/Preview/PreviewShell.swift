import Foundation

/// The shell a `--preview` command runs in, and how the placeholders put into it are quoted.
///
/// As fzf, the command runs in `$SHELL -c` (`/bin/sh` without `SHELL`), so a preview can use the
/// user's shell's syntax; the placeholders (`{}`, `{q}`, `{+}`, fields) are quoted for that shell, so
/// no line can end its quote and run a command of its own:
/// - a POSIX shell (`sh`, `bash`, `zsh`, `dash`, `ksh`…): in single quotes, a `'` inside written
///   `'\''`;
/// - `fish`, which reads `\'` and `\\` as escapes inside single quotes: a `\` written `\\` and a `'`
///   written `\'`, as fzf does for fish;
/// - any other shell, whose quoting is not known here (`nu`, `elvish`, `xonsh`, `csh`…): the command
///   runs in `/bin/sh` instead, its placeholders quoted the POSIX way.
struct PreviewShell: Sendable, Equatable {
  /// How a placeholder's text is quoted.
  enum Quoting: Sendable, Equatable {
    /// Single quotes, `'` written `'\''`.
    case posix
    /// Single quotes, `\` written `\\` and `'` written `\'`.
    case fish
  }

  /// The shell's path, run with `-c COMMAND`.
  let path: String
  /// How placeholders are quoted for it.
  let quoting: Quoting

  /// The names of the shells whose quoting is POSIX's.
  static let posixShells: Set<String> = [
    "sh", "bash", "rbash", "zsh", "dash", "ash", "ksh", "ksh93", "mksh", "lksh", "pdksh", "oksh", "loksh",
    "yash", "posh", "busybox",
  ]

  /// The shell for `shell` (the value of `SHELL`, `nil` when unset).
  init(shell: String?) {
    guard let shell, !shell.isEmpty else {
      (path, quoting) = ("/bin/sh", .posix)
      return
    }
    let name = (shell as NSString).lastPathComponent
    if name == "fish" {
      (path, quoting) = (shell, .fish)
    } else if Self.posixShells.contains(name) {
      (path, quoting) = (shell, .posix)
    } else {
      (path, quoting) = ("/bin/sh", .posix)
    }
  }

  /// The shell of this process's `SHELL`.
  static var current: PreviewShell { PreviewShell(shell: ProcessInfo.processInfo.environment["SHELL"]) }

  /// `text` as one word of a command of this shell, nothing in it interpreted.
  func quoted(_ text: String) -> String {
    switch quoting {
    case .posix:
      "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    case .fish:
      "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
  }
}
