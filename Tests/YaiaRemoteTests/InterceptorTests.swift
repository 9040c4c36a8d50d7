import FlyingFox
import Foundation
import Logging
import Synchronization
import Testing
import YaiaRemote

/// Records the delays a client waits between retries, instead of waiting.
final class Sleeps: Sendable {
  private let recorded = Mutex<[Duration]>([])
  var delays: [Duration] { recorded.withLock { $0 } }
  func sleep(_ delay: Duration) async throws { recorded.withLock { $0.append(delay) } }
}

@Suite("Interceptors: retry, authentication, logging")
struct InterceptorTests {
  /// A server whose `/flaky` answers each status of `statuses` in turn, then 200.
  static func flaky(_ statuses: [HTTPStatusCode], retryAfter: String? = nil, hits: Hits) -> (
    HTTPServer
  ) async -> Void {
    { server in
      await server.appendRoute("/flaky") { request in
        await hits.record(request.method.rawValue)
        let index = await hits.count - 1
        guard index < statuses.count else { return .json(ratesJSON) }
        var headers: FlyingFox.HTTPHeaders = [:]
        if let retryAfter { headers[HTTPHeader("Retry-After")] = retryAfter }
        return .json(#"{"error":"busy"}"#, status: statuses[index], headers: headers)
      }
    }
  }

  @Test("503, 503, then 200: three attempts, with exponential backoff between them")
  func retryWithBackoff() async throws {
    let hits = Hits()
    let sleeps = Sleeps()
    let rates = try await LoopbackServer.with(
      Self.flaky([.serviceUnavailable, .serviceUnavailable], hits: hits)
    ) { baseURL in
      let client = RemoteClient(
        baseURL: baseURL, interceptors: [RetryPolicy(baseDelay: .milliseconds(100), random: { 1 })],
        sleep: sleeps.sleep)
      return try await client.send(Request<Rates>.json(.get, Endpoint("/flaky")))
    }
    #expect(rates.base == "USD")
    #expect(await hits.count == 3)
    #expect(sleeps.delays == [.milliseconds(100), .milliseconds(200)])
  }

  @Test("jitter scales each delay between half and all of the backoff")
  func jitter() async {
    let policy = RetryPolicy(baseDelay: .milliseconds(100), random: { 0 })
    let request = OutgoingRequest(url: URL(string: "http://x.test")!)
    let decision = await policy.retry(
      request, after: .success(YaiaRemote.HTTPResponse(status: 502)),
      attempt: Attempt(number: 3, retries: ["backoff": 2]))
    #expect(decision == .retry(after: .milliseconds(200), reason: "backoff"))
  }

  @Test("Retry-After replaces the backoff, in seconds or as a date")
  func retryAfter() async throws {
    let hits = Hits()
    let sleeps = Sleeps()
    _ = try await LoopbackServer.with(
      Self.flaky([.serviceUnavailable], retryAfter: "2", hits: hits)
    ) { baseURL in
      let client = RemoteClient(
        baseURL: baseURL, interceptors: [RetryPolicy(random: { 1 })], sleep: sleeps.sleep)
      return try await client.send(Request<Rates>.json(.get, Endpoint("/flaky")))
    }
    #expect(sleeps.delays == [.seconds(2)])

    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let policy = RetryPolicy(now: { now })
    let inFiveSeconds = "Fri, 15 Jan 2027 08:00:05 GMT"  // 1_800_000_005
    let response = YaiaRemote.HTTPResponse(status: 503, headers: ["retry-after": inFiveSeconds])
    let decision = await policy.retry(
      OutgoingRequest(url: URL(string: "http://x.test")!), after: .success(response),
      attempt: Attempt(number: 1))
    #expect(decision == .retry(after: .seconds(5), reason: "backoff"))
  }

  @Test("retries stop at the limit; the last 5xx is delivered with its body")
  func retryLimit() async throws {
    let hits = Hits()
    let sleeps = Sleeps()
    let result = try await LoopbackServer.with(
      Self.flaky(Array(repeating: .internalServerError, count: 10), hits: hits)
    ) { baseURL in
      let client = RemoteClient(
        baseURL: baseURL, interceptors: [RetryPolicy(maxRetries: 2, random: { 1 })],
        sleep: sleeps.sleep)
      return await client.result(Request<Rates>.json(.get, Endpoint("/flaky")))
    }
    #expect(await hits.count == 3)
    #expect(result.failureStatus == 500)
    #expect(result.failureDescription.contains("busy"))
  }

  @Test("a POST is never retried, nor a 4xx")
  func noRetryForPostOr4xx() async throws {
    let hits = Hits()
    _ = try await LoopbackServer.with(
      Self.flaky([.serviceUnavailable, .serviceUnavailable], hits: hits)
    ) { baseURL in
      let client = RemoteClient(
        baseURL: baseURL, interceptors: [RetryPolicy()], sleep: Sleeps().sleep)
      return await client.result(Request<Rates>.json(.post, Endpoint("/flaky")))
    }
    #expect(await hits.count == 1)

    let policy = RetryPolicy()
    let notFound = await policy.retry(
      OutgoingRequest(url: URL(string: "http://x.test")!),
      after: .success(YaiaRemote.HTTPResponse(status: 404)), attempt: Attempt(number: 1))
    #expect(notFound == .doNotRetry)
  }

  @Test("transport errors are retried; cancellation never is")
  func transportErrorsAndCancellation() async throws {
    let attempts = Hits()
    let sleeps = Sleeps()
    let failing = Transport { request throws(RemoteError) in
      await attempts.record()
      throw .transport(.noConnection, request: request, detail: "refused")
    }
    let client = RemoteClient(
      baseURL: URL(string: "http://x.test")!, transport: failing,
      interceptors: [RetryPolicy(maxRetries: 3)], sleep: sleeps.sleep)
    let result = await client.result(Request<Rates>.json(.get, Endpoint("/latest")))
    #expect(await attempts.count == 4)
    guard case .failure(.transport(.noConnection, _, _)) = result else {
      Issue.record("expected the transport error, got \(result)")
      return
    }

    let cancelledAttempts = Hits()
    let cancelling = Transport { _ throws(RemoteError) in
      await cancelledAttempts.record()
      throw .cancelled
    }
    let cancelledClient = RemoteClient(
      baseURL: URL(string: "http://x.test")!, transport: cancelling, interceptors: [RetryPolicy()],
      sleep: sleeps.sleep)
    #expect(
      await cancelledClient.result(Request<Rates>.json(.get, Endpoint("/latest")))
        .failureIsCancelled)
    #expect(await cancelledAttempts.count == 1)
  }

  @Test("20 concurrent requests that all get 401 cause exactly one refresh, then all replay once")
  func singleFlightRefresh() async throws {
    let seen = Hits()
    let refreshes = Hits()
    try await LoopbackServer.with { server in
      await server.appendRoute("GET /me") { request in
        let token = request.headers[.authorization] ?? "none"
        await seen.record(token)
        return token == "Bearer fresh"
          ? .json(#"{"name":"ada"}"#) : .json(#"{"error":"expired"}"#, status: .unauthorized)
      }
    } _: { baseURL in
      let auth = BearerAuthenticator(token: "stale") { expired in
        await refreshes.record(expired ?? "none")
        try await Task.sleep(for: .milliseconds(50))  // while the other 401s arrive
        return "fresh"
      }
      let client = RemoteClient(baseURL: baseURL, interceptors: [auth])
      struct Me: Decodable, Sendable { var name: String }
      let names = try await withThrowingTaskGroup(of: String.self) { group in
        for _ in 0..<20 {
          group.addTask {
            try await client.send(Request<Me>.json(.get, Endpoint("/me"))).name
          }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      #expect(names == Array(repeating: "ada", count: 20))
      #expect(await refreshes.values == ["stale"])
      #expect(await auth.refreshes == 1)
      let tokens = await seen.values
      #expect(tokens.count == 40)
      #expect(tokens.filter { $0 == "Bearer stale" }.count == 20)
      #expect(tokens.filter { $0 == "Bearer fresh" }.count == 20)
    }
  }

  @Test("a replay that gets 401 again is delivered, not replayed forever")
  func replayOnce() async throws {
    let seen = Hits()
    let result = try await LoopbackServer.with { server in
      await server.appendRoute("GET /me") { _ in
        await seen.record()
        return .json(#"{"error":"revoked"}"#, status: .unauthorized)
      }
    } _: { baseURL in
      let auth = BearerAuthenticator(token: "a") { _ in "b" }
      return await RemoteClient(baseURL: baseURL, interceptors: [auth]).result(
        Request.raw(.get, Endpoint("/me")))
    }
    #expect(result.failureStatus == 401)
    #expect(await seen.count == 2)
  }

  @Test("a failed refresh delivers the 401")
  func failedRefresh() async throws {
    struct RefreshFailed: Error {}
    let transport = Transport { _ in YaiaRemote.HTTPResponse(status: 401) }
    let auth = BearerAuthenticator(token: "a") { _ in throw RefreshFailed() }
    let client = RemoteClient(
      baseURL: URL(string: "http://x.test")!, transport: transport, interceptors: [auth])
    #expect(
      await client.result(Request.raw(.get, Endpoint("/me"))).failureStatus == 401)
  }

  @Test("the log redacts Authorization, Cookie and Set-Cookie")
  func redaction() async throws {
    let log = LogCapture()
    try await LoopbackServer.with { server in
      await server.appendRoute("GET /me") { _ in
        .json(#"{"name":"ada"}"#, headers: [HTTPHeader("Set-Cookie"): "session=server-secret"])
      }
    } _: { baseURL in
      let logger = Logger(label: "test") { _ in log.handler() }
      let client = RemoteClient(
        baseURL: baseURL,
        interceptors: [
          BearerAuthenticator(token: "token-secret") { _ in "x" },
          LoggingInterceptor(logger: logger),
        ])
      let request = Request.raw(
        .get, Endpoint("/me"),
        headers: ["Cookie": "id=cookie-secret", "Accept": "application/json"])
      _ = try await client.send(request)
    }
    let text = log.text
    #expect(text.contains("GET http://127.0.0.1:"))
    #expect(text.contains("-> 200"))
    #expect(text.contains("Authorization: <redacted>"))
    #expect(text.contains("Cookie: <redacted>"))
    #expect(text.contains("Set-Cookie: <redacted>"))
    #expect(text.contains("Accept: application/json"))
    for secret in ["token-secret", "cookie-secret", "server-secret"] {
      #expect(!text.contains(secret), "the log leaked \(secret)")
    }
  }
}

/// A swift-log handler that keeps every line with its metadata, for the redaction test.
final class LogCapture: Sendable {
  private let lines = Mutex<[String]>([])
  var text: String { lines.withLock { $0.joined(separator: "\n") } }

  func handler() -> some LogHandler { Handler(capture: self) }

  fileprivate func append(_ line: String) { lines.withLock { $0.append(line) } }

  struct Handler: LogHandler {
    let capture: LogCapture
    var logLevel: Logger.Level = .trace
    var metadata: Logger.Metadata = [:]
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
      get { metadata[key] }
      set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
      var line = "\(event.level) \(event.message)"
      for (key, value) in (event.metadata ?? [:]).sorted(by: { $0.key < $1.key }) {
        line += "\n  \(key): " + Self.flatten(value)
      }
      capture.append(line)
    }

    static func flatten(_ value: Logger.MetadataValue) -> String {
      switch value {
      case .dictionary(let dictionary):
        return dictionary.sorted { $0.key < $1.key }.map { "\($0.key): \(flatten($0.value))" }
          .joined(separator: ", ")
      default:
        return "\(value)"
      }
    }
  }
}
