#if canImport(SwiftUI) && (os(iOS) || os(macOS))
  import AutocompleteCities
  import AutocompleteSwiftUI
  import SwiftUI

  /// `@` people and `#` countries in a multi-line editor (the UIKit trigger text view on iOS, the
  /// AppKit one on macOS, each in a representable).
  @MainActor
  struct ComposerExample: View {
    @State private var message = "Hi "
    @State private var picks: [String] = []

    var body: some View {
      let people = ExampleData.people
      return VStack(alignment: .leading) {
        AutocompleteTextEditor(
          text: $message,
          triggers: [
            SessionTrigger("@", source: ListSource(people)),
            SessionTrigger(
              "#",
              source: AsyncSource { query in
                try await Task.sleep(for: .milliseconds(300))
                return people.rankedMatches(for: query.prepared).map(Suggestion.init)
              }),
          ],
          onPick: { suggestion, trigger in picks.append("\(trigger.delimiter)\(suggestion.displayText)") }
        )
        .frame(minHeight: 160)
        .overlay(RoundedRectangle(cornerRadius: 8).stroke(Color.secondary.opacity(0.4)))
        Text(picks.joined(separator: ", ")).font(.footnote)
        Spacer()
      }
      .padding()
      .navigationTitle("Composer")
    }
  }
#endif
