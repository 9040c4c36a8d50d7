import Foundation
import Testing
import YaiaOpenAPI
import YaiaRemote

@testable import YaiaDemo

/// The sample app's requests checked against the description of its backend, as any app's
/// tests can: no server, each request as the app builds it.
@Suite("The demo's requests match its API's description")
struct DemoRequestContractTests {
  static func contract() throws -> RequestContract {
    let description = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appending(path: "../../Sources/YaiaDemo/Backend/demo-api.openapi.yaml").standardizedFileURL
    return try RequestContract(
      contentsOf: description, baseURL: try #require(URL(string: "http://127.0.0.1:8080")))
  }

  @Test("every request the app sends conforms, and its model reads the documented answer")
  func everyRequest() throws {
    let contract = try Self.contract()
    #expect(contract.problems(with: DemoAPI.versionCheck()) == [])
    #expect(contract.problems(with: DemoAPI.configuration()) == [])
    #expect(contract.problems(with: try DemoAPI.login(user: "ada", password: "pw")) == [])
    #expect(contract.problems(with: try DemoAPI.refresh(Secret("refresh-token"))) == [])
  }
}
