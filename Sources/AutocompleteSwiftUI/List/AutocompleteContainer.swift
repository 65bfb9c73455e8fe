#if canImport(SwiftUI)
  import SwiftUI

  /// The frame (global coordinates) of the view that autocomplete lists must stay inside.
  struct AutocompleteContainerFrameKey: EnvironmentKey {
    static let defaultValue: CGRect? = nil
  }

  extension EnvironmentValues {
    /// The container's global frame, set by ``SwiftUI/View/autocompleteContainer()``.
    var autocompleteContainerFrame: CGRect? {
      get { self[AutocompleteContainerFrameKey.self] }
      set { self[AutocompleteContainerFrameKey.self] = newValue }
    }
  }

  /// Measures the container and hands its frame to the fields inside.
  @MainActor
  struct AutocompleteContainerModifier: ViewModifier {
    @State private var frame: CGRect?

    func body(content: Content) -> some View {
      content
        .environment(\.autocompleteContainerFrame, frame)
        .background(
          GeometryReader { proxy in
            Color.clear
              .onAppear { frame = proxy.frame(in: .global) }
              .onChange(of: proxy.frame(in: .global)) { frame = $0 }
          })
    }
  }

  extension View {
    /// Marks the area autocomplete lists inside it must stay in (usually the screen's root view):
    /// a field whose list does not fit below it flips the list above. On iOS the area follows the
    /// keyboard when the view avoids it (SwiftUI's default). Without a container, lists go below.
    @MainActor public func autocompleteContainer() -> some View {
      modifier(AutocompleteContainerModifier())
    }
  }
#endif
