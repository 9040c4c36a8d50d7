import FlyingFox
import Foundation
import YaiaBenchSupport
import YaiaMockServer
import YaiaRemote

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// 1,000 sequential GETs of a 1 KB JSON body over loopback, through `RemoteClient` and through
/// bare `URLSession` plus `JSONDecoder` (what a hand-written wrapper does), in the same run.
enum RemoteBenchmark {
  static let requestCount = 1_000

  struct Item: Codable, Sendable {
    var id: Int
    var name: String
    var signal: Double
    var tags: [String]
  }

  static func run() async throws -> [Figure] {
    let items = (0..<8).map {
      Item(
        id: $0, name: "Speaker \($0) in the living room", signal: -40.5 - Double($0),
        tags: ["audio", "bluetooth", "paired"])
    }
    let body = try JSONEncoder().encode(items)
    let server = try await LoopbackServer.start { server in
      await server.appendRoute("GET /items") { _ in
        HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json"], body: body)
      }
    }
    let baseURL = server.baseURL

    let client = RemoteClient(baseURL: baseURL)
    let request = Request<[Item]>.json(.get, Endpoint("/items"))
    let url = baseURL.appending(path: "items")
    let decoder = JSONDecoder()

    func viaClient(_ count: Int) async throws {
      for _ in 0..<count { blackHole(try await client.send(request)) }
    }
    func viaURLSession(_ count: Int) async throws {
      for _ in 0..<count {
        let (data, response) = try await URLSession.shared.data(for: URLRequest(url: url))
        guard (response as? HTTPURLResponse)?.statusCode == 200 else {
          throw BenchmarkFailed("bad status")
        }
        blackHole(try decoder.decode([Item].self, from: data))
      }
    }

    // Warm both paths, then interleave them in batches of 50 so that both see the same noise
    // from this shared 2-core machine; each path makes 1,000 requests in all.
    try await viaClient(50)
    try await viaURLSession(50)
    var clientTotal = Duration.zero
    var sessionTotal = Duration.zero
    let clock = ContinuousClock()
    for round in 0..<(requestCount / 50) {
      let clientFirst = round.isMultiple(of: 2)
      for path in clientFirst ? [true, false] : [false, true] {
        let start = clock.now
        if path { try await viaClient(50) } else { try await viaURLSession(50) }
        if path {
          clientTotal += start.duration(to: clock.now)
        } else {
          sessionTotal += start.duration(to: clock.now)
        }
      }
    }
    let clientBest = seconds(clientTotal)
    let sessionBest = seconds(sessionTotal)
    await server.stop()

    return [
      Figure(
        name: "remote.client_1000_ms", value: clientBest * 1000, unit: "ms",
        label: "RemoteClient, 1,000 GETs of \(body.count) B JSON, decoded"),
      Figure(
        name: "remote.urlsession_1000_ms", value: sessionBest * 1000, unit: "ms",
        label: "bare URLSession + JSONDecoder, the same 1,000 GETs"),
      Figure(
        name: "remote.client_ratio", value: clientBest / sessionBest, unit: "x",
        label: "RemoteClient time / bare URLSession time", target: "<= 1.10"),
    ]
  }
}
