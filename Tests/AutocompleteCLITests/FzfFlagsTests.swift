import Foundation
import Testing

/// fzf's search flags and syntax in `autocomplete filter` (issue 38): the extended syntax (`+x`
/// off), smart case (`-i`, `+i`), `-e`, fuzzy on lines by default, and fzf options this tool lacks
/// named as such.
@Suite("filter like fzf (II)")
struct FzfFlagsTests {
  let paths = Data(
    """
    /usr/lib/x.h
    /usr/share/zoneinfo/UTC
    /usr/lib/python3/py.py
    /opt/share/Makefile
    /usr/src/test/Makefile
    /usr/lib/libc.so
    /opt/bin/tool
    /usr/share/ZoneInfo/Europe

    """.utf8)

  func filter(_ arguments: [String]) async throws -> Set<String> {
    let outcome = try await CommandRunner.run(["filter", "--data", "-"] + arguments, stdin: paths)
    return Set(outcome.stdout.split(separator: "\n").map(String.init))
  }

  @Test func extendedSyntaxIsOnByDefault() async throws {
    #expect(try await filter(["usr share"]) == ["/usr/share/zoneinfo/UTC", "/usr/share/ZoneInfo/Europe"])
    #expect(try await filter(["^/usr/lib .h$"]) == ["/usr/lib/x.h"])
    #expect(try await filter(["'zoneinfo"]) == ["/usr/share/zoneinfo/UTC", "/usr/share/ZoneInfo/Europe"])
    #expect(try await filter(["makefile !test"]) == ["/opt/share/Makefile"])
    #expect(try await filter(["tool | libc"]) == ["/opt/bin/tool", "/usr/lib/libc.so"])
    #expect(try await filter(["!usr"]) == ["/opt/share/Makefile", "/opt/bin/tool"])
    // +x and --no-extended: the space is part of one fuzzy term.
    #expect(try await filter(["+x", "usr share"]).isEmpty)
    #expect(try await filter(["--no-extended", "usr share"]).isEmpty)
  }

  @Test func smartCaseAndItsFlags() async throws {
    #expect(try await filter(["ZoneInfo"]) == ["/usr/share/ZoneInfo/Europe"])
    #expect(try await filter(["zoneinfo"]) == ["/usr/share/zoneinfo/UTC", "/usr/share/ZoneInfo/Europe"])
    #expect(
      try await filter(["-i", "ZoneInfo"]) == ["/usr/share/zoneinfo/UTC", "/usr/share/ZoneInfo/Europe"])
    #expect(try await filter(["+i", "zoneinfo"]) == ["/usr/share/zoneinfo/UTC"])
  }

  @Test func exactAndFuzzyDefault() async throws {
    // Lines are fuzzy by default, as in fzf and pick.
    #expect(try await filter(["ulxh"]) == ["/usr/lib/x.h"])
    #expect(try await filter(["-e", "ulxh"]).isEmpty)
    #expect(try await filter(["--exact", "lib/x"]) == ["/usr/lib/x.h"])
  }

  @Test func unsupportedFzfOptionsAreNamed() async throws {
    for option in ["--border", "--preview-label=x", "--ansi", "--scheme"] {
      let outcome = try await CommandRunner.run(["filter", "--data", "-", option, "x"], stdin: paths)
      #expect(outcome.status == 2)
      let name = String(option.prefix { $0 != "=" })
      #expect(outcome.stderr.contains("\(name) is an fzf option that autocomplete does not support"))
      #expect(!outcome.stderr.contains("Did you mean"))
    }
  }

  @Test func extendedTermsHaveTypos() async throws {
    let input = Data("hello world\nhelp me\nworld hello\n".utf8)
    let outcome = try await CommandRunner.run(
      ["filter", "--data", "-", "-e", "--typos", "1", "helo wrld"], stdin: input)
    #expect(outcome.stdout == "hello world\nworld hello\n")
  }

  @Test func pickOnlyOptionsAreNamedInFilter() async throws {
    for option in ["--preview=cat {}", "--preview-window", "--bind=ctrl-a:up", "--expect=ctrl-a"] {
      let outcome = try await CommandRunner.run(["filter", "--data", "-", option, "x"], stdin: paths)
      #expect(outcome.status == 2)
      let name = String(option.prefix { $0 != "=" })
      #expect(outcome.stderr.contains("\(name) works in `autocomplete pick` only"))
    }
  }
}

/// fzf's binary for the comparisons: `$FZF`, else `fzf` on the `PATH`; `nil` when neither is there.
enum FzfBinary {
  static let path: String? = {
    let environment = ProcessInfo.processInfo.environment
    if let path = environment["FZF"], FileManager.default.isExecutableFile(atPath: path) { return path }
    for directory in (environment["PATH"] ?? "").split(separator: ":") {
      let candidate = "\(directory)/fzf"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }()

  /// The lines `fzf --filter QUERY` prints for `input`, plus `arguments`; fzf is waited for off the
  /// cooperative pool (``CommandRunner/offThePool(_:)``).
  static func filter(_ query: String, _ arguments: [String] = [], input: Data) async throws -> [String] {
    let path = path!
    let result = try await CommandRunner.offThePool {
      try ChildProcess.run(path, ["--filter", query] + arguments, environment: [:], stdin: input)
    }
    return String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
  }
}

/// The same sets of lines as fzf on generated file paths, for the queries (needs fzf:
/// `FZF=/path/to/fzf` or fzf on the PATH; `scripts/compare-fzf.sh` installs fzf 0.74.5).
@Suite(
  "filter and fzf: the same matches",
  .enabled(if: FzfBinary.path != nil, "fzf is not installed (set FZF=/path/to/fzf): comparison skipped"))
struct FzfSetEqualityTests {
  /// Paths made of a few parts, some upper-case, seeded.
  static func paths(count: Int, seed: UInt64) -> [String] {
    var random = SplitMix64(seed: seed)
    let parts = [
      "usr", "share", "lib", "opt", "zoneinfo", "ZoneInfo", "py", "python3", "Makefile", "test", "include",
      "x.h",
      "libc.so", "doc", "README", "src", "bin", "a b", "local", "Europe",
    ]
    return (0..<count).map { _ in
      "/"
        + (0..<Int.random(in: 1...5, using: &random)).map { _ in parts.randomElement(using: &random)! }
        .joined(separator: "/")
    }
  }

  @Test(arguments: [
    "usr share", "^/usr/lib .h$", "!py usr", "'zoneinfo", "lib | share", "Makefile !test", "ZoneInfo",
    "!^/usr !$bin", "^/opt | ^/usr py", "'a\\ b", "uslib", "README$ | include", "!'zinfo lib",
  ])
  func sameSet(query: String) async throws {
    let lines = Self.paths(count: 3000, seed: 38)
    let input = Data((lines.joined(separator: "\n") + "\n").utf8)
    let fzf = try await FzfBinary.filter(query, input: input)
    let ours = try await CommandRunner.run(["filter", "--data", "-", query], stdin: input)
    #expect(
      ours.stdout.split(separator: "\n").map(String.init).sorted() == fzf.sorted(), "\(query)")
    let exact = try await FzfBinary.filter(query, ["--exact"], input: input)
    let oursExact = try await CommandRunner.run(["filter", "--data", "-", "-e", query], stdin: input)
    #expect(
      oursExact.stdout.split(separator: "\n").map(String.init).sorted() == exact.sorted(), "-e \(query)")
  }
}
