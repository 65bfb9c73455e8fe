#if canImport(SwiftUI)
  import SwiftUI
  import SwiftUIExamples

  #if os(iOS)
    import UIKitExamples
  #elseif os(macOS)
    import AppKitExamples
  #endif

  /// The example screens by framework: SwiftUI's everywhere, UIKit's on iOS, AppKit's on the Mac.
  struct DemoRootView: View {
    var body: some View {
      TabView {
        SwiftUIExamplesView()
          .tabItem { Label("SwiftUI", systemImage: "swift") }
        #if os(iOS)
          UIKitExamplesScreen()
            .ignoresSafeArea()
            .tabItem { Label("UIKit", systemImage: "iphone") }
        #elseif os(macOS)
          AppKitExamplesScreen()
            .tabItem { Label("AppKit", systemImage: "macwindow") }
        #endif
      }
      #if os(macOS)
        .frame(minWidth: 640, minHeight: 520)
      #endif
    }
  }

  #if os(iOS)
    /// The UIKit screens' list in a navigation controller.
    struct UIKitExamplesScreen: UIViewControllerRepresentable {
      func makeUIViewController(context: Context) -> UINavigationController {
        let navigation = UINavigationController(rootViewController: ExamplesViewController())
        navigation.navigationBar.prefersLargeTitles = true
        return navigation
      }

      func updateUIViewController(_ controller: UINavigationController, context: Context) {}
    }
  #elseif os(macOS)
    /// The AppKit screens' tab view controller.
    struct AppKitExamplesScreen: NSViewControllerRepresentable {
      func makeNSViewController(context: Context) -> AppKitExamplesViewController {
        AppKitExamplesViewController()
      }

      func updateNSViewController(_ controller: AppKitExamplesViewController, context: Context) {}
    }
  #endif
#endif
