import FlyingFox
import Foundation
import Testing
import YaiaRemote

@Suite("The client and oversized responses")
struct OversizedResponseTests {
  @Test("a 1 MB response header is a typed error that says what was too large")
  func hugeHeader() async throws {
    try await LoopbackServer.with { server in
      await server.appendRoute("GET /latest") { _ in
        HTTPResponse(
          statusCode: .ok,
          headers: [HTTPHeader("X-Padding"): String(repeating: "a", count: 1 << 20)],
          body: Data(ratesJSON.utf8))
      }
    } _: { baseURL in
      let result = await RemoteClient(baseURL: baseURL).result(RatesRequests.latest(base: "USD"))
      guard case .failure(let error) = result else {
        Issue.record("a 1 MB header was accepted: \(result)")
        return
      }
      #if canImport(FoundationNetworking)
        guard case .transport(.oversizedResponse, _, _) = error else {
          Issue.record("expected an oversized response, got \(error)")
          return
        }
        #expect(error.description.contains("header fields are larger than the HTTP client accepts"))
      #endif
      #expect(!error.description.contains("Out of memory"))
    }
  }
}
