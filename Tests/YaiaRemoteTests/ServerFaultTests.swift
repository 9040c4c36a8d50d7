import Foundation
import Testing
import YaiaMockServer
import YaiaRemote

/// The client against each fault the mock server can inject: every one is a typed error that
/// says what happened, and the transport faults are retried by ``RetryPolicy``.
@Suite("The client against a misbehaving server")
struct ServerFaultTests {
  struct Item: Decodable, Sendable { var id: Int }

  static func server(_ fault: MockResponse.Fault?, body: String = #"{"id":1}"#) throws
    -> [MockRoute]
  {
    var response = MockResponse.json(body)
    response.fault = fault
    return [try MockRoute(.get, "/item", responses: .single(response))]
  }

  static func failure(
    of fault: MockResponse.Fault, body: String = #"{"id":1}"#, timeout: Duration? = nil
  ) async throws -> RemoteError? {
    try await withMockServer(try server(fault, body: body)) { _, baseURL in
      let result = await RemoteClient(baseURL: baseURL).result(
        Request<Item>.json(.get, Endpoint("/item"), timeout: timeout))
      if case .failure(let error) = result { return error }
      return nil
    }
  }

  @Test(
    "a reset, a cut, a close before the body and bytes that are no response are transport errors",
    arguments: [
      MockResponse.Fault.resetConnection, .truncatedBody, .closeConnection, .malformedResponse,
    ])
  func transportFaults(fault: MockResponse.Fault) async throws {
    let error = try await Self.failure(of: fault)
    guard case .transport(let kind, let request, _)? = error else {
      Issue.record("\(fault): expected a transport error, got \(String(describing: error))")
      return
    }
    #expect([.noConnection, .other].contains(kind), "\(fault): \(kind)")
    #expect(request.url.path == "/item")
  }

  @Test("malformed JSON and an empty body are decoding errors that keep the body")
  func decodingFaults() async throws {
    for fault in [MockResponse.Fault.malformedJSON, .emptyBody] {
      let error = try await Self.failure(of: fault)
      guard case .decoding(_, _, let body, _)? = error else {
        Issue.record("\(fault): expected a decoding error, got \(String(describing: error))")
        continue
      }
      #expect(body.count < 32)
    }
  }

  @Test("a trickle slower than the request's timeout is a timeout")
  func trickleTimesOut() async throws {
    let error = try await Self.failure(
      of: .trickle(bytes: 1, interval: .milliseconds(400)),
      body: #"{"id":1,"padding":"0123456789"}"#, timeout: .milliseconds(300))
    guard case .transport(.timeout, _, _)? = error else {
      Issue.record("expected a timeout, got \(String(describing: error))")
      return
    }
  }

  @Test("RetryPolicy retries a reset and a cut, and the third attempt's answer arrives")
  func retried() async throws {
    var reset = MockResponse.json(#"{"id":1}"#)
    reset.fault = .resetConnection
    var cut = MockResponse.json(#"{"id":1}"#)
    cut.fault = .truncatedBody
    let routes = [
      try MockRoute(.get, "/item", responses: .sequence([reset, cut, .json(#"{"id":3}"#)]))
    ]
    try await withMockServer(routes) { server, baseURL in
      let client = RemoteClient(
        baseURL: baseURL,
        interceptors: [RetryPolicy(baseDelay: .milliseconds(1), random: { 0 })])
      let item = try await client.send(Request<Item>.json(.get, Endpoint("/item")))
      #expect(item.id == 3)
      try await server.verify(try ExpectedRequest(.get, "/item"), .exactly(3))
    }
  }
}
