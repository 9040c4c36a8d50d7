import Foundation
import Logging
import Testing
import YaiaRemote

/// The "Writing a Service" article's blocks, as written there, with only public API (the model,
/// the factory and the service are in `Support/RatesService.swift`).
@Suite("The Writing a Service article")
struct WritingAServiceArticleTests {
  /// Where the app's token is refreshed: the article's `auth`.
  struct Auth: Sendable {
    func refresh(_ expired: String?) async throws -> String { "fresh" }
  }

  @Test("the client: an environment chosen at launch, and its interceptors")
  func client() throws {
    let apiURL = try #require(URL(string: "https://api.example.com"))
    let storedToken: String? = "saved"
    let auth = Auth()
    let environment = try RemoteEnvironment.select(
      from: [.localMock(port: 8080), .production(apiURL)], default: .production(apiURL))
    let client = RemoteClient(
      environment: environment,
      interceptors: [
        RetryPolicy(),
        BearerAuthenticator(token: storedToken) { expired in try await auth.refresh(expired) },
        LoggingInterceptor(logger: Logger(label: "remote")),
      ])
    #expect(client.baseURL == environment.baseURL)
  }

  @Test("testing without a server: a transport is a function")
  func transportIsAFunction() async throws {
    let client = RemoteClient(
      baseURL: URL(string: "http://api.test")!,
      transport: Transport { request in
        HTTPResponse(status: 200, body: Data(ratesJSON.utf8))
      })
    #expect(try await RatesService(client: client).getLatest(base: "USD").base == "USD")
  }
}
