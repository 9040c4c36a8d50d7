import Foundation
import Testing
import YaiaMockServer
import YaiaRemote

/// The sample app's fixtures folder, served as the demo will serve it.
@Suite("The demo API fixtures")
struct DemoFixturesTests {
  static let folder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appending(path: "Sources/YaiaDemo/Backend/demo-api")

  struct Rates: Decodable {
    var base: String
    var rates: [String: Double]
  }

  @Test("the manifest loads, and every scenario answers as documented")
  func scenarios() async throws {
    var configuration = MockServer.Configuration()
    configuration.fixtures = Self.folder
    let routes = try MockManifest.load(folder: Self.folder).routes
    let server = MockServer(routes: routes, configuration: configuration)
    let client = RemoteClient(baseURL: try await server.start())
    func status(
      _ method: HTTPMethod, _ path: String, query: [QueryItem] = [], scenario: String? = nil
    ) async throws -> HTTPStatus {
      let headers: HTTPHeaders = scenario.map { [HTTPHeaderName.mockScenario: $0] } ?? [:]
      return try await client.exchange(
        Request.raw(method, Endpoint(path, query: query), headers: headers)
      ).0.status
    }
    let usd = [QueryItem("base", "USD")]

    let rates = try await client.send(
      Request<Rates>.json(.get, Endpoint("/latest", query: usd)))
    #expect(rates.rates["EUR"] == 0.92)
    #expect(try await status(.get, "/configuration") == 200)
    #expect(try await status(.get, "/speakers") == 200)
    #expect(try await status(.get, "/speakers/kitchen") == 200)
    let ada = try Request<Data>.raw(.post, Endpoint("/auth/login"))
      .withJSONBody(["user": "ada", "password": "swordfish"])
    #expect(try await client.exchange(ada).0.status == 200)
    #expect(try await status(.post, "/auth/login") == 401)
    #expect(try await status(.post, "/auth/refresh") == 200)
    #expect(try await status(.post, "/auth/login", scenario: "wrong-password") == 401)
    #expect(try await status(.get, "/configuration", scenario: "server-error") == 500)
    #expect(try await status(.get, "/latest", query: usd, scenario: "server-error") == 500)

    let update = try await client.exchange(
      Request.raw(
        .get, Endpoint("/app/version-check"), headers: ["X-Mock-Scenario": "update-required"])
    ).0
    #expect(String(decoding: update.body, as: UTF8.self).contains(#""updateRequired":true"#))

    let business = await client.result(
      Request<Rates>.json(
        .get, Endpoint("/latest", query: usd), headers: ["X-Mock-Scenario": "business-error"]))
    guard case .failure(.decoding(let path, _, _, _)) = business else {
      Issue.record("business-error should not decode, got \(business)")
      await server.stop()
      return
    }
    #expect(path == "rates.EUR")
    #expect(await server.unmatchedRequests().isEmpty)
    await server.stop()
  }
}
