import Foundation
import Testing

/// `filter` and `pick` without a terminal on the hostile input of issue 41: queries whose typo count
/// passed a byte, `--typos` where it does nothing, and a hostile server behind `--typesense` (a
/// server in this process: escapes in its messages, an echoed key, a redirect to another host).
@Suite("autocomplete on hostile input, second probe")
struct HostileInputIITests {
  /// `count` copies of `word`, separated by spaces.
  static func words(_ word: String, _ count: Int) -> String {
    Array(repeating: word, count: count).joined(separator: " ")
  }

  @Test(
    "words mode with typos: a query of hundreds of words is answered, never a trap",
    arguments: [("aab", 256, "1"), ("aabb", 128, "2"), ("aaab", 256, "auto"), ("aab", 300, "2")])
  func manyWordsWithTypos(word: String, count: Int, typos: String) async throws {
    let data = Data("aab aab\n\(Self.words("aab", 300))\nzzz\n".utf8)
    let query = Self.words(word, count)
    let filter = try await CommandRunner.run(
      ["filter", "--mode", "words", "--typos", typos, query], stdin: data)
    #expect(filter.status == 0 || filter.status == 1, "\(filter.status) \(filter.stderr)")
    #expect(!filter.stderr.contains("crashed"))
    let pick = try await CommandRunner.run(
      ["pick", "-1", "--mode", "words", "--typos", typos, "-q", query], stdin: data)
    #expect(
      [0, 1, 2].contains(pick.status) && !pick.stderr.contains("crashed"), "\(pick.status) \(pick.stderr)")
    // The whole words of the long line match (each with typos): it is found.
    if word == "aab" {
      #expect(filter.stdout.contains(Self.words("aab", 300)), "\(filter.stdout.prefix(80))")
    }
  }

  @Test("--typos in a mode without typos warns once on stderr, in pick and filter alike")
  func typosIgnored() async throws {
    let data = Data("alpha\nbeta\n".utf8)
    let pick = try await CommandRunner.run(["pick", "-1", "--typos", "2", "-q", "alp"], stdin: data)
    #expect(pick.status == 0 && pick.stdout == "alpha\n")
    #expect(
      pick.stderr.components(separatedBy: "--typos 2 does nothing in fuzzy mode").count == 2, "\(pick.stderr)"
    )
    let filter = try await CommandRunner.run(
      ["filter", "--mode", "suffix", "--typos", "auto", "ha"], stdin: data)
    #expect(filter.stdout == "alpha\n" && filter.stderr.contains("--typos auto does nothing in suffix mode"))
    let quiet = try await CommandRunner.run(
      ["filter", "--mode", "prefix", "--typos", "1", "alpah"], stdin: data)
    #expect(quiet.stdout == "alpha\n" && quiet.stderr.isEmpty, "\(quiet.stderr)")
    let fuzzyOff = try await CommandRunner.run(["pick", "-1", "--typos", "off", "-q", "alp"], stdin: data)
    #expect(fuzzyOff.stderr.isEmpty)
  }

  /// `filter` and `pick -1` over `--typesense` at `server` with `key`.
  static func remote(_ server: LoopbackServer, key: String, extra: String = "") -> [String] {
    [
      "$BIN filter --typesense \(server.url.absoluteString) --api-key '\(key)' --collection c --query-by name \(extra) zu",
      "$BIN pick -1 --typesense \(server.url.absoluteString) --api-key '\(key)' --collection c --query-by name \(extra) -q zu",
    ]
  }

  @Test("a server's message with terminal escapes and the echoed key: escaped and masked on stderr")
  func hostileMessage() async throws {
    let key = "SECRETKEY41"
    let message = "\u{1B}]0;pwned\u{07}\u{1B}[2J\u{1B}]52;c;SGVsbG8=\u{07}\u{9B}2J key \(key) is not valid"
    let body = try JSONSerialization.data(withJSONObject: ["message": message])
    let server = try LoopbackServer { _ in LoopbackServer.Response(status: 400, body: body) }
    defer { server.stop() }
    for command in Self.remote(server, key: key) {
      let outcome = try await CommandRunner.shell(command)
      #expect(outcome.status == 2, "\(command): \(outcome.stderr)")
      #expect(
        !outcome.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B })
      #expect(outcome.stderr.contains("\\u{1B}]0;pwned"), "\(outcome.stderr)")
      #expect(
        !outcome.stderr.contains(key) && outcome.stderr.contains("key •••• is not valid"), "\(outcome.stderr)"
      )
    }
  }

  @Test("a node redirecting to another host: refused with a message; the key never reaches that host")
  func redirectToAnotherHost() async throws {
    let key = "SECRETKEY41"
    let other = try LoopbackServer { _ in .json(#"{"hits": [], "found": 0}"#) }
    defer { other.stop() }
    for status in [302, 307] {
      let node = try LoopbackServer { _ in
        LoopbackServer.Response(
          status: status,
          headers: ["Location": "http://localhost:\(other.port)/collections/c/documents/search"],
          body: Data())
      }
      defer { node.stop() }
      let fromEnvironment = Self.remote(node, key: key).map {
        "TYPESENSE_API_KEY=\(key) " + $0.replacingOccurrences(of: "--api-key '\(key)' ", with: "")
      }
      for command in Self.remote(node, key: key) + fromEnvironment {
        let outcome = try await CommandRunner.shell(command)
        #expect(outcome.status == 2, "\(command): \(outcome.stderr)")
        #expect(outcome.stderr.contains("redirected the request to another server"), "\(outcome.stderr)")
      }
    }
    #expect(other.requests.isEmpty, "\(other.requests.map(\.headers))")
  }
}

extension HostileInputIITests {
  @Test("mentions --to list escapes tabs, line breaks and backslashes: one line per mention")
  func mentionsListEscapes() async throws {
    let stored = "a\tb\\c\nd <mention|@|u\t1|@mo\nrgan>"
    let outcome = try await CommandRunner.run(["mentions", stored])
    #expect(outcome.status == 0)
    #expect(
      outcome.stdout == "a\\tb\\\\c\\nd @mo\\nrgan\n@mo\\nrgan\t@\tu\\t1\t8..<16\n", "\(outcome.stdout)")
  }

  @Test("--frecency through a symbolic link: the target gets the pick; /dev/zero is warned about once")
  func frecencyFiles() async throws {
    let dir = NSTemporaryDirectory() + "ac-41-\(UUID().uuidString.prefix(8))"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try FileManager.default.createSymbolicLink(atPath: dir + "/link.json", withDestinationPath: "target.json")
    let data = Data("alpha\nbeta\n".utf8)
    let picked = try await CommandRunner.run(
      ["pick", "-1", "-q", "bet", "--frecency", dir + "/link.json"], stdin: data)
    #expect(picked.status == 0 && picked.stderr.isEmpty, "\(picked.stderr)")
    let target = try String(contentsOfFile: dir + "/target.json", encoding: .utf8)
    #expect(target.contains("beta"))
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/link.json") == "target.json")
    let zero = try await CommandRunner.run(
      ["pick", "-1", "-q", "bet", "--frecency", "/dev/zero"], stdin: data)
    #expect(zero.status == 0 && zero.stdout == "beta\n")
    #expect(zero.stderr.components(separatedBy: "/dev/zero cannot be used").count == 2, "\(zero.stderr)")
    #expect(zero.stderr.contains("not a regular file: a character device"))
    let history = try await CommandRunner.run(
      ["pick", "-1", "-q", "bet", "--history", "/dev/zero"], stdin: data)
    #expect(history.status == 2 && history.stderr.contains("not a regular file: a character device"))
  }
}

extension HostileInputIITests {
  @Test("a query of one huge grapheme cluster is refused with a message naming its size and the limit")
  func hugeCluster() async throws {
    let cluster = "a" + String(repeating: "\u{301}", count: 63_000)  // one character of 126 KB
    let data = Data("alpha\nbeta\n".utf8)
    let filter = try await CommandRunner.run(["filter", cluster], stdin: data)
    #expect(filter.status == 2 && filter.stderr.contains("one character of 126001 bytes"), "\(filter.stderr)")
    let pick = try await CommandRunner.run(["pick", "-1", "-q", cluster], stdin: data)
    #expect(pick.status == 2 && pick.stderr.contains("more than 1024 bytes is refused"))
    // An ordinary accented query is not.
    let accented = try await CommandRunner.run(["filter", "a\u{301}"], stdin: Data("a\u{301}b\n".utf8))
    #expect(accented.status == 0)
  }
}
