#if canImport(SwiftUI) && (os(iOS) || os(macOS))
  import AutocompleteCities
  import AutocompleteSwiftUI
  import SwiftUI

  /// `@` people (the members of the channel picked above it: issue 35's scoped source) and `#`
  /// names in a multi-line editor (the UIKit trigger text view on iOS, the
  /// AppKit one on macOS, in a representable). Picks are mentions, bound as a `MentionedText`;
  /// "Save" stores the message in the default markup and "Reopen" loads it back with live mentions.
  @MainActor
  struct ComposerExample: View {
    @State private var message = MentionedText("Hi ")
    @State private var stored = ""
    @State private var problem: String?
    /// The channel the message goes to: `@` offers its members only.
    @State private var channel = People.channels[0]

    var body: some View {
      let people = ExampleData.people
      return VStack(alignment: .leading) {
        Picker("Channel", selection: $channel) {
          ForEach(People.channels, id: \.self) { Text("#\($0)").tag($0) }
        }
        .pickerStyle(.segmented)
        AutocompleteTextEditor(
          mentionedText: $message,
          triggers: [
            // The channel's members only: the source's scope, which no query widens.
            SessionTrigger(
              "@", source: People.mentionSource(in: channel), insertsMention: true, mentionStyle: "person",
              mentionID: { $0.payload(as: AutocompleteItem.self)?.payload as? String ?? $0.id }),
            SessionTrigger(
              "#",
              source: AsyncSource { query in
                try await Task.sleep(for: .milliseconds(300))
                return people.rankedMatches(for: query.prepared).map(Suggestion.init)
              }, insertsMention: true),
          ]
        )
        .frame(minHeight: 160)
        .overlay(RoundedRectangle(cornerRadius: 8).stroke(Color.secondary.opacity(0.4)))
        Text(message.mentions.map { "\($0.text) → \($0.id)" }.joined(separator: ", ")).font(.footnote)
        HStack {
          Button("Save") { stored = MentionMarkup.default.encode(message) }
          Button("Reopen") {
            let (text, error) = MentionMarkup.default.decodeOrPlainText(stored)
            message = text
            problem = error?.description
          }
        }
        Text(problem ?? stored).font(.footnote.monospaced())
        Spacer()
      }
      .padding()
      .navigationTitle("Composer")
    }
  }
#endif
