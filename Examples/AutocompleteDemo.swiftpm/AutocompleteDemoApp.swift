#if canImport(SwiftUI)
  import SwiftUI

  /// The example app: every example screen of AutocompleteKit, in one window.
  @main
  @MainActor
  struct AutocompleteDemoApp: App {
    #if os(macOS)
      @NSApplicationDelegateAdaptor private var delegate: MacLaunchDelegate
    #endif

    var body: some Scene {
      WindowGroup("AutocompleteKit") {
        DemoRootView()
      }
    }
  }
#else
  /// Off Apple platforms there is no UI to show: say where the examples run.
  @main
  enum AutocompleteDemoApp {
    static func main() {
      print(
        "The example app runs on iOS (open this folder in Xcode) and macOS (swift run);"
          + " here, try `swift run autocomplete` in the repository's root.")
    }
  }
#endif
