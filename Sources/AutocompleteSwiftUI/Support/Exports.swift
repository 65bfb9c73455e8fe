// `import AutocompleteSwiftUI` alone gives the core's types and the platform-neutral decisions the
// SwiftUI views render.
@_exported import AutocompleteCore
@_exported import AutocompletePresentation
