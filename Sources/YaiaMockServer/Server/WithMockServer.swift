#if MockServer  // the trait; without it, TraitRequirement.swift names it
  public import Foundation

  /// Runs `body` against a fresh server with `routes`, stops the server, and fails if any
  /// request went unanswered: the harness for tests.
  ///
  /// ```swift
  /// @Test func loadsRates() async throws {
  ///   try await withMockServer([try MockRoute("GET", "/latest", responses: .single(.json(rates)))]) { server, baseURL in
  ///     let service = RatesService(client: RemoteClient(baseURL: baseURL))
  ///     #expect(try await service.getLatest(base: "USD").base == "USD")
  ///   }
  /// }
  /// ```
  ///
  /// A request no route answers gets a 404 listing the closest routes, and, when `body`
  /// returns, ``MockServerError/unmatchedRequests(_:)`` is thrown naming each one: Swift Testing
  /// and XCTest record it as a test failure. Set `configuration.strict` to `false` to allow them.
  ///
  /// `initialStates` starts the server's state machines (`["session": "logged-in"]`), as a
  /// manifest's `states:` does, so that a test's first request to a route that
  /// `requires-state` is answered rather than a 404.
  public func withMockServer<T: Sendable>(
    _ routes: [MockRoute], scenario: String? = nil, initialStates: [String: String] = [:],
    configuration: MockServer.Configuration = MockServer.Configuration(),
    _ body: (MockServer, URL) async throws -> T
  ) async throws -> T {
    let server = MockServer(
      routes: routes, scenario: scenario, initialStates: initialStates,
      configuration: configuration)
    let baseURL = try await server.start()
    let result: T
    do {
      result = try await body(server, baseURL)
    } catch {
      await server.stop()
      throw error
    }
    let unmatched = await server.unmatchedRequests()
    await server.stop()
    if configuration.strict, !unmatched.isEmpty {
      throw MockServerError.unmatchedRequests(
        unmatched.map { "\($0.request.summary) (closest: \($0.closest.joined(separator: ", ")))" })
    }
    return result
  }
#endif
