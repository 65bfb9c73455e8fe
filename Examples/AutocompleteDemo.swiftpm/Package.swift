// swift-tools-version: 6.1
// AutocompleteKit's example app, as an App playground: open this folder in Xcode (double-click it
// in the Finder, or `open Examples/AutocompleteDemo.swiftpm`), choose an iPhone or iPad simulator and
// Run. On a Mac, `swift run` in this folder opens the same screens as a Mac app (SwiftUI and AppKit).
//
// Xcode and Swift Playgrounds can import AppleProductTypes and make an iOS app of the `AppModule`
// target; everywhere else (`swift run`, and the type-checks on Linux, ../README.md) it is an ordinary
// executable. The screens are the AutocompleteExamples package's, which depends on AutocompleteKit
// (`../..`): nothing here has to be set up by hand.
import PackageDescription

#if canImport(AppleProductTypes)
  import AppleProductTypes

  let products: [Product] = [
    .iOSApplication(
      name: "AutocompleteDemo",
      targets: ["AppModule"],
      bundleIdentifier: "org.autocompletekit.demo",
      teamIdentifier: "",
      displayVersion: "1.0",
      bundleVersion: "1",
      supportedDeviceFamilies: [.pad, .phone],
      supportedInterfaceOrientations: [
        .portrait, .landscapeRight, .landscapeLeft, .portraitUpsideDown(.when(deviceFamilies: [.pad])),
      ]
    )
  ]
#else
  let products: [Product] = [.executable(name: "AutocompleteDemo", targets: ["AppModule"])]
#endif

let package = Package(
  name: "AutocompleteDemo",
  platforms: [.iOS(.v16), .macOS(.v13)],
  products: products,
  dependencies: [.package(path: "../AutocompleteExamples")],
  targets: [
    .executableTarget(
      name: "AppModule",
      dependencies: [
        .product(name: "SwiftUIExamples", package: "AutocompleteExamples"),
        .product(name: "UIKitExamples", package: "AutocompleteExamples"),
        .product(name: "AppKitExamples", package: "AutocompleteExamples"),
      ],
      path: "."
    )
  ],
  swiftLanguageModes: [.v6]
)
