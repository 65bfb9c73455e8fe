import AutocompleteTerminal
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("TerminalCheck")
struct TerminalCheckTests {
  @Test(
    "TERM dumb, empty or unset is refused",
    .offThePool, arguments: [["TERM": "dumb"], ["TERM": ""], ["TERM": " dumb "], [:]])
  func dumbTerminal(environment: [String: String]) {
    #expect(throws: TerminalError.dumbTerminal) {
      try TerminalCheck.validateTerm(environment: environment)
    }
  }

  @Test("a real TERM passes", .offThePool, arguments: ["xterm-256color", "screen", "vt100"])
  func realTerm(term: String) throws {
    try TerminalCheck.validateTerm(environment: ["TERM": term])
  }

  @Test("a pipe is not a terminal", .offThePool)
  func pipeIsNotATerminal() throws {
    var descriptors: [Int32] = [-1, -1]
    try #require(pipe(&descriptors) == 0)
    defer {
      close(descriptors[0])
      close(descriptors[1])
    }
    #expect(throws: TerminalError.notATerminal(path: "pipe")) {
      try TerminalCheck.validate(descriptor: descriptors[1], path: "pipe", environment: ["TERM": "xterm"])
    }
    #expect(throws: TerminalError.notATerminal(path: "closed")) {
      try TerminalCheck.validateDescriptor(-1, path: "closed")
    }
  }

  @Test("the environment is checked before the device", .offThePool)
  func order() {
    #expect(throws: TerminalError.dumbTerminal) {
      try TerminalCheck.validate(descriptor: -1, path: "none", environment: ["TERM": "dumb"])
    }
  }

  @Test("opening a path that is not a terminal is refused with a clear message", .offThePool)
  func openNotATerminal() {
    #expect(throws: TerminalError.notATerminal(path: "/dev/null")) {
      _ = try TerminalDevice.open(path: "/dev/null", environment: ["TERM": "xterm"])
    }
    #expect(throws: TerminalError.notATerminal(path: "/nonexistent/tty")) {
      _ = try TerminalDevice.open(path: "/nonexistent/tty", environment: ["TERM": "xterm"])
    }
    #expect(TerminalError.notATerminal(path: "/dev/tty").description.contains("needs a terminal"))
    #expect(TerminalError.dumbTerminal.description.contains("TERM"))
  }
}
