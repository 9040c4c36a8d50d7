import Foundation
import Testing
import YaiaMockServer
import YaiaRemote

/// The YaiaMockServer article's example, as written there, with only public API.
@Suite("The YaiaMockServer article")
struct MockServerArticleTests {
  struct LatestRates: Decodable, Sendable {
    var base: String
  }

  @Test func loadsRates() async throws {
    let rates = #"{"base":"USD","rates":{"EUR":0.92}}"#
    try await withMockServer([try MockRoute("GET", "/latest", responses: .single(.json(rates)))]) {
      server, baseURL in
      let client = RemoteClient(baseURL: baseURL)
      let latest = try await client.send(
        Request<LatestRates>.json(.get, Endpoint("/latest")))
      #expect(latest.base == "USD")
    }
  }
}
