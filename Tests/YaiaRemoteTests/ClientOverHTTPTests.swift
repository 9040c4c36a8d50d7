import FlyingFox
import Foundation
import Testing
import YaiaRemote
import YaiaTesting

@Suite("The client over real HTTP on 127.0.0.1")
struct ClientOverHTTPTests {
  @Test("a response decodes into the service's model")
  func decodeSuccess() async throws {
    let hits = Hits()
    let rates = try await LoopbackServer.with { server in
      await server.appendRoute("GET /latest") { request in
        await hits.record(request.query["base"] ?? "")
        return .json(ratesJSON)
      }
    } _: { baseURL in
      try await RatesService(client: RemoteClient(baseURL: baseURL)).getLatest(base: "USD")
    }
    #expect(rates == Rates(base: "USD", date: "2026-11-22", rates: ["EUR": 0.92, "GBP": 0.79]))
    #expect(await hits.values == ["USD"])
  }

  @Test("404 and 500 are status errors that keep the status, headers and body")
  func statusErrors() async throws {
    try await LoopbackServer.with { server in
      await server.appendRoute("GET /latest") { _ in
        .json(#"{"error":"unknown base"}"#, status: .notFound)
      }
      await server.appendRoute("GET /2026-01-01") { _ in
        .json(#"{"error":"database down"}"#, status: .internalServerError)
      }
    } _: { baseURL in
      let client = RemoteClient(baseURL: baseURL)
      let notFound = await client.result(RatesRequests.latest(base: "XYZ"))
      guard case .failure(.status(let response, let request)) = notFound else {
        Issue.record("expected a status error, got \(notFound)")
        return
      }
      #expect(response.status == 404)
      #expect(response.body == Data(#"{"error":"unknown base"}"#.utf8))
      #expect(response.header("content-type") == "application/json")
      #expect(request.description == "GET \(baseURL.absoluteString)/latest?base=XYZ")
      #expect(
        notFound.failureDescription.contains(
          #"failed with HTTP 404 (Not Found), body: {"error":"unknown base"}"#))

      let serverError = await client.result(
        RatesRequests.historical(date: "2026-01-01", base: "USD"))
      #expect(serverError.failureStatus == 500)
      #expect(serverError.failureDescription.contains("database down"))
    }
  }

  @Test("a status the request accepts is not an error")
  func acceptedStatus() async throws {
    try await LoopbackServer.with { server in
      await server.appendRoute("DELETE /devices/7") { _ in HTTPResponse(statusCode: .notFound) }
    } _: { baseURL in
      let request = Request.empty(
        .delete, Endpoint("/devices/:id", parameters: ["id": "7"]),
        acceptableStatus: [200, 204, 404])
      let response = try await RemoteClient(baseURL: baseURL).send(request)
      #expect(response == EmptyResponse())
    }
  }

  @Test("malformed JSON is a decoding error with the key path and what was found, body kept")
  func malformedJSON() async throws {
    let body = #"{"base":"USD","date":"2026-11-22","rates":{"EUR":"0.92"}}"#
    try await LoopbackServer.with { server in
      await server.appendRoute("GET /latest") { _ in .json(body) }
    } _: { baseURL in
      let result = await RemoteClient(baseURL: baseURL).result(RatesRequests.latest(base: "USD"))
      guard case .failure(.decoding(let path, let problem, let kept, _)) = result else {
        Issue.record("expected a decoding error, got \(result)")
        return
      }
      #expect("\(path): \(problem)" == "rates.EUR: expected Double, found String")
      #expect(kept == Data(body.utf8))
      #expect(
        result.failureDescription.contains(
          "did not decode at rates.EUR: expected Double, found String"))
    }
  }

  @Test("a missing key and broken JSON are named too")
  func otherDecodingProblems() async throws {
    try await LoopbackServer.with { server in
      await server.appendRoute("GET /latest") { _ in .json(#"{"base":"USD","rates":{}}"#) }
      await server.appendRoute("GET /broken") { _ in .json(#"{"base":"#) }
    } _: { baseURL in
      let client = RemoteClient(baseURL: baseURL)
      let missing = await client.result(RatesRequests.latest(base: "USD"))
      #expect(missing.failureDescription.contains("did not decode at date: key is missing"))
      let broken = await client.result(Request<Rates>.json(.get, Endpoint("/broken")))
      #expect(broken.failureDescription.contains("not valid JSON"))
    }
  }

  @Test("a server slower than the request's timeout gives a timeout error")
  func timeout() async throws {
    let release = Release()
    defer { release.open() }
    try await LoopbackServer.with { server in
      await server.appendRoute("GET /slow") { _ in
        await release.wait()
        return .json("{}")
      }
    } _: { baseURL in
      defer { release.open() }
      let request = Request.raw(.get, Endpoint("/slow"), timeout: .milliseconds(300))
      let clock = ContinuousClock()
      let start = clock.now
      let result = await RemoteClient(baseURL: baseURL).result(request)
      // Not at once (FoundationNetworking would time out a 0.3 s request immediately); and
      // before the server answered, which it does only once the client has returned.
      #expect(start.duration(to: clock.now) >= .milliseconds(250))
      guard case .failure(.transport(.timeout, _, _)) = result else {
        Issue.record("expected a timeout, got \(result)")
        return
      }
      #expect(result.failureDescription.contains("the server did not answer in time"))
    }
  }

  @Test("cancelling the calling task returns `.cancelled` at once; nothing is delivered")
  func cancellation() async throws {
    let arrived = AsyncStream.makeStream(of: Void.self)
    let release = Release()
    defer { release.open() }
    try await LoopbackServer.with { server in
      await server.appendRoute("GET /slow") { _ in
        arrived.continuation.yield()
        await release.wait()
        return .json(ratesJSON)
      }
    } _: { baseURL in
      defer { release.open() }
      let client = RemoteClient(baseURL: baseURL)
      let call = Task { await client.result(Request.raw(.get, Endpoint("/slow"))) }
      // The server has the request: cancel mid-flight.
      try #require(await firstElements(1, of: arrived.stream, timeout: .seconds(30)).count == 1)
      call.cancel()
      // Cancelled while the server still holds its answer (released only after this).
      let result = await value(of: call, timeout: .seconds(30))
      #expect(result?.failureIsCancelled == true)
    }
  }

  @Test("six cancelled requests free their connections: the seventh is answered at once")
  func cancelledRequestsFreeConnections() async throws {
    let arrived = AsyncStream.makeStream(of: Void.self)
    let release = Release()
    defer { release.open() }
    try await LoopbackServer.with { server in
      await server.appendRoute("GET /slow") { _ in
        arrived.continuation.yield()
        await release.wait()
        return .json(ratesJSON)
      }
      await server.appendRoute("GET /latest") { _ in .json(ratesJSON) }
    } _: { baseURL in
      defer { release.open() }
      let client = RemoteClient(baseURL: baseURL)
      let calls = (0..<6).map { _ in
        Task { await client.result(Request.raw(.get, Endpoint("/slow"))) }
      }
      try #require(await firstElements(6, of: arrived.stream, timeout: .seconds(30)).count == 6)
      for call in calls { call.cancel() }
      for call in calls {
        #expect(await value(of: call, timeout: .seconds(30))?.failureIsCancelled == true)
      }
      // Answered while the six still hold their connections' answers (released only after
      // this): waiting behind them would never end, and the request's own timeout would fail it.
      let seventh = await client.result(RatesRequests.latest(base: "USD"))
      #expect((try? seventh.get()) != nil, "\(seventh.failureDescription)")
    }
  }

  @Test("cancelling just as responses arrive never hangs (400 rounds, bounded to 60 s)")
  func cancellationRace() async throws {
    try await LoopbackServer.with { server in
      await server.appendRoute("GET /latest") { _ in .json(ratesJSON) }
    } _: { baseURL in
      let client = RemoteClient(baseURL: baseURL)
      let (ends, end) = AsyncStream.makeStream(of: Bool.self)
      Task {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<400 {
          let call = Task { await client.result(RatesRequests.latest(base: "USD")) }
          // Cancel somewhere between sending and the response being handed over.
          try? await Task.sleep(for: .microseconds(Int.random(in: 0...1500, using: &generator)))
          call.cancel()
          _ = await call.value
        }
        end.yield(true)
      }
      let deadline = Task {
        try? await Task.sleep(for: .seconds(60))
        end.yield(false)
      }
      // FoundationNetworking's own cancellation can deadlock with a response completing at the
      // same moment (the transport abandons cancelled requests instead): a hang shows here as
      // the deadline coming first.
      var finished = false
      for await value in ends {
        finished = value
        break
      }
      deadline.cancel()
      #expect(finished, "the rounds did not finish within 60 s: a cancellation hung")
    }
  }

  @Test("a task cancelled before sending sends nothing")
  func cancelledBeforeSending() async throws {
    let hits = Hits()
    try await LoopbackServer.with { server in
      await server.appendRoute("GET /latest") { _ in
        await hits.record()
        return .json(ratesJSON)
      }
    } _: { baseURL in
      let client = RemoteClient(baseURL: baseURL)
      let call = Task {
        withUnsafeCurrentTask { $0?.cancel() }
        return await client.result(RatesRequests.latest(base: "USD"))
      }
      #expect(await call.value.failureIsCancelled)
    }
    #expect(await hits.count == 0)
  }
}

extension Result where Failure == RemoteError {
  var failureDescription: String {
    if case .failure(let error) = self { return error.description }
    return "success"
  }

  var failureStatus: HTTPStatus? {
    if case .failure(let error) = self { return error.status }
    return nil
  }

  var failureIsCancelled: Bool {
    if case .failure(.cancelled) = self { return true }
    return false
  }
}
