#if canImport(SwiftUI) && canImport(UIKit) && os(iOS)
  import AutocompleteUIKit
  import SwiftUI
  import UIKit

  /// A multi-line text editor with `@`/`#` trigger completion (seed 001) for SwiftUI on iOS: the
  /// UIKit text view of ``/AutocompleteUIKit/AutocompleteTriggerManager`` in a representable, since
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
  /// With triggers that insert mentions, bind a `MentionedText` instead to keep them:
  /// `AutocompleteTextEditor(mentionedText: $draft, triggers: …)`; setting the binding (a reopened
  /// draft) loads its mentions into the editor, and copy and paste in the editor keep them.
  @MainActor
  public struct AutocompleteTextEditor: UIViewRepresentable {
    private let binding: Binding<MentionedText>
    private let keepsMentions: Bool
    private let triggers: [SessionTrigger]
    private let onPick: ((Suggestion, SessionTrigger) -> Void)?
    // The mention rules and colours (`AutocompleteTextEditor+Mentions.swift`).
    var mentionEditing = MentionEditing.dissolve
    var mentionDeletion = MentionDeletion.twoStep
    var mentionAttributes: [String: MentionAttributes] = [:]
    var defaultMentionAttributes = MentionAttributes.standard

    /// Creates an editor bound to plain text.
    /// - Parameters:
    ///   - text: The text.
    ///   - triggers: The delegates (`@`, `#`, multi-character) with their sources.
    ///   - onPick: Called with each picked row and its trigger.
    public init(
      text: Binding<String>, triggers: [SessionTrigger], onPick: ((Suggestion, SessionTrigger) -> Void)? = nil
    ) {
      self.binding = Binding(get: { MentionedText(text.wrappedValue) }, set: { text.wrappedValue = $0.text })
      self.keepsMentions = false
      self.triggers = triggers
      self.onPick = onPick
    }

    /// Creates an editor bound to a text with mentions (for triggers with `insertsMention`).
    /// - Parameters:
    ///   - mentionedText: The text and its mentions; store it with a `MentionMarkup`.
    ///   - triggers: The delegates with their sources.
    ///   - onPick: Called with each picked row and its trigger.
    public init(
      mentionedText: Binding<MentionedText>, triggers: [SessionTrigger],
      onPick: ((Suggestion, SessionTrigger) -> Void)? = nil
    ) {
      self.binding = mentionedText
      self.keepsMentions = true
      self.triggers = triggers
      self.onPick = onPick
    }

    /// Makes the coordinator that owns the trigger manager.
    public func makeCoordinator() -> Coordinator {
      Coordinator(binding: binding, triggers: triggers)
    }

    /// Makes the text view and attaches the trigger manager.
    public func makeUIView(context: Context) -> UITextView {
      let view = MentionTextView()
      view.font = .preferredFont(forTextStyle: .body)
      view.adjustsFontForContentSizeCategory = true
      view.backgroundColor = .clear
      view.delegate = context.coordinator
      context.coordinator.manager.attach(to: view)
      context.coordinator.show(binding.wrappedValue, in: view, keepsMentions: keepsMentions)
      return view
    }

    /// Keeps the view's text, the triggers and the pick callback current.
    public func updateUIView(_ view: UITextView, context: Context) {
      context.coordinator.binding = binding
      context.coordinator.onPick = onPick
      context.coordinator.manager.triggers = triggers
      configureMentions(of: context.coordinator.manager)
      context.coordinator.show(binding.wrappedValue, in: view, keepsMentions: keepsMentions)
    }

    /// Connects the text view, the binding and the trigger manager: every change of the text or its
    /// mentions reaches the binding through the manager's `onMentionedTextChange`.
    @MainActor
    public final class Coordinator: NSObject, UITextViewDelegate, AutocompleteTriggerManagerDelegate {
      var binding: Binding<MentionedText>
      var onPick: ((Suggestion, SessionTrigger) -> Void)?
      let manager: AutocompleteTriggerManager
      /// Whether the binding's value is being put into the view (the view's reports then do not
      /// write the binding back during SwiftUI's update).
      private var isShowing = false

      init(binding: Binding<MentionedText>, triggers: [SessionTrigger]) {
        self.binding = binding
        self.manager = AutocompleteTriggerManager(triggers: triggers)
        super.init()
        manager.delegate = self
        manager.onMentionedTextChange = { [weak self] text in
          guard let self, !self.isShowing else { return }
          self.binding.wrappedValue = text
        }
      }

      /// Puts `value` into the view when it differs from what the view shows: with its mentions, or
      /// as plain text (the text alone is compared, so mentions the editor made are kept).
      func show(_ value: MentionedText, in view: UITextView, keepsMentions: Bool) {
        guard view.markedTextRange == nil else { return }
        isShowing = true
        defer { isShowing = false }
        if keepsMentions {
          if manager.mentionedText != value || view.text != value.text { manager.setMentionedText(value) }
        } else if view.text != value.text {
          view.text = value.text
        }
      }

      /// Lets the manager apply the pick.
      public func autocompleteManager(_ manager: AutocompleteTriggerManager, shouldUpdateToText text: String)
        -> Bool
      {
        true
      }

      /// Reports a pick to `onPick`; the other events are not used.
      public func autocompleteManager(
        _ manager: AutocompleteTriggerManager, didReceive event: AutocompleteTriggerEvent
      ) {
        if case .picked(let suggestion, let trigger) = event { onPick?(suggestion, trigger) }
      }
    }
  }
#endif
