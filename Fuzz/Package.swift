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
    // One executable per target, each with its `Sources/NAME/main.swift`.
    [
      "fuzz-key-decoder", "fuzz-folding", "fuzz-match-modes", "fuzz-line-reader", "fuzz-session",
      "fuzz-disk-index",
    ].map { name in
      .executableTarget(
        name: name,
        dependencies: [
          "FuzzSupport", .product(name: "AutocompleteCore", package: "AutocompleteKit"),
          .product(name: "AutocompleteTerminal", package: "AutocompleteKit"),
        ])
    }
  ].flatMap { $0 } + [
    .target(
      name: "FuzzSupport",
      dependencies: [.product(name: "AutocompleteCore", package: "AutocompleteKit")]
    )
  ],
  swiftLanguageModes: [.v6]
)
