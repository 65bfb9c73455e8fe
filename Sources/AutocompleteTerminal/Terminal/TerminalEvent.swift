/// What the event loop delivers to an app.
public enum TerminalEvent: Sendable, Equatable {
  /// A key press or a paste.
  case key(KeyEvent)
  /// The window was resized; the next frame is drawn in full.
  case resize(TerminalSize)
  /// The periodic tick (for spinners), when a tick interval is configured.
  case tick
  /// A wake-up posted from another task with ``TerminalInput/post(_:)`` (for example "results
  /// arrived"); the app re-reads its state and the loop redraws.
  case wake
  /// SIGTSTP arrived (`kill -TSTP`; Ctrl-Z arrives as a key in raw mode): ``TerminalEventLoop``
  /// handles it itself — it gives the terminal back, stops the process, and on SIGCONT (`fg`) takes
  /// the terminal again and redraws — so apps run by the loop never see it.
  case suspend
}
