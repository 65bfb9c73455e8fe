import AutocompleteCore
import AutocompletePresentation
import TestSupport
import Testing

@Suite("Safe configure(_:) dispatch (AirCollection's ModelConfigurableView)")
struct ModelDispatchTests {
  struct ProfileCell {
    struct Model: Equatable {
      let name: String
    }
  }

  @Test("a model of the view's type comes back typed", .offThePool)
  func matching() throws {
    let result = ModelDispatch.model(
      ProfileCell.Model(name: "Jon") as Any, as: ProfileCell.Model.self, for: ProfileCell.self)
    #expect(try result.get() == ProfileCell.Model(name: "Jon"))
  }

  @Test("a model of another type is a typed failure naming the view and both types", .offThePool)
  func mismatch() {
    let result = ModelDispatch.model("Jon" as Any, as: ProfileCell.Model.self, for: ProfileCell.self)
    guard case .failure(let mismatch) = result else {
      Issue.record("expected a mismatch")
      return
    }
    #expect(mismatch.viewType.hasSuffix("ProfileCell"))
    #expect(mismatch.expectedType.hasSuffix("ProfileCell.Model"))
    #expect(mismatch.actualType == "Swift.String")
    #expect(mismatch.description.contains("configure(_:) expects a"))
    #expect(mismatch.description.hasSuffix("got a Swift.String"))
  }

  @Test("optional models: nil inside Any matches an optional Model, not a plain one", .offThePool)
  func optionals() {
    let none: String? = nil
    let optional = ModelDispatch.model(none as Any, as: String?.self, for: ProfileCell.self)
    let plain = ModelDispatch.model(none as Any, as: String.self, for: ProfileCell.self)
    if case .failure = optional { Issue.record("nil is a String?") }
    if case .success = plain { Issue.record("nil is not a String") }
  }

  @Test("a row's item: the suggestion, its searched item, or that item's own payload", .offThePool)
  func items() {
    struct Person: Sendable, Equatable {
      let handle: String
    }
    let jon = Person(handle: "jsnow")
    let item = AutocompleteItem("jsnow", displayText: "Jon Snow", payload: jon)
    let row = Suggestion(item: item, match: nil)
    #expect(ModelDispatch.item(from: row, as: Suggestion.self)?.displayText == "Jon Snow")
    #expect(ModelDispatch.item(from: row, as: AutocompleteItem.self)?.searchText == "jsnow")
    #expect(ModelDispatch.item(from: row, as: Person.self) == jon)
    #expect(ModelDispatch.item(from: row, as: Int.self) == nil)
  }
}
