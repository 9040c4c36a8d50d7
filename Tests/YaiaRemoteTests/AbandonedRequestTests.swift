import Foundation
import Testing
import YaiaRemote
import YaiaTesting

/// Responses that never end, or inflate far past their size, against the real transport: an
/// abandoned request must stop reading, a body must stop at the transport's bound, and no
/// number of abandonments may block a host. Each waits on the server's own counts, within
/// bounds far from any honest run.
@Suite("The transport stops reading what no one waits for")
struct AbandonedRequestTests {
  static let endless = Request.raw(.get, Endpoint("/endless"))

  /// Waits until `condition` holds, at most 30 s; whether it did.
  static func until(_ condition: () -> Bool) async throws -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .seconds(30))
    while !condition() {
      guard clock.now < deadline else { return false }
      try await Task.sleep(for: .milliseconds(10))
    }
    return true
  }

  @Test("a cancelled download of an endless body stops reading it")
  func cancelledEndlessBody() async throws {
    // Before: the abandoned request kept reading (7.9 GB after 40 s).
    let server = try StreamingServer(cap: 256 << 20)
    defer { server.stop() }
    let client = RemoteClient(
      baseURL: server.baseURL, transport: .urlSession(maxResponseBytes: .max))
    let call = Task { await client.result(Self.endless) }
    #expect(try await Self.until { server.startedStreams == 1 })
    call.cancel()
    #expect(await value(of: call)?.failureIsCancelled == true)
    #if canImport(FoundationNetworking)
      // FoundationNetworking cannot stop a transfer mid-body (see ResponseCollector.stop): the
      // abandoned request keeps nothing, but reads on until the server stops.
      withKnownIssue(
        "FoundationNetworking cannot stop a transfer in the middle of a body", isIntermittent: true
      ) {
        #expect(server.openStreams == 0)
      }
    #else
      #expect(try await Self.until { server.openStreams == 0 }, "the body is still being read")
      #expect(server.cappedStreams == 0, "the client read the whole stream")
    #endif
  }

  @Test("an endless body stops at the transport's bound, a typed error that says so")
  func endlessBodyBounded() async throws {
    let server = try StreamingServer(cap: 64 << 20)
    defer { server.stop() }
    let client = RemoteClient(
      baseURL: server.baseURL, transport: .urlSession(maxResponseBytes: 1 << 20))
    let result = await client.result(Self.endless)
    guard case .failure(.transport(.oversizedResponse, _, let detail)) = result else {
      Issue.record("expected an oversized response, got \(result)")
      return
    }
    #expect(detail.contains("larger than the 1048576 bytes"), "\(detail)")
  }

  @Test("a gzip body is bounded by what it inflates to, not by its size on the wire")
  func gzipBomb() async throws {
    // 420 KB on the wire, 64 MiB inflated; before, only memory stopped it (1 MB became 1 GB).
    let server = try StreamingServer(bomb: GzipBomb.zeros(64 << 20))
    defer { server.stop() }
    let client = RemoteClient(
      baseURL: server.baseURL, transport: .urlSession(maxResponseBytes: 1 << 20))
    let result = await client.result(Request.raw(.get, Endpoint("/bomb")))
    guard case .failure(.transport(.oversizedResponse, _, _)) = result else {
      Issue.record("expected an oversized response, got \(result)")
      return
    }
    // Within the bound, the same encoding is read whole: the bound is on what is kept.
    let small = try StreamingServer(bomb: GzipBomb.zeros(100_000))
    defer { small.stop() }
    let fine = await RemoteClient(
      baseURL: small.baseURL, transport: .urlSession(maxResponseBytes: 1 << 20)
    ).result(Request.raw(.get, Endpoint("/bomb")))
    #expect((try? fine.get()) == Data(count: 100_000), "\(fine.failureDescription)")
  }

  @Test("forty abandoned requests, cancelled or timed out, do not block the host")
  func abandonmentsDoNotBlock() async throws {
    // Before: after about 23 abandonments in sequence, later requests to the host timed out.
    let server = try StreamingServer(cap: 16 << 20)
    defer { server.stop() }
    // No body bound within reach: a timed-out request is abandoned mid-body, not stopped by it.
    let client = RemoteClient(
      baseURL: server.baseURL, transport: .urlSession(maxResponseBytes: .max))
    for round in 0..<40 {
      if round.isMultiple(of: 2) {
        // Counted from now, not from the round: a timed-out round below may have given up
        // before its request reached the server (on a busy machine), starting no stream.
        let before = server.startedStreams
        let call = Task { await client.result(Self.endless) }
        #expect(try await Self.until { server.startedStreams > before }, "round \(round)")
        call.cancel()
        // Cancelled, or (on a busy machine) failed when the server stopped at its cap first.
        let outcome = await value(of: call)
        #expect(outcome.map { (try? $0.get()) == nil } == true, "round \(round)")
      } else {
        // short bound: the request's own timeout, abandoned on purpose
        let timed = Request.raw(.get, Endpoint("/endless"), timeout: .milliseconds(20))
        // Abandoned at its timeout, or (on a fast machine) failed when the server stopped at its
        // cap first: either way, never an answer.
        let result = await client.result(timed)
        #expect((try? result.get()) == nil, "round \(round)")
      }
    }
    let answer = await client.result(
      Request.raw(.get, Endpoint("/ok"), timeout: .seconds(20)))
    #expect((try? answer.get()) != nil, "\(answer.failureDescription)")
  }

  @Test("forty answers refused past the byte bound do not delay the requests after them")
  func oversizedDoNotBlock() async throws {
    // Before: each refused transfer read on, on the session every later request used.
    let server = try StreamingServer(cap: 16 << 20)
    defer { server.stop() }
    let client = RemoteClient(
      baseURL: server.baseURL, transport: .urlSession(maxResponseBytes: 64 << 10))
    for round in 0..<40 {
      let result = await client.result(Self.endless)
      guard case .failure(.transport(.oversizedResponse, _, _)) = result else {
        Issue.record("round \(round): expected an oversized response, got \(result)")
        return
      }
    }
    let answer = await client.result(
      Request.raw(.get, Endpoint("/ok"), timeout: .seconds(20)))
    #expect((try? answer.get()) != nil, "\(answer.failureDescription)")
  }
}
