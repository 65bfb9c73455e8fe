#if canImport(SwiftUI) && canImport(UIKit) && os(iOS)
  import AutocompleteUIKit
  import SwiftUI
  import UIKit

  /// A multi-line text editor with `@`/`#` trigger completion (seed 001) for SwiftUI on iOS: the
  /// UIKit text view of ``AutocompleteUIKit/AutocompleteTriggerManager`` in a representable, since
  /// SwiftUI's `TextEditor` exposes neither the caret nor marked text.
  ///
  /// ```swift
  /// AutocompleteTextEditor(text: $message, triggers: [
  ///   SessionTrigger("@", sources: [ListSource(people)]),
  ///   SessionTrigger("#", sources: [tagsSource]),
  /// ])
  /// .frame(minHeight: 120)
  /// ```
  ///
  /// On a pick only the token is replaced (caret after it, one space) and the binding follows.
  @MainActor
  public struct AutocompleteTextEditor: UIViewRepresentable {
    @Binding private var text: String
    private let triggers: [SessionTrigger]
    private let onPick: ((Suggestion, SessionTrigger) -> Void)?

    /// Creates an editor.
    /// - Parameters:
    ///   - text: The text.
    ///   - triggers: The delegates (`@`, `#`, multi-character) with their sources.
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

    /// Makes the text view and attaches the trigger manager.
    public func makeUIView(context: Context) -> UITextView {
      let view = UITextView()
      view.font = .preferredFont(forTextStyle: .body)
      view.adjustsFontForContentSizeCategory = true
      view.backgroundColor = .clear
      view.text = text
      view.delegate = context.coordinator
      context.coordinator.manager.attach(to: view)
      return view
    }

    /// Keeps the view's text, the triggers and the pick callback current.
    public func updateUIView(_ view: UITextView, context: Context) {
      context.coordinator.text = $text
      context.coordinator.onPick = onPick
      context.coordinator.manager.triggers = triggers
      if view.text != text, view.markedTextRange == nil { view.text = text }
    }

    /// Connects the text view, the binding and the trigger manager.
    @MainActor
    public final class Coordinator: NSObject, UITextViewDelegate, AutocompleteTriggerManagerDelegate {
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
      public func textViewDidChange(_ textView: UITextView) {
        text.wrappedValue = textView.text
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
