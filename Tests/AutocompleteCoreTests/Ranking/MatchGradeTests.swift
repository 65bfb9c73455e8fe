import TestSupport
import Testing

@testable import AutocompleteCore

/// Every engine's comparator orders random hits as the ranking order's criteria list says
/// (``MatchGrade``), each over the criteria it has; and hits that differ only in what every engine
/// has come out of every engine in one order.
@Suite("MatchGrade: one ranking order")
struct MatchGradeTests {
  /// A match with every criterion of the ranking order, small ranges so that ties are common.
  struct Hit: CustomStringConvertible {
    var typos: Int
    var kind: MatchKind
    var isRetyped: Bool
    var isReading: Bool
    /// 0 the search text, 1 an alternate key, 2 and 3 searchable attributes.
    var field: Int
    var score: Int
    var isBoosted: Bool
    var weight: Int
    var length: Int
    /// The item's place; unique among the hits of a test.
    var item: Int
    /// The matched key among the item's keys (0 for the search text).
    var keyIndex: Int

    var description: String {
      "typos \(typos) \(kind) retyped \(isRetyped) reading \(isReading) field \(field) score \(score)"
        + " boosted \(isBoosted) weight \(weight) length \(length) item \(item) key \(keyIndex)"
    }

    static func random(item: Int, _ rng: inout SplitMix64) -> Hit {
      let field = Int.random(in: 0...3, using: &rng)
      return Hit(
        typos: [0, 0, 1, 2, 3].randomElement(using: &rng)!,
        kind: MatchKind.allCases.randomElement(using: &rng)!,
        isRetyped: Int.random(in: 0..<4, using: &rng) == 0,
        isReading: Int.random(in: 0..<4, using: &rng) == 0,
        field: field, score: Int.random(in: -3...3, using: &rng), isBoosted: Bool.random(using: &rng),
        weight: Int.random(in: 0...2, using: &rng), length: Int.random(in: 1...3, using: &rng), item: item,
        keyIndex: field == 0 ? 0 : Int.random(in: 1...3, using: &rng))
    }
  }

  /// The ranking order written as its list of criteria (ARCHITECTURE.md, "The ranking order"),
  /// independently of `MatchGrade`: lexicographic, smaller first.
  static func criteria(_ hit: Hit) -> [Int] {
    [
      hit.typos == 0 ? 0 : 1, hit.kind.rawValue, hit.typos, hit.isRetyped ? 1 : 0, hit.isReading ? 1 : 0,
      hit.isReading ? 0 : hit.field, -hit.score, hit.isBoosted ? 0 : 1, -hit.weight, hit.length, hit.item,
      hit.keyIndex,
    ]
  }

  static func precedes(_ a: Hit, _ b: Hit) -> Bool { criteria(a).lexicographicallyPrecedes(criteria(b)) }

  /// One engine's comparator on hits: `project` leaves what the engine does not have neutral (as
  /// the criteria list should then see the hit), `isBetter` builds the engine's own values.
  struct Engine {
    var name: String
    var project: (Hit) -> Hit
    var isBetter: (Hit, Hit) -> Bool
  }

  /// Without the retyping, reading, field, boost, weight and key: what a line has.
  static func asLine(_ hit: Hit) -> Hit {
    var hit = hit
    (hit.isRetyped, hit.isReading, hit.field, hit.isBoosted, hit.weight, hit.keyIndex) = (
      false, false, 0, false, 0, 0
    )
    return hit
  }

  static func entry(_ hit: Hit) -> TopResults.Entry {
    // An index's ranks order items by weight, length and place; here every hit is its own item.
    TopResults.Entry(
      kind: hit.kind, score: hit.score, rank: UInt32(hit.item), key: UInt32(hit.item),
      owner: UInt32(hit.item),
      isAlternate: hit.field != 0, isReading: hit.isReading, typos: UInt8(hit.typos),
      fieldRank: UInt16(hit.field), isBoosted: hit.isBoosted)
  }

  static func textMatch(_ hit: Hit) -> TextMatch {
    var match = TextMatch(
      kind: hit.kind, score: hit.score, typos: hit.typos, matchedText: "", keyIndex: hit.keyIndex)
    match.field = hit.field
    match.reading = hit.isReading ? "reading" : nil
    match.retypedQuery = hit.isRetyped ? "retyped" : nil
    return match
  }

  static func rankingKey(_ hit: Hit) -> RankingKey {
    var key = RankingKey(
      kind: hit.kind, score: hit.score, weight: Double(hit.weight), length: hit.length, offset: hit.item,
      keyIndex: hit.keyIndex, typos: hit.typos, isReading: hit.isReading, isRetyped: hit.isRetyped)
    key.field = hit.field
    key.isBoosted = hit.isBoosted
    return key
  }

  static func streamingHit(_ hit: Hit) -> StreamingLineFilter.Hit {
    StreamingLineFilter.Hit(
      score: Int32(hit.score), start: UInt32(hit.item), length: UInt32(hit.length), kind: hit.kind,
      typos: UInt8(hit.typos), tier: (hit.isRetyped ? 2 : 0) + (hit.isReading ? 1 : 0))
  }

  static var engines: [Engine] {
    [
      Engine(name: "MatchGrade", project: { $0 }) { a, b in
        func grade(_ hit: Hit) -> MatchGrade {
          MatchGrade(
            typos: hit.typos, kind: hit.kind, isRetyped: hit.isRetyped, isReading: hit.isReading,
            fieldRank: hit.field, score: hit.score, isBoosted: hit.isBoosted, weight: Double(hit.weight),
            length: hit.length, itemRank: hit.item, keyRank: hit.keyIndex)
        }
        return grade(a) < grade(b)
      },
      Engine(
        name: "standardOrder",
        project: { hit in
          var hit = hit
          hit.keyIndex = 0
          return hit
        }
      ) { standardOrder(rankingKey($0), rankingKey($1)) },
      Engine(
        name: "TopResults.Entry",
        project: { hit in
          var hit = hit
          (hit.isRetyped, hit.weight, hit.length, hit.keyIndex) = (false, 0, 0, 0)
          return hit
        }
      ) { entry($0).isBetter(than: entry($1)) },
      Engine(
        name: "RankedMatches (default fields)",
        project: { hit in
          var hit = hit
          (hit.isBoosted, hit.weight, hit.length, hit.item, hit.keyIndex) = (false, 0, 0, 0, 0)
          return hit
        }
      ) { SearchQuery.isBetter(textMatch($0), than: textMatch($1), order: FieldOrder(defaultFor: 2)) },
      Engine(
        name: "SearchQuery (own keys)",
        project: { hit in
          var hit = hit
          hit.field = min(hit.field, 1)
          (hit.isBoosted, hit.weight, hit.length, hit.item) = (false, 0, 0, 0)
          return hit
        }
      ) { a, b in
        var (a, b) = (a, b)
        (a.field, b.field) = (min(a.field, 1), min(b.field, 1))
        return SearchQuery.isBetter(textMatch(a), than: textMatch(b))
      },
      Engine(name: "RankedLine", project: asLine) { a, b in
        RankedLine(line: a.item, kind: a.kind, score: a.score, length: a.length, typos: a.typos).isBetter(
          than: RankedLine(line: b.item, kind: b.kind, score: b.score, length: b.length, typos: b.typos))
      },
      Engine(
        name: "StreamingLineFilter.Hit",
        project: { hit in
          var line = asLine(hit)
          (line.isRetyped, line.isReading) = (hit.isRetyped, hit.isReading)
          return line
        }
      ) { streamingHit($0).isBetter(than: streamingHit($1)) },
      Engine(name: "StreamingLineFilter.KeptHit", project: asLine) { a, b in
        StreamingLineFilter.KeptHit(streamingHit(a)).grade(position: a.item)
          < StreamingLineFilter.KeptHit(streamingHit(b)).grade(position: b.item)
      },
      Engine(
        name: "TypoTrieWalk.Record",
        project: {
          Hit(
            typos: $0.typos, kind: $0.kind, isRetyped: false, isReading: false, field: 0, score: 0,
            isBoosted: false, weight: 0, length: 0, item: 0, keyIndex: 0)
        }
      ) { a, b in
        TypoTrieWalk.Record(range: 0..<1, typos: a.typos, kind: a.kind).isBetter(
          than: TypoTrieWalk.Record(range: 0..<1, typos: b.typos, kind: b.kind))
      },
    ]
  }

  @Test(.offThePool, arguments: [1 as UInt64, 2, 3])
  func everyEngineComparesAsTheCriteriaList(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    let hits = (0..<80).map { Hit.random(item: $0, &rng) }
    for engine in Self.engines {
      var disagreements = 0
      for a in hits {
        for b in hits where engine.isBetter(a, b) != Self.precedes(engine.project(a), engine.project(b)) {
          disagreements += 1
          if disagreements == 1 { Issue.record("\(engine.name): \(a) vs \(b)") }
        }
      }
      #expect(disagreements == 0, "\(engine.name)")
    }
  }

  /// Hits that differ only in typos, kind, score and place come out of every engine that orders
  /// items in one order (not the choice of one item's best key, whose keys have no place of their
  /// own, nor the typo walk, which has typos and kind only).
  @Test(.offThePool, arguments: [4 as UInt64, 5])
  func everyEngineSortsSharedHitsAlike(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    let hits = (0..<200).map { item in
      Self.asLine(
        Hit(
          typos: [0, 0, 1, 2].randomElement(using: &rng)!,
          kind: MatchKind.allCases.randomElement(using: &rng)!,
          isRetyped: false, isReading: false, field: 0, score: Int.random(in: -3...3, using: &rng),
          isBoosted: false, weight: 0, length: 0, item: item, keyIndex: 0))
    }.shuffled(using: &rng)
    let expected = hits.sorted(by: Self.precedes).map(\.item)
    let itemless = ["RankedMatches (default fields)", "SearchQuery (own keys)", "TypoTrieWalk.Record"]
    for engine in Self.engines where !itemless.contains(engine.name) {
      #expect(hits.sorted(by: engine.isBetter).map(\.item) == expected, "\(engine.name)")
    }
  }

  /// A packed grade sorts as grades do, readings and field ranks included, and the best grade of a
  /// kind and typos is above no grade of them.
  @Test(.offThePool) func packedGradesSortAsGrades() throws {
    var rng = SplitMix64(seed: 6)
    let hits = (0..<3000).map { item in
      var hit = Hit.random(item: item, &rng)
      (hit.isRetyped, hit.isBoosted, hit.weight, hit.length, hit.keyIndex) = (false, false, 0, 0, item)
      hit.field = min(hit.field, 1)
      hit.score = Int.random(in: -40...40, using: &rng)
      return hit
    }.shuffled(using: &rng)
    let entries = hits.map(Self.entry)
    let sorted = try #require(TopResults.sortedByKeys(entries))
    #expect(sorted.map(\.rank) == hits.sorted(by: Self.precedes).map { UInt32($0.item) })
    for entry in entries.prefix(200) {
      #expect(!(entry.grade < MatchGrade.best(typos: Int(entry.typos), kind: entry.kind)))
    }
    var boosted = entries
    boosted[3].isBoosted = true
    #expect(TopResults.sortedByKeys(boosted) == nil)
  }
}
