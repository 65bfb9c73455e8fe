#if canImport(AppKit) && os(macOS)
  import AppKit

  /// A list row that draws the highlighted row in the accent colour even though the list's window
  /// is never key (a table in a window that is not key draws its selection grey).
  @MainActor
  final class DropdownRowView: NSTableRowView {
    static let identifier = NSUserInterfaceItemIdentifier("AutocompleteKit.DropdownRowView")

    override var isEmphasized: Bool {
      get { true }
      set {}
    }
  }
#endif
