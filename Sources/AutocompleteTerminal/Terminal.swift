import AutocompleteCore

/// The terminal front end (placeholder).
public enum TerminalFrontEnd {}
