import Foundation
import Testing
import YaiaOpenAPI
import YaiaRemote

/// A small app's requests, written as an app writes them, some of them drifted from the API.
enum FixtureShopAPI {
  struct Product: Decodable, Sendable {
    var id: Int
    var name: String
    var price: Double
  }

  struct Review: Decodable, Sendable {
    var stars: Int
    var author: String  // the API calls it `by`: drifted
  }

  static let description = """
    openapi: 3.0.3
    info: { title: Shop, version: '1' }
    servers: [{ url: 'https://shop.example/v1' }]
    paths:
      /products:
        get:
          operationId: listProducts
          parameters:
            - { name: ids, in: query, schema: { type: array, items: { type: integer } } }
            - { name: limit, in: query, required: true, schema: { type: integer, maximum: 100 } }
          responses:
            '200':
              description: ok
              content:
                application/json:
                  schema: { type: array, items: { $ref: '#/components/schemas/Product' } }
      /products/{id}:
        get:
          operationId: getProduct
          parameters:
            - { name: id, in: path, required: true, schema: { type: integer } }
          responses:
            '200':
              description: ok
              content:
                application/json:
                  schema: { $ref: '#/components/schemas/Product' }
                  example: { id: 7, name: Lamp, price: 19.5 }
      /products/{id}/reviews:
        post:
          operationId: review
          parameters:
            - { name: id, in: path, required: true, schema: { type: integer } }
          requestBody:
            required: true
            content:
              application/json:
                schema:
                  type: object
                  required: [stars]
                  properties: { stars: { type: integer, minimum: 1, maximum: 5 } }
          responses:
            '201':
              description: made
              content:
                application/json:
                  schema:
                    type: object
                    required: [stars, by]
                    properties: { stars: { type: integer }, by: { type: string } }
    components:
      schemas:
        Product:
          type: object
          required: [id, name, price]
          properties:
            id: { type: integer }
            name: { type: string }
            price: { type: number }
    """

  static func products(ids: [Int], limit: Int?) -> Request<[Product]> {
    // Drifted: one comma-separated value, where the API takes `?ids=1&ids=2`.
    var query = ids.isEmpty ? [] : [QueryItem("ids", ids.map(String.init).joined(separator: ","))]
    if let limit { query.append(QueryItem("limit", String(limit))) }
    return .json(.get, Endpoint("/products", query: query))
  }

  static func productsRight(ids: [Int]) -> Request<[Product]> {
    .json(
      .get,
      Endpoint(
        "/products", query: ids.map { QueryItem("ids", String($0)) } + [QueryItem("limit", "10")]))
  }

  static func product(_ id: Int) -> Request<Product> {
    .json(.get, Endpoint("/products/:id", parameters: ["id": String(id)]))
  }

  static func productDrifted(_ id: Int) -> Request<Product> {
    .json(.get, Endpoint("/product/:id", parameters: ["id": String(id)]))
  }

  static func review(_ id: Int, stars: String) throws -> Request<Review> {
    try .json(.post, Endpoint("/products/:id/reviews", parameters: ["id": String(id)]))
      .withJSONBody(["stars": stars])
  }
}

@Suite("An app's requests checked against the API's description, without a server")
struct RequestContractTests {
  static func contract() throws -> RequestContract {
    RequestContract(
      try OpenAPIDocument.parse(FixtureShopAPI.description, file: "shop.yaml"),
      baseURL: try #require(URL(string: "https://shop.example/v1")))
  }

  @Test("requests written to the description conform, and their models read its answers")
  func conforming() throws {
    let contract = try Self.contract()
    #expect(contract.problems(with: FixtureShopAPI.product(7)) == [])
    #expect(contract.problems(with: FixtureShopAPI.productsRight(ids: [1, 2])) == [])
  }

  @Test("a drifted path is named, with the closest paths of the description")
  func driftedPath() throws {
    let problems = try Self.contract().problems(with: FixtureShopAPI.productDrifted(7))
    #expect(
      problems.map(\.description) == [
        "GET /product/:id: no operation of the description has the path /v1/product/7 (closest: /v1/products, /v1/products/{id}, /v1/products/{id}/reviews)"
      ])
  }

  @Test("a missing required parameter and a list sent as one value are named")
  func parameters() throws {
    let contract = try Self.contract()
    #expect(
      contract.problems(with: FixtureShopAPI.products(ids: [], limit: nil)).map(\.description) == [
        "GET /products (listProducts): the query parameter limit is required"
      ])
    // `ids` is a form list with explode (the default): `?ids=1&ids=2`, not `?ids=1,2`.
    let joined = contract.problems(with: FixtureShopAPI.products(ids: [1, 2], limit: 500))
    #expect(
      joined.map(\.message) == [
        #"the query parameter ids at [0]: expected integer, found string "1,2""#,
        "the query parameter limit: 500 is above the maximum 100",
      ])
  }

  @Test("a body field of the wrong type, and a model that cannot read the answer, are named")
  func bodyAndModel() throws {
    let problems = try Self.contract().problems(with: FixtureShopAPI.review(7, stars: "5"))
    #expect(
      problems.map(\.description) == [
        #"POST /products/:id/reviews (review): the body at $.stars: expected integer, found string "5""#,
        "POST /products/:id/reviews (review): the model cannot read the 201 answer's sample of the schema: at author: the field is missing",
      ])
  }

  @Test("strict by default: a query item or header the API does not describe is drift")
  func strictByDefault() throws {
    var contract = try Self.contract()
    let tagged = Request<[FixtureShopAPI.Product]>.json(
      .get,
      Endpoint(
        "/products", query: [QueryItem("ids", "1"), QueryItem("limit", "5"), QueryItem("utm", "a")]
      ),
      headers: ["X-Debug": "1", "Accept": "application/json"])
    #expect(
      contract.problems(with: tagged).map(\.message) == [
        "the query parameter utm is not described", "the header X-Debug is not described",
      ])
    contract.strict = false
    #expect(contract.problems(with: tagged) == [])
  }

  /// A model of a track whose `preview` the API leaves optional (Spotify's `preview_url`),
  /// read at the top of one answer and inside another.
  struct Track: Decodable, Sendable {
    var name: String
    var preview: String
  }

  struct Album: Decodable, Sendable {
    var tracks: [Track]
  }

  static let music = """
    openapi: 3.0.3
    info: { title: Music, version: '1' }
    paths:
      /tracks/{id}:
        get:
          parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
          responses:
            '200':
              description: ok
              content: { application/json: { schema: { $ref: '#/components/schemas/Track' } } }
      /albums/{id}:
        get:
          parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
          responses:
            '200':
              description: ok
              content:
                application/json:
                  schema:
                    type: object
                    required: [tracks]
                    properties: { tracks: { type: array, items: { $ref: '#/components/schemas/Track' } } }
    components:
      schemas:
        Track:
          type: object
          required: [name]
          properties: { name: { type: string }, preview: { type: string } }
    """

  @Test("a model is judged the same at the top of an answer and nested inside one")
  func nestedAndTopAgree() throws {
    let contract = RequestContract(
      try OpenAPIDocument.parse(Self.music, file: "music.yaml"),
      baseURL: try #require(URL(string: "https://music.example")))
    let track = Request<Track>.json(.get, Endpoint("/tracks/:id", parameters: ["id": "7"]))
    let album = Request<Album>.json(.get, Endpoint("/albums/:id", parameters: ["id": "7"]))
    let atTop = contract.problems(with: track).map(\.message)
    let nested = contract.problems(with: album).map(\.message)
    #expect(
      atTop == [
        "the model cannot read the 200 answer's sample of the schema with only its required fields: at preview: the field is missing"
      ])
    #expect(
      nested == [
        "the model cannot read the 200 answer's sample of the schema with only its required fields: at tracks[0].preview: the field is missing"
      ])
  }

  /// A tree whose children are required: the least answer holds none below the first level,
  /// rather than children to the deepest level ending in nulls.
  struct Node: Decodable, Sendable {
    var name: String
    var children: [Node]
  }

  @Test(
    "the least answer of a recursive schema ends, and an object's example keeps no optional field")
  func leastAnswerOfATree() throws {
    let contract = RequestContract(
      try OpenAPIDocument.parse(
        """
        openapi: 3.0.3
        info: { title: Tree, version: '1' }
        paths:
          /tree:
            get:
              responses:
                '200':
                  description: ok
                  content: { application/json: { schema: { $ref: '#/components/schemas/Node' } } }
          /track:
            get:
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [track]
                        properties:
                          track:
                            type: object
                            required: [name]
                            properties: { name: { type: string }, preview: { type: string } }
                            example: { name: Song, preview: 'https://p.example/1' }
        components:
          schemas:
            Node:
              type: object
              required: [name, children]
              properties:
                name: { type: string }
                children: { type: array, items: { $ref: '#/components/schemas/Node' } }
        """, file: "tree.yaml"),
      baseURL: try #require(URL(string: "https://tree.example")))
    #expect(contract.problems(with: Request<Node>.json(.get, Endpoint("/tree"))) == [])
    struct Holder: Decodable, Sendable { var track: Track }
    #expect(
      contract.problems(with: Request<Holder>.json(.get, Endpoint("/track"))).map(\.message) == [
        "the model cannot read the 200 answer's sample of the schema with only its required fields: at track.preview: the field is missing"
      ])
  }
}
