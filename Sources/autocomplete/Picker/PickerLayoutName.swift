import ArgumentParser

/// `pick --layout`: fzf's layouts that `pick` draws.
enum PickerLayoutName: String, ExpressibleByArgument, CaseIterable {
  /// The prompt at the top, the best row below it (fzf's `--reverse`; `pick`'s default).
  case reverse
  /// The prompt at the bottom, the best row above it (fzf's default).
  case `default`
}
