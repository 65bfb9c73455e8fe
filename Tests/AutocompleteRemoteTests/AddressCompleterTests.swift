import AutocompleteCore
import AutocompleteRemote
import Foundation
import Testing

/// A completer that answers when the test says, like MapKit's: results for the fragment current
/// at the time, to a callback.
@MainActor
final class FakeAddressCompleter: AddressCompleting {
  var queryFragment = "" {
    didSet { asked.append(queryFragment) }
  }
  var onUpdate: ((Result<[AddressCompletion], any Error>) -> Void)?
  var asked: [String] = []
  var cancels = 0

  func cancel() { cancels += 1 }

  /// Answers for the current fragment.
  func answer(_ titles: [String]) {
    let fragment = queryFragment
    onUpdate?(
      .success(
        titles.enumerated().map { offset, title in
          AddressCompletion(
            id: "\(offset)", title: title,
            titleHighlights: [
              NSRange(location: 0, length: min((fragment as NSString).length, (title as NSString).length))
            ],
            subtitle: "Somewhere")
        }))
  }

  func fail(_ message: String) {
    onUpdate?(
      .failure(NSError(domain: "MKErrorDomain", code: 4, userInfo: [NSLocalizedDescriptionKey: message])))
  }
}

@MainActor
@Suite("Addresses: the completer bridged to a source")
struct AddressCompleterTests {
  @Test("rows carry the completer's highlights (UTF-16, on whole characters) and subtitle")
  func rows() async throws {
    let fake = FakeAddressCompleter()
    let source = LocalSearchCompleterSource(fake)
    async let rows = source.suggestions(
      for: SuggestionQuery("1 Inf", options: SearchOptions(maximumCount: 5)))
    #expect(await waitUntil(seconds: 60) { fake.asked == ["1 Inf"] })
    fake.answer(["1 Infinite Loop", "1 Infinity Way"])
    let answer = try await rows
    #expect(answer.map(\.displayText) == ["1 Infinite Loop", "1 Infinity Way"])
    #expect(answer[0].detailText == "Somewhere")
    #expect(answer[0].highlights.map { String(answer[0].displayText[$0]) } == ["1 Inf"])
    #expect(answer[0].payload(as: AddressCompletion.self)?.id == "0")
    // The same fragment again: the last answer, with no new request (MapKit would not answer).
    #expect(try await source.suggestions(for: SuggestionQuery("1 Inf")).count == 2)
    #expect(fake.asked == ["1 Inf"])
  }

  @Test("an answer for an earlier fragment is dropped; a newer query ends the older wait")
  func staleAnswers() async throws {
    let fake = FakeAddressCompleter()
    let bridge = AddressCompleterBridge(fake)
    let first = Task { try await bridge.completions(for: "par") }
    #expect(await waitUntil(seconds: 60) { fake.asked == ["par"] })
    let second = Task { try await bridge.completions(for: "pari") }
    #expect(await waitUntil(seconds: 60) { fake.asked == ["par", "pari"] })
    await #expect(throws: CancellationError.self) { try await first.value }
    fake.queryFragment = "par"  // the completer still answers the old fragment …
    fake.answer(["Parma"])
    fake.queryFragment = "pari"
    fake.answer(["Paris"])  // … and then the new one
    #expect(try await second.value.map(\.title) == ["Paris"])
  }

  @Test("a failure reads as a sentence; cancelling the task stops the completer")
  func failureAndCancellation() async throws {
    let fake = FakeAddressCompleter()
    let bridge = AddressCompleterBridge(fake)
    let failing = Task { try await bridge.completions(for: "x") }
    #expect(await waitUntil(seconds: 60) { fake.asked == ["x"] })
    fake.fail("The operation couldn’t be completed. (MKErrorDomain error 4.)")
    await #expect(throws: AddressCompletionError.self) { try await failing.value }
    do {
      _ = try await failing.value
    } catch let error as AddressCompletionError {
      #expect(error.description.hasPrefix("Addresses are unavailable: The operation couldn’t be completed."))
    }
    let cancelled = Task { try await bridge.completions(for: "y") }
    #expect(await waitUntil(seconds: 60) { fake.asked.last == "y" })
    cancelled.cancel()
    await #expect(throws: CancellationError.self) { try await cancelled.value }
    #expect(fake.cancels == 1)
  }
}
