import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A loopback port that refuses connections and that no other socket can take while this value
/// lives: bound without `SO_REUSEADDR`, never listening.
///
/// For "a server that is not there": a port freed by stopping a server can be handed to a server of
/// a test running in parallel, whose answers (or delays) the test then sees instead of a refusal.
final class ReservedPort {
  /// The port number.
  let port: UInt16
  private let descriptor: Int32

  init() throws {
    (descriptor, port) = try Self.boundLoopbackSocket(reusingAddress: false)
  }

  deinit { close(descriptor) }

  /// `http://127.0.0.1:<port>`.
  var url: URL { URL(string: "http://127.0.0.1:\(port)")! }
}

extension ReservedPort {
  /// A TCP socket bound to a free port of 127.0.0.1 (not listening yet) and that port; with
  /// `reusingAddress`, `SO_REUSEADDR` is set first (a server restarted on the port after a test).
  static func boundLoopbackSocket(reusingAddress: Bool) throws -> (descriptor: Int32, port: UInt16) {
    #if canImport(Glibc)
      let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { throw POSIXError(.EMFILE) }
    if reusingAddress {
      var yes: Int32 = 1
      setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0 else {
      close(fd)
      throw POSIXError(.EADDRINUSE)
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return (fd, UInt16(bigEndian: address.sin_port))
  }
}
