// swift-tools-version: 6.1
import PackageDescription

// libFuzzer targets for AutocompleteKit, a package of their own so that `swift test` at the
// repository root never builds them. Build and run them with `scripts/fuzz.sh` (see README.md):
// every target is built with `-sanitize=fuzzer,address`, libFuzzer's own `main` calls each
// target's `LLVMFuzzerTestOneInput`.
let package = Package(
  name: "AutocompleteFuzz",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(name: "AutocompleteKit", path: "..")
  ],
  targets: [
    .target(
      name: "FuzzSupport",
      dependencies: [.product(name: "AutocompleteCore", package: "AutocompleteKit")]
    ),
    .executableTarget(
      name: "fuzz-key-decoder",
      dependencies: ["FuzzSupport", .product(name: "AutocompleteTerminal", package: "AutocompleteKit")]
    ),
    .executableTarget(
      name: "fuzz-folding",
      dependencies: ["FuzzSupport", .product(name: "AutocompleteCore", package: "AutocompleteKit")]
    ),
    .executableTarget(
      name: "fuzz-match-modes",
      dependencies: ["FuzzSupport", .product(name: "AutocompleteCore", package: "AutocompleteKit")]
    ),
    .executableTarget(
      name: "fuzz-line-reader",
      dependencies: ["FuzzSupport", .product(name: "AutocompleteCore", package: "AutocompleteKit")]
    ),
    .executableTarget(
      name: "fuzz-session",
      dependencies: ["FuzzSupport", .product(name: "AutocompleteCore", package: "AutocompleteKit")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
