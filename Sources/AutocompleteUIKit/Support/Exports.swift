// `import AutocompleteUIKit` alone gives the core's types (sessions, sources, items) and the
// platform-neutral presentation decisions the UIKit code renders.
@_exported import AutocompleteCore
@_exported import AutocompletePresentation
