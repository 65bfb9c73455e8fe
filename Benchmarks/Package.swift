// swift-tools-version: 6.1
import PackageDescription

// The AutocompleteKit benchmarks, a package of their own so that `swift test` at the repository
// root never builds them. Run with `cd Benchmarks && swift package benchmark`; see README.md.
let package = Package(
  name: "AutocompleteBenchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(url: "https://github.com/ordo-one/benchmark", from: "1.29.0", traits: ["MallocInterposer"]),
    .package(name: "AutocompleteKit", path: ".."),
  ],
  targets: [
    .executableTarget(
      name: "AutocompleteBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "AutocompleteCore", package: "AutocompleteKit"),
      ],
      path: "Benchmarks/AutocompleteBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    .executableTarget(
      name: "index-memory",
      dependencies: [.product(name: "AutocompleteCore", package: "AutocompleteKit")],
      path: "Sources/index-memory"
    ),
    .executableTarget(
      name: "filter-latency",
      dependencies: [.product(name: "AutocompleteCore", package: "AutocompleteKit")],
      path: "Sources/filter-latency"
    ),
    .executableTarget(
      name: "words-latency",
      dependencies: [.product(name: "AutocompleteCore", package: "AutocompleteKit")],
      path: "Sources/words-latency"
    ),
    .executableTarget(
      name: "disk-open",
      dependencies: [.product(name: "AutocompleteCore", package: "AutocompleteKit")],
      path: "Sources/disk-open"
    ),
    .executableTarget(
      name: "typo-hit-rate",
      dependencies: [
        .product(name: "AutocompleteCore", package: "AutocompleteKit"),
        .product(name: "AutocompleteCities", package: "AutocompleteKit"),
      ],
      path: "Sources/typo-hit-rate"
    ),
    .executableTarget(
      name: "remote-latency",
      dependencies: [
        .product(name: "AutocompleteRemote", package: "AutocompleteKit"),
        .product(name: "AutocompleteCities", package: "AutocompleteKit"),
      ],
      path: "Sources/remote-latency"
    ),
  ],
  swiftLanguageModes: [.v6]
)
