// swift-tools-version: 6.1
// The example app's screens, as a package that depends on AutocompleteKit (`..`/`..`). Not built by
// the main package's `swift test`; type-checked for iOS and macOS with
// ../shared/tools/apple-sdk/check-apple.py (see README.md here). Add `UIKitExamples` to an iOS app
// target and show `ExamplesViewController`; add `AppKitExamples` to a Mac app target and show
// `AppKitExamplesViewController`.
import PackageDescription

let package = Package(
  name: "AutocompleteExamples",
  platforms: [.iOS(.v16), .macOS(.v13)],
  products: [
    .library(name: "UIKitExamples", targets: ["UIKitExamples"]),
    .library(name: "SwiftUIExamples", targets: ["SwiftUIExamples"]),
    .library(name: "AppKitExamples", targets: ["AppKitExamples"]),
  ],
  dependencies: [.package(name: "AutocompleteKit", path: "../..")],
  targets: [
    .target(
      name: "UIKitExamples",
      dependencies: [
        .product(name: "AutocompleteUIKit", package: "AutocompleteKit"),
        .product(name: "AutocompleteCities", package: "AutocompleteKit"),
        .product(name: "AutocompleteRemote", package: "AutocompleteKit"),
      ]
    ),
    .target(
      name: "AppKitExamples",
      dependencies: [
        .product(name: "AutocompleteAppKit", package: "AutocompleteKit"),
        .product(name: "AutocompleteCities", package: "AutocompleteKit"),
      ]
    ),
    // The guides' UIKit, AppKit, SwiftUI and MapKit snippets, type-checked here (not a product).
    .target(
      name: "GuideSnippets",
      dependencies: [
        .product(name: "AutocompleteUIKit", package: "AutocompleteKit"),
        .product(name: "AutocompleteAppKit", package: "AutocompleteKit"),
        .product(name: "AutocompleteSwiftUI", package: "AutocompleteKit"),
        .product(name: "AutocompleteRemote", package: "AutocompleteKit"),
      ]
    ),
    .target(
      name: "SwiftUIExamples",
      dependencies: [
        .product(name: "AutocompleteSwiftUI", package: "AutocompleteKit"),
        .product(name: "AutocompleteCities", package: "AutocompleteKit"),
        .product(name: "AutocompleteRemote", package: "AutocompleteKit"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
