import FlyingFox
import Foundation
import YaiaMockServer

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// 10,000 GETs of a 1 KB fixture from 8 concurrent clients on loopback, against the mock
/// server and, in the same run, against a bare FlyingFox handler returning the same bytes.
enum MockServerBenchmark {
  static let requestCount = 10_000
  static let clients = 8

  struct Load {
    var requestsPerSecond: Double
    var p50: Double
    var p99: Double
  }

  static func run() async throws -> [Figure] {
    let body = Data((0..<1024).map { UInt8(ascii: "a") + UInt8($0 % 26) })
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
          "GET", "/fixture", responses: .single(MockResponse(body: .file("fixture.json"))))
      ],
      configuration: configuration)
    let mockURL = try await mock.start()

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
    await mock.stop()
    await bare.stop()
    guard let mockBest, let bareBest else { throw BenchmarkFailed("no measurement") }

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
    ]
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
