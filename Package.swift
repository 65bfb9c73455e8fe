// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "AutocompleteKit",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    .library(name: "AutocompleteCore", targets: ["AutocompleteCore"]),
    .library(name: "AutocompleteCities", targets: ["AutocompleteCities"]),
    .library(name: "AutocompleteRemote", targets: ["AutocompleteRemote"]),
    .library(name: "AutocompleteTerminal", targets: ["AutocompleteTerminal"]),
    .library(name: "AutocompletePresentation", targets: ["AutocompletePresentation"]),
    .library(name: "AutocompleteUIKit", targets: ["AutocompleteUIKit"]),
    .library(name: "AutocompleteAppKit", targets: ["AutocompleteAppKit"]),
    .library(name: "AutocompleteSwiftUI", targets: ["AutocompleteSwiftUI"]),
    .executable(name: "autocomplete", targets: ["autocomplete"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0"),
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
  ],
  targets: [
    .target(name: "AutocompleteCore"),
    .target(
      name: "AutocompleteCities",
      dependencies: ["AutocompleteCore"],
      resources: [.copy("Resources/cities15000.tsv")]
    ),
    .target(name: "AutocompleteRemote", dependencies: ["AutocompleteCore"]),
    .target(name: "AutocompleteTerminal", dependencies: ["AutocompleteCore"]),
    .target(name: "AutocompletePresentation", dependencies: ["AutocompleteCore"]),
    .target(name: "AutocompleteUIKit", dependencies: ["AutocompleteCore", "AutocompletePresentation"]),
    .target(name: "AutocompleteAppKit", dependencies: ["AutocompleteCore", "AutocompletePresentation"]),
    .target(
      name: "AutocompleteSwiftUI",
      dependencies: [
        "AutocompleteCore", "AutocompletePresentation", "AutocompleteUIKit", "AutocompleteAppKit",
      ]
    ),
    .executableTarget(
      name: "autocomplete",
      dependencies: [
        "AutocompleteCore", "AutocompleteCities", "AutocompleteTerminal", "AutocompleteRemote",
        "AutocompletePresentation", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .testTarget(
      name: "AutocompleteCoreTests",
      dependencies: ["AutocompleteCore", "TestSupport", .product(name: "Clocks", package: "swift-clocks")],
      exclude: ["Folding/ICU"]
    ),
    .testTarget(
      name: "AutocompleteRemoteTests",
      dependencies: [
        "AutocompleteRemote", "AutocompleteCore", "AutocompleteCities", "TypesenseTestSupport", "TestSupport",
      ]
    ),
    // The test lane: synchronous tests off the cooperative pool (not a product).
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    // Starts Typesense servers for the integration tests (not a product).
    .target(
      name: "TypesenseTestSupport", dependencies: ["AutocompleteCities"], path: "Tests/TypesenseTestSupport"),
    .testTarget(
      name: "AutocompletePresentationTests",
      dependencies: [
        "AutocompletePresentation", "AutocompleteCore", "AutocompleteCities", "TestSupport",
        .product(name: "Clocks", package: "swift-clocks"),
      ]
    ),
    .testTarget(
      name: "AutocompleteTerminalTests",
      dependencies: [
        "AutocompleteTerminal", "AutocompleteCore", "AutocompletePresentation", "TestSupport",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
      ],
      exclude: ["__Snapshots__"]
    ),
    .testTarget(
      name: "AutocompleteCLITests",
      dependencies: [
        "autocomplete", "AutocompleteCities", "AutocompleteCore", "TypesenseTestSupport", "TestSupport",
      ],
      exclude: ["Typos/Fixtures"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
