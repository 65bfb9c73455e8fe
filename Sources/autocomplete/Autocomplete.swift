import ArgumentParser
import AutocompleteCore
import AutocompleteTerminal
import Foundation

/// The `autocomplete` command: the interactive demo and picker (the default), `pick` for scripts,
/// `filter` for one query, and `mentions` to read a stored message.
@main
struct Autocomplete: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "autocomplete",
    abstract: "Autocomplete over the embedded GeoNames cities or your own list.",
    discussion: "Without a subcommand, opens the demo picker; the picked value is printed.",
    version: "0.1.0",
    subcommands: [
      DemoCommand.self, PickCommand.self, FilterCommand.self, MentionsCommand.self, IndexCommand.self,
    ],
    defaultSubcommand: DemoCommand.self
  )

  /// Runs the command with fzf's exit codes: 0 matched or picked, 1 nothing matched, 130 cancelled,
  /// 2 any error (a write error on standard output too), 141 when the reader of standard output went
  /// away.
  static func main() async {
    // A crash (should one ever happen) restores the terminal and ends at once: no crash reporter
    // that may hang holding the output pipe.
    CrashSignals.install()
    if let unknown = unknownSubcommand() {
      StandardStream.error("autocomplete: unknown command '\(unknown)'\n\n" + helpMessage() + "\n")
      Foundation.exit(2)
    }
    let arguments = FzfArguments.rewritten(Array(ProcessInfo.processInfo.arguments.dropFirst()))
    if let option = FzfArguments.firstUnsupported(in: arguments) {
      StandardStream.error("autocomplete: \(FzfArguments.message(for: option))\n")
      Foundation.exit(2)
    }
    if let option = FzfArguments.firstPickOnly(in: arguments) {
      StandardStream.error(
        "autocomplete: \(option) works in `autocomplete pick` only (it concerns the screen)\n")
      Foundation.exit(2)
    }
    do {
      var command = try parseAsRoot(arguments)
      if var asyncCommand = command as? any AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
    } catch let code as ExitCode {
      Foundation.exit(code.rawValue)
    } catch StandardStream.WriteError.brokenPipe {
      Foundation.exit(141)  // the reader went away: quiet, like a shell tool killed by SIGPIPE
    } catch {
      if exitCode(for: error) == .success {
        do {
          try StandardStream.output(fullMessage(for: error) + "\n")
        } catch .brokenPipe {
          Foundation.exit(141)
        } catch {
          StandardStream.error("autocomplete: \(error)\n")
          Foundation.exit(2)
        }
        Foundation.exit(0)
      }
      let terminalMessage = (error as? TerminalError).map {
        $0.description + " Without a terminal, `autocomplete filter QUERY` prints the matches."
      }
      let message =
        (error as? InputError)?.description ?? terminalMessage
        ?? (error as? StandardStream.WriteError)?.description ?? fullMessage(for: error)
      StandardStream.error("autocomplete: \(message)\n" + dashHint(for: message))
      Foundation.exit(2)
    }
  }
}

extension Autocomplete {
  /// The first argument when it looks like a subcommand (a word, not an option) that does not
  /// exist: `autocomplete bogus` shows the top-level usage and the subcommands, not the demo's.
  /// The demo takes no positional argument, so a word there is never meant for it.
  static func unknownSubcommand(arguments: [String] = ProcessInfo.processInfo.arguments) -> String? {
    guard let first = arguments.dropFirst().first, !first.hasPrefix("-") else { return nil }
    let names = configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
    return names.contains(first) ? nil : first
  }

  /// After a usage error that lacks the query while an argument starting with "-" was given (taken
  /// for an option): how to pass such a query, like other tools, after `--`.
  static func dashHint(for message: String, arguments: [String] = ProcessInfo.processInfo.arguments) -> String
  {
    let arguments = arguments.dropFirst().prefix { $0 != "--" }
    guard message.contains("<query>"),
      let dashed = arguments.last(where: { $0.hasPrefix("-") && $0.count > 1 && !$0.hasPrefix("--") })
    else { return "" }
    let before = arguments.prefix { $0 != dashed }.joined(separator: " ")
    return "A query that starts with '-' goes after '--': autocomplete \(before) -- \(dashed)\n"
  }
}

extension MatchMode: ExpressibleByArgument {}
