#if canImport(SwiftUI) && canImport(AppKit) && os(macOS)
  import AppKit
  import AutocompleteAppKit
  import SwiftUI

  /// A multi-line text editor with `@`/`#` trigger completion (seed 001) for SwiftUI on macOS: the
  /// AppKit text view of ``AutocompleteAppKit/AutocompleteTriggerManager`` in a representable, with
  /// the same API as on iOS, since SwiftUI's `TextEditor` exposes neither the caret nor marked text.
  ///
  /// ```swift
  /// AutocompleteTextEditor(text: $message, triggers: [
  ///   SessionTrigger("@", sources: [ListSource(people)]),
  ///   SessionTrigger("#", sources: [tagsSource]),
  /// ])
  /// .frame(minHeight: 120)
  /// ```
  ///
  /// On a pick only the token is replaced (an undoable edit, caret after it, one space) and the
  /// binding follows. While the list shows, ↑ ↓ Page Up/Down, Return, Tab and Escape drive it.
  @MainActor
  public struct AutocompleteTextEditor: NSViewRepresentable {
    @Binding private var text: String
    private let triggers: [SessionTrigger]
    private let onPick: ((Suggestion, SessionTrigger) -> Void)?

    /// Creates an editor.
    /// - Parameters:
    ///   - text: The text.
    ///   - triggers: The delimiters (`@`, `#`, multi-character) with their sources.
    ///   - onPick: Called with each picked row and its trigger.
    public init(
      text: Binding<String>, triggers: [SessionTrigger], onPick: ((Suggestion, SessionTrigger) -> Void)? = nil
    ) {
      self._text = text
      self.triggers = triggers
      self.onPick = onPick
    }

    /// Makes the coordinator that owns the trigger manager.
    public func makeCoordinator() -> Coordinator {
      Coordinator(text: $text, triggers: triggers)
    }

    /// Makes the scrolling plain-text view and attaches the trigger manager.
    public func makeNSView(context: Context) -> NSScrollView {
      let scrollView = NSTextView.scrollableTextView()
      scrollView.drawsBackground = false
      if let view = scrollView.documentView as? NSTextView {
        view.font = .preferredFont(forTextStyle: .body)
        view.isRichText = false
        view.allowsUndo = true
        view.drawsBackground = false
        view.string = text
        view.delegate = context.coordinator
        context.coordinator.manager.attach(to: view)
      }
      return scrollView
    }

    /// Keeps the view's text, the triggers and the pick callback current.
    public func updateNSView(_ scrollView: NSScrollView, context: Context) {
      context.coordinator.text = $text
      context.coordinator.onPick = onPick
      context.coordinator.manager.triggers = triggers
      if let view = scrollView.documentView as? NSTextView, view.string != text, !view.hasMarkedText() {
        view.string = text
      }
    }

    /// Connects the text view, the binding and the trigger manager.
    @MainActor
    public final class Coordinator: NSObject, NSTextViewDelegate, AutocompleteTriggerManagerDelegate {
      var text: Binding<String>
      var onPick: ((Suggestion, SessionTrigger) -> Void)?
      let manager: AutocompleteTriggerManager

      init(text: Binding<String>, triggers: [SessionTrigger]) {
        self.text = text
        self.manager = AutocompleteTriggerManager(triggers: triggers)
        super.init()
        manager.delegate = self
      }

      /// Copies the edit into the binding.
      public func textDidChange(_ notification: Notification) {
        guard let view = notification.object as? NSTextView else { return }
        text.wrappedValue = view.string
      }

      /// Lets the manager apply the pick, and updates the binding.
      public func autocompleteManager(_ manager: AutocompleteTriggerManager, shouldUpdateToText text: String)
        -> Bool
      {
        self.text.wrappedValue = text
        return true
      }

      /// Reports the pick.
      public func autocompleteManager(
        _ manager: AutocompleteTriggerManager, didPick suggestion: Suggestion, for trigger: SessionTrigger
      ) {
        onPick?(suggestion, trigger)
      }
    }
  }
#endif
