#if canImport(SwiftUI)
  #if canImport(UIKit)
    @preconcurrency import UIKit
  #elseif canImport(AppKit)
    @preconcurrency import AppKit
  #endif

  /// Posts VoiceOver announcements with the platform's API (SwiftUI's own is iOS 17+ only),
  /// queued behind what VoiceOver is saying: `accessibilitySpeechQueueAnnouncement` on iOS, medium
  /// priority on the Mac.
  @MainActor
  enum Announcer {
    static func announce(_ text: String) {
      #if canImport(UIKit) && !os(watchOS)
        let queued = NSAttributedString(
          string: text, attributes: [.accessibilitySpeechQueueAnnouncement: true])
        UIAccessibility.post(notification: .announcement, argument: queued)
      #elseif canImport(AppKit)
        guard let window = NSApp?.keyWindow else { return }
        NSAccessibility.post(
          element: window, notification: .announcementRequested,
          userInfo: [.announcement: text, .priority: NSAccessibilityPriorityLevel.medium.rawValue])
      #endif
    }
  }
#endif
