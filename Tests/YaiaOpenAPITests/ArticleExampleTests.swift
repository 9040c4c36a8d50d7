// The article "Checking requests against the API", its blocks as written (CI checks that they
// stand here unchanged), run against Tests/YaiaOpenAPITests/petstore.openapi.yaml.
import Foundation
import Testing
import YaiaOpenAPI
import YaiaRemote

enum PetAPI {
  struct Pet: Decodable, Sendable {
    var id: Int
    var name: String
  }

  static func pet(_ id: Int) -> Request<Pet> {
    .json(.get, Endpoint("/pets/:id", parameters: ["id": String(id)]))
  }

  static func pets(tags: [String]) -> Request<[Pet]> {
    .json(.get, Endpoint("/pets", query: tags.map { QueryItem("tags", $0) }))
  }
}

@Test func petRequestsMatchTheAPI() throws {
  let description = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appending(path: "petstore.openapi.yaml")
  let contract = try RequestContract(
    contentsOf: description, baseURL: try #require(URL(string: "https://api.example.com/v1")))
  #expect(contract.problems(with: PetAPI.pet(7)) == [])
  #expect(contract.problems(with: PetAPI.pets(tags: ["cat", "small"])) == [])
}
