import FlyingFox
import Foundation
import Yaia
import YaiaBenchSupport
import YaiaMockServer
import YaiaRemote

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// 10,000 GETs of a 1 KB JSON fixture from 8 concurrent clients on loopback, against the mock
/// server and, in the same run, against a bare FlyingFox handler returning the same bytes and
/// against a recording server (`yaia mock-server record`'s set-up) in front of the mock server;
/// then the time to read an OpenAPI description of 500 operations.
enum MockServerBenchmark {
  static let requestCount = 10_000
  static let clients = 8

  struct Load {
    var requestsPerSecond: Double
    var p50: Double
    var p99: Double
  }

  static func run() async throws -> [Figure] {
    // 1,024 bytes of JSON, so that a recording rewrites every answer it compares.
    let body = Data(
      (#"{"a":""# + String((0..<1016).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) })
        + #""}"#).utf8)
    let folder = FileManager.default.temporaryDirectory.appending(
      path: "yaia-bench-mock-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try body.write(to: folder.appending(path: "fixture.json"))

    var configuration = MockServer.Configuration()
    configuration.fixtures = folder
    let mock = MockServer(
      routes: [
        try MockRoute(
          "GET", "/fixture",
          responses: .single(
            MockResponse(
              headers: ["Content-Type": "application/json"], body: .file("fixture.json"))))
      ],
      configuration: configuration)
    let mockURL = try await mock.start()
    let hostile = try await underLongLines(mockURL.appending(path: "fixture"))

    let bare = try await LoopbackServer.start { server in
      await server.appendRoute("GET /fixture") { _ in HTTPResponse(statusCode: .ok, body: body) }
    }
    let bareURL = bare.baseURL

    // Warm both, then measure each twice, alternating, keeping the better run.
    _ = try await load(mockURL.appending(path: "fixture"), count: 400)
    _ = try await load(bareURL.appending(path: "fixture"), count: 400)
    var mockBest: Load?
    var bareBest: Load?
    for _ in 0..<2 {
      let mockRun = try await load(mockURL.appending(path: "fixture"), count: requestCount)
      let bareRun = try await load(bareURL.appending(path: "fixture"), count: requestCount)
      if mockRun.requestsPerSecond > (mockBest?.requestsPerSecond ?? 0) { mockBest = mockRun }
      if bareRun.requestsPerSecond > (bareBest?.requestsPerSecond ?? 0) { bareBest = bareRun }
    }
    await bare.stop()
    let recording = try await recordingLoad(through: mockURL)
    await mock.stop()
    guard let mockBest, let bareBest else { throw BenchmarkFailed("no measurement") }
    let (load500, routes500) = try openAPILoad()
    let large = try openAPILargeLoad()

    return [
      Figure(
        name: "mockserver.rps", value: mockBest.requestsPerSecond, unit: "req/s",
        label: "mock server, 8 clients, 1 KB fixture"),
      Figure(
        name: "mockserver.bare_rps", value: bareBest.requestsPerSecond, unit: "req/s",
        label: "bare FlyingFox handler, same load"),
      Figure(
        name: "mockserver.rps_ratio",
        value: mockBest.requestsPerSecond / bareBest.requestsPerSecond, unit: "x",
        label: "mock server / bare throughput", target: ">= 0.8"),
      Figure(
        name: "mockserver.p50_ms", value: mockBest.p50, unit: "ms", label: "mock server p50 latency"
      ),
      Figure(
        name: "mockserver.p99_ms", value: mockBest.p99, unit: "ms", label: "mock server p99 latency"
      ),
      Figure(
        name: "mockserver.bare_p99_ms", value: bareBest.p99, unit: "ms",
        label: "bare handler p99 latency"),
      Figure(
        name: "mockserver.long_lines_max_ms", value: hostile, unit: "ms",
        label: "slowest of 200 GETs while 4 clients send 512 KiB request lines", target: "< 1000"),
      Figure(
        name: "mockserver.recording_rps", value: recording.requestsPerSecond, unit: "req/s",
        label: "recording server in front of the mock server, same load"),
      Figure(
        name: "mockserver.recording_ratio",
        value: recording.requestsPerSecond / mockBest.requestsPerSecond, unit: "x",
        label: "recording / serving throughput (two servers and a forwarding client)"),
      Figure(
        name: "mockserver.recording_p99_ms", value: recording.p99, unit: "ms",
        label: "recording server p99 latency"),
      Figure(
        name: "openapi.load_500_ms", value: load500, unit: "ms",
        label: "read an OpenAPI description of 500 operations (median of 5)"),
      Figure(
        name: "openapi.routes_500_ms", value: routes500, unit: "ms",
        label: "its 500 routes, bodies sampled from schemas (median of 5)"),
      Figure(
        name: "openapi.load_3mb_ms", value: large.milliseconds, unit: "ms",
        label:
          "read a generated \(large.megabytes) MB description of \(large.operations) operations (OpenAI's size; median of 3)"
      ),
      Figure(
        name: "openapi.load_3mb_peak_mb", value: large.peakMB ?? -1, unit: "MB",
        label: "resident memory the process grew by at its peak while reading it (-1: not reported)"
      ),
    ]
  }

  /// The load through a recording server (every request forwarded to `backend` by YaiaRemote's
  /// transport, every answer recorded into a scratch folder), best of two rounds after a warm-up.
  static func recordingLoad(through backend: URL) async throws -> Load {
    let folder = FileManager.default.temporaryDirectory.appending(
      path: "yaia-bench-record-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let recorder = try MockRecorder(folder: folder, source: backend.absoluteString)
    let transport = Transport.urlSession()
    var configuration = MockServer.Configuration()
    configuration.upstream = MockUpstream(
      .everything,
      send: { request in
        try await transport.send(OutgoingRequest(request, sentOnTo: backend))
      },
      onExchange: { await recorder.record($0, $1) })
    let server = MockServer(routes: [], configuration: configuration)
    let url = try await server.start().appending(path: "fixture")
    _ = try await load(url, count: 400)
    var best: Load?
    for _ in 0..<2 {
      let round = try await load(url, count: requestCount)
      if round.requestsPerSecond > (best?.requestsPerSecond ?? 0) { best = round }
    }
    await server.stop()
    let problems = try await recorder.finish()
    guard problems.isEmpty, await recorder.current().routeCount == 1, let best else {
      throw BenchmarkFailed("the recording did not keep one route: \(problems)")
    }
    return best
  }

  /// A generated description of about 3 MB (OpenAI's 3.1 description is 2.9 MB): the time to
  /// read it and the memory reading it holds at its peak.
  static func openAPILargeLoad() throws -> (
    milliseconds: Double, peakMB: Double?, megabytes: String, operations: Int
  ) {
    let operations = 6_000
    let text = OpenAPISample.text(operations: operations)
    var read = 0
    var failure: OpenAPIError?
    let peak = ResidentMemory.peakGrowthMB {
      do throws(OpenAPIError) {
        read = try OpenAPIDocument.parse(text, file: "large.yaml").operations.count
      } catch {
        failure = error
      }
    }
    guard read == operations else {
      throw BenchmarkFailed("the large description did not read: \(String(describing: failure))")
    }
    let seconds = medianSeconds(repetitions: 3) {
      read = (try? OpenAPIDocument.parse(text, file: "large.yaml"))?.operations.count ?? 0
    }
    let megabytes = String(format: "%.1f", Double(text.utf8.count) / 1_048_576)
    return (seconds * 1000, peak, megabytes, operations)
  }

  /// Milliseconds to read a generated description of 500 operations, and to make its routes.
  static func openAPILoad() throws -> (load: Double, routes: Double) {
    let text = OpenAPISample.text(operations: 500)
    var document: OpenAPIDocument?
    var failure: OpenAPIError?
    let load = medianSeconds(repetitions: 5) {
      do throws(OpenAPIError) {
        document = try OpenAPIDocument.parse(text, file: "big.yaml")
      } catch {
        failure = error
      }
    }
    guard let document, document.operations.count == 500 else {
      throw BenchmarkFailed(
        "the 500-operation description did not read: \(String(describing: failure))")
    }
    var count = 0
    let routes = medianSeconds(repetitions: 5) { count = document.routes().count }
    guard count == 500 else { throw BenchmarkFailed("\(count) routes of 500 operations") }
    return (load * 1000, routes * 1000)
  }

  /// The slowest of 200 GETs of `url` (one client) while four threads keep sending requests
  /// whose request line or header line is 512 KiB long: the line-reading attack of issue 13.
  static func underLongLines(_ url: URL) async throws -> Double {
    guard let port = url.port else { throw BenchmarkFailed("no port in \(url)") }
    let line = String(repeating: "a", count: 512 * 1024)
    let attacks = [
      Data("GET /\(line) HTTP/1.1\r\nHost: x\r\n\r\n".utf8),
      Data("GET /fixture HTTP/1.1\r\nX: \(line)\r\n\r\n".utf8),
    ]
    let stop = Locked(false)
    let threads = (0..<4).map { index in
      let thread = Thread {
        while !stop.value { RawClient.send(attacks[index % 2], port: port) }
      }
      thread.start()
      return thread
    }
    defer { stop.set() }
    _ = threads
    let clock = ContinuousClock()
    var slowest = 0.0
    var request = URLRequest(url: url)
    request.timeoutInterval = 10
    for _ in 0..<200 {
      let sent = clock.now
      let (_, response) = try await URLSession.shared.data(for: request)
      guard (response as? HTTPURLResponse)?.statusCode == 200 else {
        throw BenchmarkFailed("bad response from \(url) under long lines")
      }
      slowest = max(slowest, seconds(sent.duration(to: clock.now)) * 1000)
    }
    return slowest
  }

  /// `count` GETs of `url` from `clients` concurrent loops; throughput and latency
  /// percentiles. Bounded: each request times out after 10 s, and the count is fixed.
  static func load(_ url: URL, count: Int) async throws -> Load {
    let clock = ContinuousClock()
    let start = clock.now
    let perClient = count / clients
    let latencies = try await withThrowingTaskGroup(of: [Double].self) { group in
      for _ in 0..<clients {
        group.addTask {
          var request = URLRequest(url: url)
          request.timeoutInterval = 10
          var times: [Double] = []
          times.reserveCapacity(perClient)
          for _ in 0..<perClient {
            let sent = clock.now
            let (data, response) = try await URLSession.shared.data(for: request)
            guard (response as? HTTPURLResponse)?.statusCode == 200, data.count == 1024 else {
              throw BenchmarkFailed("bad response from \(url)")
            }
            times.append(seconds(sent.duration(to: clock.now)) * 1000)
          }
          return times
        }
      }
      return try await group.reduce(into: [Double]()) { $0 += $1 }.sorted()
    }
    let elapsed = seconds(start.duration(to: clock.now))
    return Load(
      requestsPerSecond: Double(latencies.count) / elapsed,
      p50: latencies[latencies.count / 2],
      p99: latencies[min(latencies.count - 1, latencies.count * 99 / 100)])
  }
}

/// A blocking TCP client for requests no HTTP client would send.
enum RawClient {
  /// Connects to 127.0.0.1:`port`, sends `bytes`, reads the answer (at most 2 s), and closes.
  static func send(_ bytes: Data, port: Int) {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { return }
    var time = timeval(tv_sec: 2, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    _ = bytes.withUnsafeBytes { Foundation.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    var buffer = [UInt8](repeating: 0, count: 4_096)
    _ = recv(fd, &buffer, buffer.count, 0)
  }
}
