#if canImport(Observation)
  import Observation

  /// An `@Observable` view of a session for SwiftUI: read ``state`` in a view body and it re-renders
  /// when the state changes.
  ///
  /// ```swift
  /// @State var model = ObservableAutocompleteSession(session)
  /// var body: some View { List(model.state.suggestions) { Text($0.displayText) } }
  /// ```
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @MainActor
  @Observable
  public final class ObservableAutocompleteSession {
    /// The session's current state.
    public private(set) var state: SessionState
    /// The session; send events to it.
    @ObservationIgnored public let session: AutocompleteSession

    /// Observes `session`.
    public init(_ session: AutocompleteSession) {
      self.session = session
      self.state = session.state
      _ = session.addObserver { [weak self] state in self?.state = state }
    }

    /// Sends an event to the session.
    @discardableResult
    public func send(_ event: SessionEvent) -> Bool {
      session.send(event)
    }
  }
#endif
