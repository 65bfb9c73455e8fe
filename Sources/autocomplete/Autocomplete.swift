import ArgumentParser
import AutocompleteCore

@main
struct Autocomplete: ParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Autocomplete picker and filter.")
  func run() throws {}
}
