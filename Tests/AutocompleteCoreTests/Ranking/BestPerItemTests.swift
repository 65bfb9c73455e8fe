import TestSupport
import Testing

@testable import AutocompleteCore

/// The merge of several answers, each item once with its best match, that the index search (the
/// query retyped) and the streaming filter (lines' readings, the query retyped) share.
@Suite("BestPerItem: one merge of answers")
struct BestPerItemTests {
  /// A match: the item it is of, its grade (smaller is better) and which answer offered it.
  struct Hit: Equatable {
    var item: Int
    var grade: Int
    var answer: Int
  }

  @Test("each item keeps its best match; of equal ones the first offered", .offThePool)
  func keepsTheBestAndTheFirstOfEqualOnes() {
    let own = [Hit(item: 1, grade: 5, answer: 0), Hit(item: 2, grade: 3, answer: 0)]
    var best = BestPerItem(own, item: \.item) { $0.grade < $1.grade }
    #expect(!best.hasChanged)
    best.offer(Hit(item: 1, grade: 5, answer: 1), for: 1)  // as good: the first stays
    best.offer(Hit(item: 2, grade: 4, answer: 1), for: 2)  // worse
    #expect(!best.hasChanged)
    best.offer(Hit(item: 1, grade: 2, answer: 2), for: 1)  // better
    best.offer(Hit(item: 3, grade: 9, answer: 2), for: 3)  // new
    #expect(best.hasChanged)
    #expect(
      best.sorted(limit: nil) == [
        Hit(item: 1, grade: 2, answer: 2), Hit(item: 2, grade: 3, answer: 0),
        Hit(item: 3, grade: 9, answer: 2),
      ])
    #expect(best.sorted(limit: 2).map(\.item) == [1, 2])
    #expect(best.sorted(limit: 0).isEmpty)
  }

  @Test("agrees with a brute-force merge on random answers", .offThePool)
  func agreesWithBruteForce() {
    var random = SplitMix64(seed: 46)
    for _ in 0..<200 {
      let answers = (0..<Int.random(in: 1...4, using: &random)).map { answer in
        // Each answer names an item at most once, as a search does.
        Set((0..<Int.random(in: 0...8, using: &random)).map { _ in Int.random(in: 0..<10, using: &random) })
          .sorted()  // sorted, so the seed replays the same hits
          .map { Hit(item: $0, grade: Int.random(in: 0..<6, using: &random), answer: answer) }
      }
      var best = BestPerItem(answers[0], item: \.item) { ($0.grade, $0.item) < ($1.grade, $1.item) }
      for answer in answers.dropFirst() { for hit in answer { best.offer(hit, for: hit.item) } }
      // Brute force: per item, the smallest grade, and of those the earliest answer.
      let all = answers.flatMap { $0 }
      let expected = Set(all.map(\.item)).map { item in
        all.filter { $0.item == item }.min { ($0.grade, $0.answer) < ($1.grade, $1.answer) }!
      }.sorted { ($0.grade, $0.item) < ($1.grade, $1.item) }
      let limit = Int.random(in: 0...12, using: &random)
      #expect(best.sorted(limit: limit) == Array(expected.prefix(limit)))
    }
  }
}
