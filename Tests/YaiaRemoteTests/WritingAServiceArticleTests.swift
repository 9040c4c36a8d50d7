import Foundation
import Logging
import Testing
import YaiaRemote

/// The "Writing a Service" article's blocks, as written there, with only public API (the model,
/// the factory and the service are in `Support/RatesService.swift`).
/// The app's client: the environment chosen at launch (a local mock server when the launch
/// asks for one), with retries, the user's token, refreshed by `refresh`, and logging.
func makeClient(
  apiURL: URL, storedToken: String?,
  refresh: @escaping @Sendable (_ expired: String?) async throws -> String
) throws -> RemoteClient {
  let environment = try RemoteEnvironment.select(
    from: [.localMock(port: 8080), .production(apiURL)], default: .production(apiURL))
  return RemoteClient(
    environment: environment,
    interceptors: [
      RetryPolicy(),
      BearerAuthenticator(token: storedToken, refresh: refresh),
      LoggingInterceptor(logger: Logger(label: "remote")),
    ])
}

@Suite("The Writing a Service article")
struct WritingAServiceArticleTests {
  @Test("the client: an environment chosen at launch, and its interceptors")
  func client() throws {
    let apiURL = try #require(URL(string: "https://api.example.com"))
    let client = try makeClient(apiURL: apiURL, storedToken: "saved") { _ in "fresh" }
    let environment = try RemoteEnvironment.select(
      from: [.localMock(port: 8080), .production(apiURL)], default: .production(apiURL))
    #expect(client.baseURL == environment.baseURL)
  }

  @Test("testing without a server: a transport is a function")
  func transportIsAFunction() async throws {
    let ratesJSON = #"{"base":"USD","date":"2026-11-22","rates":{"EUR":0.92,"GBP":0.79}}"#
    let client = RemoteClient(
      baseURL: URL(string: "http://api.test")!,
      transport: Transport { request in
        HTTPResponse(status: 200, body: Data(ratesJSON.utf8))
      })
    #expect(try await RatesService(client: client).getLatest(base: "USD").base == "USD")
  }
}
