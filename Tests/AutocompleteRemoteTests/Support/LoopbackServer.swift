import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 for the tests: one thread per connection, a handler that
/// answers each request (after an optional delay, during which it watches for the client closing
/// the connection), and a record of what it saw. Loopback only; stopped by ``stop()`` or deinit.
final class LoopbackServer: @unchecked Sendable {
  struct Request: Sendable {
    var method: String
    var path: String
    var queryItems: [String: String]
    var headers: [String: String]
  }

  struct Response: Sendable {
    var status: Int = 200
    var headers: [String: String] = ["Content-Type": "application/json"]
    var body: Data = Data()
    /// How long to wait before answering (the client may give up meanwhile).
    var delay: Duration = .zero

    static func json(_ text: String, status: Int = 200, delay: Duration = .zero) -> Response {
      Response(status: status, body: Data(text.utf8), delay: delay)
    }
  }

  let port: UInt16
  private let listener: Int32
  private let handler: @Sendable (Request) -> Response
  private let lock = NSLock()
  private var seen: [Request] = []
  private var closedEarly = 0
  private var stopped = false

  init(handler: @escaping @Sendable (Request) -> Response) throws {
    self.handler = handler
    let (fd, port) = try ReservedPort.boundLoopbackSocket(reusingAddress: true)
    guard listen(fd, 64) == 0 else {
      close(fd)
      throw POSIXError(.EADDRINUSE)
    }
    self.port = port
    self.listener = fd
    let thread = Thread { [self] in acceptLoop() }
    thread.start()
  }

  deinit { stop() }

  /// The server's base URL.
  var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

  /// Every request received, in order.
  var requests: [Request] { lock.withLock { seen } }

  /// Connections the client closed before their answer was sent.
  var connectionsClosedEarly: Int { lock.withLock { closedEarly } }

  func stop() {
    let wasStopped = lock.withLock {
      defer { stopped = true }
      return stopped
    }
    guard !wasStopped else { return }
    shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
  }

  private func acceptLoop() {
    while true {
      let client = accept(listener, nil, nil)
      if client < 0 {
        if lock.withLock({ stopped }) { return }
        if errno == EINTR { continue }
        return
      }
      Thread { [self] in serve(client) }.start()
    }
  }

  private func serve(_ client: Int32) {
    defer { close(client) }
    guard let request = readRequest(client) else { return }
    lock.withLock { seen.append(request) }
    let response = handler(request)
    if response.delay > .zero && clientCloses(client, within: response.delay) {
      lock.withLock { closedEarly += 1 }
      return
    }
    var head =
      "HTTP/1.1 \(response.status) \(HTTPURLResponse.localizedString(forStatusCode: response.status))\r\n"
    for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
    head += "Content-Length: \(response.body.count)\r\nConnection: close\r\n\r\n"
    var bytes = Data(head.utf8)
    bytes.append(response.body)
    _ = bytes.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
  }

  /// Whether the client hangs up within `duration` (polled every 5 ms).
  private func clientCloses(_ client: Int32, within duration: Duration) -> Bool {
    let deadline = ContinuousClock.now + duration
    while ContinuousClock.now < deadline {
      var descriptor = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
      if poll(&descriptor, 1, 5) > 0 {
        var byte: UInt8 = 0
        if recv(client, &byte, 1, Int32(MSG_PEEK)) <= 0 { return true }
      }
    }
    return false
  }

  private func readRequest(_ client: Int32) -> Request? {
    var buffer = [UInt8]()
    var chunk = [UInt8](repeating: 0, count: 4096)
    func receive() -> Bool {
      let count = recv(client, &chunk, chunk.count, 0)
      guard count > 0, buffer.count < 1 << 20 else { return false }
      buffer.append(contentsOf: chunk[..<count])
      return true
    }
    var headerEnd: Int?
    while headerEnd == nil {
      guard receive() else { return nil }
      headerEnd = buffer.indices.dropLast(3).first { buffer[$0..<($0 + 4)].elementsEqual([13, 10, 13, 10]) }
    }
    let text = String(decoding: buffer[..<headerEnd!], as: UTF8.self)
    var lines = text.components(separatedBy: "\r\n")
    let first = lines.removeFirst().split(separator: " ")
    guard first.count >= 2 else { return nil }
    var headers: [String: String] = [:]
    for line in lines where !line.isEmpty {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
        in: .whitespaces)
    }
    let bodyLength = Int(headers["content-length"] ?? "") ?? 0
    while buffer.count < headerEnd! + 4 + bodyLength {
      guard receive() else { return nil }
    }
    let components = URLComponents(string: String(first[1]))
    var items: [String: String] = [:]
    for item in components?.queryItems ?? [] { items[item.name] = item.value ?? "" }
    return Request(
      method: String(first[0]), path: components?.path ?? String(first[1]), queryItems: items,
      headers: headers)
  }
}
