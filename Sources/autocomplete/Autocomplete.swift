import ArgumentParser
import AutocompleteCore
import Foundation

/// The `autocomplete` command: a picker and a filter over the embedded cities or your own list.
@main
struct Autocomplete: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "autocomplete",
    abstract: "Autocomplete over the embedded GeoNames cities or your own list.",
    subcommands: [FilterCommand.self]
  )

  /// Runs the command with fzf's exit codes: 0 matched, 1 nothing matched, 2 any error.
  static func main() {
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch let code as ExitCode {
      Foundation.exit(code.rawValue)
    } catch {
      if exitCode(for: error) == .success {
        print(fullMessage(for: error))
        Foundation.exit(0)
      }
      let message = (error as? InputError)?.description ?? fullMessage(for: error)
      FileHandle.standardError.write(Data("autocomplete: \(message)\n".utf8))
      Foundation.exit(2)
    }
  }
}

extension MatchMode: ExpressibleByArgument {}
