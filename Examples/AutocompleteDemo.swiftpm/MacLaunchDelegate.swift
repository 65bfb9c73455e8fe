#if os(macOS)
  import AppKit

  /// `swift run` starts the app as a bare executable, not an app bundle: it would open its window
  /// behind the terminal, without a Dock icon or the keyboard. This makes it a regular app in front.
  @MainActor
  final class MacLaunchDelegate: NSObject, NSApplicationDelegate {
    func applicationDidFinishLaunching(_ notification: Notification) {
      NSApp.setActivationPolicy(.regular)
      NSApp.activate(ignoringOtherApps: true)
    }

    func applicationShouldTerminateAfterLastWindowClosed(_ sender: NSApplication) -> Bool {
      true
    }
  }
#endif
