#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import UIKit

  /// What ``AutocompleteTriggerManager`` does for VoiceOver and hardware keyboards, at the AppKit
  /// manager's level: the count said once typing pauses (queued, never for a hidden list), the
  /// highlight said when a key moves it, the two-step mention deletion said, and ↑ ↓ Page Up/Down
  /// Return Escape Tab claimed from the view's view controller while the list shows.
  ///
  /// The view keeps its own `accessibilityValue` (its text): UIKit before iOS 18 has no expanded
  /// state for a text view, so the announcements carry it.
  @MainActor
  final class TriggerManagerAccessibility {
    private let announcer: AnnouncementPacer
    private var keyCommands: HardwareKeyCommands?
    private weak var view: UIView?

    init(clock: any Clock<Duration>) {
      announcer = AnnouncementPacer(platform: .iOS, clock: clock) { UIKitAccessibility.announce($0) }
    }

    /// Follows `view` (nil detaches); `press` receives the claimed keys.
    func attach(to view: UIView?, press: @escaping @MainActor (HardwareKey) -> Void) {
      keyCommands?.remove()
      keyCommands = nil
      announcer.cancel()
      self.view = view
      if let view { keyCommands = HardwareKeyCommands(view: view, handle: press) }
    }

    /// Takes the state after a render: `isShown` whether the list is on screen.
    func update(from old: SessionState?, to new: SessionState, isShown: Bool) {
      announcer.update(from: old, to: new, isShown: isShown)
      if let text = MentionAccessibility.deletionAnnouncement(from: old, to: new) { announcer.announce(text) }
      let claimed = isShown ? HardwareKey.claimedKeys(in: new, isListShown: true) : []
      keyCommands?.claim(view?.isFirstResponder == true ? claimed : [])
    }
  }
#endif
