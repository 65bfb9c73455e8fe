// `import AutocompleteAppKit` alone gives the core's types (sessions, sources, items) and the
// platform-neutral presentation decisions the AppKit code renders. On platforms without AppKit the
// module holds nothing else.
@_exported import AutocompleteCore
@_exported import AutocompletePresentation
