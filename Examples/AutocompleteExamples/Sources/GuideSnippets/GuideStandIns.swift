import AutocompleteCore

/// Stand-ins for the app's own types and services that the guides' snippets name.
struct Airport: Sendable, Hashable {
  var code: String
  var name: String
}

/// The app's API in the guides: tags by callback or by async call.
struct GuideAPI: Sendable {
  func tags(_ token: String, _ completion: @escaping @Sendable ([AutocompleteItem]) -> Void) {
    completion([AutocompleteItem("\(token)1")])
  }

  func tags(_ text: String) async throws -> [AutocompleteItem] {
    [AutocompleteItem("\(text)1")]
  }
}

/// An emoji search in the guides.
struct GuideEmoji: Sendable {
  func search(_ token: String) async throws -> [AutocompleteItem] {
    [AutocompleteItem(":\(token):")]
  }
}

/// Items the guides' snippets search.
let items: [AutocompleteItem] = ["Zürich", "São Paulo", "Kraków"]

/// The app's API.
let api = GuideAPI()

/// The app's emoji search.
let emoji = GuideEmoji()
