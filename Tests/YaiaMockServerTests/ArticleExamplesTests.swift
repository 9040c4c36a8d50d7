import Foundation
import Testing
import YaiaMockServer
import YaiaRemote

// The examples of YaiaMockServer's articles, line for line (.ci/check-readme.py holds them to
// it), each run by a test: what a reader copies works.

// MARK: - Verifying requests in tests (SteeringARunningServer.md)

@Test func loginSendsTheUserOnce() async throws {
  let login = try MockRoute(.post, "/login", responses: .single(.json(#"{"token":"t-1"}"#)))
  try await withMockServer([login]) { server, baseURL in
    let client = RemoteClient(baseURL: baseURL)
    _ = try await client.exchange(
      Request<Data>.raw(.post, Endpoint("/login")).withJSONBody(["user": "ada", "password": "pw"]))

    try await server.verify(try ExpectedRequest(.post, "/login", body: ["user": "ada"]), .once)
    try await server.verify(try ExpectedRequest(.get, "/speakers/:id"), .never)
  }
}

@Test func checkoutWithAnItem() async throws {
  let cart = try MockRoute(.get, "/cart", responses: .single(.json(#"{"items":[7]}"#)))
  try await withMockServer([cart]) { server, _ in
    await server.setState("has-item", of: "cart")
    #expect(await server.state(of: "cart") == "has-item")
  }
}

// MARK: - Starting from OpenAPI

/// Checks a fixtures folder against its description, then serves both: the manifest's routes
/// first, every other operation from the description, requests off the contract refused.
func serveShop(spec specFile: URL, fixtures folder: URL) async throws -> MockServer {
  let spec = try OpenAPIDocument.load(from: specFile)
  let manifest = try MockManifest.load(folder: folder)

  let report = ContractCheck.check(
    manifest, manifestFile: "manifest.yaml", fixtures: folder, against: spec)
  #expect(report.problems == [])

  var configuration = MockServer.Configuration()
  configuration.fixtures = folder
  configuration.requestContract = spec
  let server = MockServer(routes: manifest.routes + spec.routes(), configuration: configuration)
  _ = try await server.start()
  return server
}

@Test("the OpenAPI article's example checks and serves the shop")
func openAPIArticle() async throws {
  let server = try await serveShop(spec: Shop.spec, fixtures: Shop.fixtures)
  let baseURL = try #require(await server.baseURL)
  let client = RemoteClient(baseURL: baseURL)
  let featured = try await client.exchange(
    Request<Data>.raw(.get, Endpoint("/v1/products/featured"))
  ).0
  #expect(featured.status == 200)
  let offContract = try await client.exchange(
    Request<Data>.raw(.get, Endpoint("/v1/products/abc"), acceptableStatus: [400])
  ).0
  #expect(offContract.status == 400)
  await server.stop()
}

// MARK: - Recording a backend

/// Sends a mock server's requests on to `backend`, as `yaia mock-server record` does.
func forwarding(to backend: String) -> @Sendable (HTTPRequest) async throws -> HTTPResponse {
  let transport = Transport.urlSession()
  return { request in
    guard let origin = URL(string: backend) else { throw URLError(.badURL) }
    var outgoing = try OutgoingRequest(request, sentOnTo: origin)
    outgoing.headers = MockUpstream.passedOn(request.headers)
    return try await transport.send(outgoing)
  }
}

/// A server that records `backend` into `folder`: point the app at its `baseURL`, run the
/// flows to record, then `stop()` it and `finish()` the recorder, which writes the manifest.
func recordingServer(from backend: String, into folder: URL) async throws -> (
  MockServer, MockRecorder
) {
  let recorder = try MockRecorder(folder: folder, source: backend)
  var configuration = MockServer.Configuration()
  configuration.upstream = MockUpstream(
    .everything, send: forwarding(to: backend),
    onExchange: { await recorder.record($0, $1) })
  let server = MockServer(routes: [], configuration: configuration)
  _ = try await server.start()
  return (server, recorder)
}

@Test("the recording article's example records a local backend into a folder that serves")
func recordingArticle() async throws {
  let folder = FileManager.default.temporaryDirectory.appending(
    path: "yaia-article-\(UUID().uuidString)")
  defer { try? FileManager.default.removeItem(at: folder) }
  try await withMockServer(try Backend.routes()) { _, backend in
    var base = backend.absoluteString
    if base.hasSuffix("/") { base.removeLast() }
    let (server, recorder) = try await recordingServer(from: base, into: folder)
    let client = RemoteClient(baseURL: try #require(await server.baseURL))
    _ = try await client.exchange(Request<Data>.raw(.get, Endpoint("/v1/cart")))
    await server.stop()
    try await recorder.finish()
  }
  let manifest = try MockManifest.load(folder: folder)
  #expect(manifest.routes.map(\.name) == ["GET /v1/cart"])
}
