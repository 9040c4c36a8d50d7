import Foundation
import Testing
import YaiaMockServer
import YaiaRemote
import YaiaTesting

@testable import YaiaMockServer
@testable import YaiaOpenAPI

/// The shop's description and fixtures, beside this file.
enum Shop {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appending(path: "OpenAPI")
  static let spec = folder.appending(path: "shop.openapi.yaml")
  static let fixtures = folder.appending(path: "shop-fixtures")

  /// A copy of the fixtures to break, deleted by the caller.
  static func copyOfFixtures() throws -> URL {
    let copy = FileManager.default.temporaryDirectory.appending(
      path: "yaia-shop-\(UUID().uuidString)")
    try FileManager.default.copyItem(at: fixtures, to: copy)
    return copy
  }
}

@Suite("Starting from an OpenAPI description")
struct OpenAPITests {
  @Test(
    "the shop's description reads: operations under the server's base path, concrete paths first")
  func reads() throws {
    let spec = try OpenAPIDocument.load(from: Shop.spec)
    #expect(spec.title == "Shop" && spec.version == "3.0.3")
    let names = spec.operations.map(\.name)
    #expect(
      Set(names) == [
        "listProducts", "getProduct", "featuredProducts", "createCart", "addToCart", "login",
      ])
    let featured = try #require(names.firstIndex(of: "featuredProducts"))
    #expect(featured < (try #require(names.firstIndex(of: "getProduct"))))
    let get = try #require(spec.operations.first { $0.id == "getProduct" })
    #expect(get.path == "/v1/products/{productId}")
    #expect(get.template.routeText == "/v1/products/:productId")
    #expect(get.parameters.map(\.name) == ["productId"])  // from the path item, through a $ref
    #expect(get.response(for: 404)?.mediaType == "application/problem+json")
  }

  @Test("served: examples where documented, schema samples elsewhere, other statuses as scenarios")
  func serves() async throws {
    let spec = try OpenAPIDocument.load(from: Shop.spec)
    try await withMockServer(spec.routes()) { _, baseURL in
      let client = RemoteClient(baseURL: baseURL)
      func json(_ path: String, scenario: String? = nil, method: HTTPMethod = .get) async throws
        -> (HTTPStatus, Any)
      {
        let headers: HTTPHeaders = scenario.map { [HTTPHeaderName.mockScenario: $0] } ?? [:]
        let (response, _) = try await client.exchange(
          Request<Data>.raw(
            method, Endpoint(path), headers: headers,
            acceptableStatus: Set((200..<600).map { HTTPStatus($0) })))
        return (response.status, try JSONSerialization.jsonObject(with: response.body))
      }
      let (_, page) = try await json("/v1/products")
      #expect((page as? [String: Any])?["page"] as? Int == 1)
      let (status, cart) = try await json("/v1/carts", method: .post)
      #expect(status == 201)
      #expect((cart as? [String: Any])?["id"] as? String == "3f2c1a9e-0b7d-4c55-9a1e-2d3b4c5d6e7f")
      // No example: a sample that conforms to the schema, the recursive `related` cut short.
      let (_, product) = try await json("/v1/products/12")
      let object = try #require(product as? [String: Any])
      #expect(object["category"] as? String == "kitchen")
      #expect(object["added"] as? String == "2026-01-01T00:00:00Z")
      let (notFound, problem) = try await json("/v1/products/12", scenario: "404")
      #expect(notFound == 404 && (problem as? [String: Any])?["status"] != nil)
      let (locked, _) = try await json("/v1/login", scenario: "423", method: .post)
      #expect(locked == 423)
    }
  }

  @Test("every sample the shop's description generates conforms to it")
  func samplesConform() throws {
    let spec = try OpenAPIDocument.load(from: Shop.spec)
    let folder = FileManager.default.temporaryDirectory.appending(
      path: "yaia-samples-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    // The routes the description generates, checked against the description itself.
    let manifest = MockManifest(routes: spec.routes())
    let report = ContractCheck.check(
      manifest, manifestFile: "generated", fixtures: folder, against: spec)
    #expect(report.problems == [])
    #expect(report.responsesChecked == 10)  // every documented response of the six operations
  }

  @Test("a manifest's route overrides one operation; the rest still come from the description")
  func overrides() async throws {
    let spec = try OpenAPIDocument.load(from: Shop.spec)
    let manifest = try MockManifest.parse(
      "routes: [{ method: GET, path: /v1/products/:id, response: { json: { id: 1, name: Mine, price: 1, category: office } } }]",
      file: "m.yaml", fixtures: nil)
    try await withMockServer(manifest.routes + spec.routes()) { _, baseURL in
      let client = RemoteClient(baseURL: baseURL)
      let mine = try await client.send(Request<Data>.raw(.get, Endpoint("/v1/products/1")))
      #expect(String(decoding: mine, as: UTF8.self).contains("Mine"))
      _ = try await client.send(Request<Data>.raw(.get, Endpoint("/v1/products/featured")))
    }
  }

  /// The header a JSON body is sent with: the description's operations take JSON only.
  static let json: HTTPHeaders = [HTTPHeaderName.contentType: "application/json"]

  @Test("asked to, the server answers a request that breaks the description with a 400 saying why")
  func validatesRequests() async throws {
    var configuration = MockServer.Configuration()
    configuration.requestContract = try OpenAPIDocument.load(from: Shop.spec)
    configuration.strict = false
    let server = MockServer(
      routes: configuration.requestContract?.routes() ?? [], configuration: configuration)
    let client = RemoteClient(baseURL: try await server.start())
    let bad = try await client.exchange(
      Request<Data>.raw(
        .post, Endpoint("/v1/carts/x/items"), headers: Self.json,
        body: Data(#"{"quantity":0}"#.utf8), acceptableStatus: [400])
    ).0
    let problems = try #require(
      (try JSONSerialization.jsonObject(with: bad.body) as? [String: Any])?["problems"] as? [String]
    )
    #expect(
      problems == [
        #"the path parameter cartId: string "x" is not a uuid"#,
        "the body at $: the required field productId is missing",
        "the body at $.quantity: 0 is below the minimum 1",
      ])
    let noBody = try await client.exchange(
      Request<Data>.raw(.post, Endpoint("/v1/login"), acceptableStatus: [400])
    ).0
    #expect(String(decoding: noBody.body, as: UTF8.self).contains("the request needs a body"))
    let good = try await client.exchange(
      Request<Data>.raw(
        .post, Endpoint("/v1/carts/3f2c1a9e-0b7d-4c55-9a1e-2d3b4c5d6e7f/items"),
        headers: Self.json, body: Data(#"{"productId":7,"quantity":2}"#.utf8))
    ).0
    #expect(good.status == 200)
    let page = try await client.exchange(
      Request<Data>.raw(
        .get, Endpoint("/v1/products", query: [QueryItem("page", "0")]), acceptableStatus: [400])
    ).0
    #expect(
      String(decoding: page.body, as: UTF8.self).contains(
        "the query parameter page: 0 is below the minimum 1"))
    #expect(await server.journal().map(\.status.code) == [400, 400, 200, 400])
    await server.stop()
  }

  @Test("strict request checking is opt-in: an undescribed query item is then a 400")
  func strictRequests() async throws {
    var configuration = MockServer.Configuration()
    configuration.requestContract = try OpenAPIDocument.load(from: Shop.spec)
    configuration.strict = false
    configuration.strictRequestContract = true
    let server = MockServer(
      routes: configuration.requestContract?.routes() ?? [], configuration: configuration)
    let client = RemoteClient(baseURL: try await server.start())
    let tagged = try await client.exchange(
      Request<Data>.raw(
        .get, Endpoint("/v1/products", query: [QueryItem("page", "1"), QueryItem("utm", "a")]),
        acceptableStatus: [400])
    ).0
    #expect(
      String(decoding: tagged.body, as: UTF8.self).contains(
        "the query parameter utm is not described"))
    let plain = try await client.exchange(
      Request<Data>.raw(.get, Endpoint("/v1/products", query: [QueryItem("page", "1")])))
    #expect(plain.0.status == 200)
    await server.stop()
  }

  @Test("the shop's fixtures pass the contract check")
  func fixturesPass() throws {
    let spec = try OpenAPIDocument.load(from: Shop.spec)
    let manifest = try MockManifest.load(folder: Shop.fixtures)
    let report = ContractCheck.check(
      manifest, manifestFile: "manifest.yaml", fixtures: Shop.fixtures, against: spec)
    #expect(report.problems == [])
    #expect(report.routesChecked == 5 && report.responsesChecked == 6)
  }

  @Test("a fixture that drifts is named by file and line, for each way it drifts")
  func drift() throws {
    let folder = try Shop.copyOfFixtures()
    defer { try? FileManager.default.removeItem(at: folder) }
    let kettle = folder.appending(path: "products/kettle.json")
    try String(contentsOf: kettle, encoding: .utf8)
      .replacingOccurrences(of: #""price": 24.5,"#, with: #""price": "24.5","#)
      .replacingOccurrences(of: #""category": "kitchen","#, with: #""category": "bathroom","#)
      .write(to: kettle, atomically: true, encoding: .utf8)
    let manifestFile = folder.appending(path: "manifest.yaml")
    try
      (String(contentsOf: manifestFile, encoding: .utf8) + """
          - method: GET
            path: /v1/prodcts
            response: { json: [] }
          - method: DELETE
            path: /v1/products/7
            response: { status: 204 }
          - method: GET
            path: /v1/products
            query: { sort: price }
            response: { status: 418 }
          - method: POST
            path: /v1/carts
            response: { status: 201, json: { id: not-a-uuid, items: [{ quantity: 0 }] } }
          - method: GET
            path: /v1/products/featured
            response: { fault: malformed-json }
        """).write(to: manifestFile, atomically: true, encoding: .utf8)
    let report = ContractCheck.check(
      try MockManifest.load(folder: folder), manifestFile: "manifest.yaml", fixtures: folder,
      against: try OpenAPIDocument.load(from: Shop.spec))
    #expect(
      report.problems.map(\.description) == [
        #"products/kettle.json:4: route GET /v1/products/7, getProduct 200: $.price: expected number, found string "24.5""#,
        #"products/kettle.json:5: route GET /v1/products/7, getProduct 200: $.category: "bathroom" is not one of "kitchen", "garden", "office""#,
        "manifest.yaml:23: route GET /v1/prodcts: no operation of the description has the path /v1/prodcts (closest: /v1/products, /v1/carts, /v1/login)",
        "manifest.yaml:26: route DELETE /v1/products/7: the description has GET for /v1/products/{productId}, not DELETE",
        "manifest.yaml:29: route GET /v1/products: the query item sort is not a parameter of listProducts",
        // Each at the line of what is wrong: the response's status, the inline body.
        "manifest.yaml:32: route GET /v1/products: status 418 is not documented for listProducts (documented: 200)",
        "manifest.yaml:35: route POST /v1/carts, createCart 201: $: the required field total is missing",
        #"manifest.yaml:35: route POST /v1/carts, createCart 201: $.id: string "not-a-uuid" is not a uuid"#,
        "manifest.yaml:35: route POST /v1/carts, createCart 201: $.items[0]: the required field product is missing",
        "manifest.yaml:35: route POST /v1/carts, createCart 201: $.items[0].quantity: 0 is below the minimum 1",
      ])
    #expect(report.notChecked == ["route GET /v1/products/featured: a deliberate fault"])
  }

  @Test(
    "a hostile or broken description is refused with its line, offline and bounded",
    arguments: [
      (
        "openapi: 3.0.0\npaths:\n  /a:\n    get:\n      responses:\n        '200': { $ref: 'other.yaml#/x' }\n",
        6, "outside the document"
      ),
      (
        "openapi: 3.0.0\npaths:\n  /a:\n    get:\n      responses:\n        '200': { $ref: 'https://evil.example/x' }\n",
        6, "never files or the network"
      ),
      (
        "openapi: 3.0.0\npaths:\n  /a:\n    get:\n      responses:\n        '200': { $ref: '#/components/responses/A' }\ncomponents:\n  responses:\n    A: { $ref: '#/components/responses/B' }\n    B: { $ref: '#/components/responses/A' }\n",
        6, "references loop"
      ),
      (
        "openapi: 3.0.0\npaths:\n  /a:\n    get:\n      responses:\n        '200': { $ref: '#/components/responses/Missing' }\n",
        6, "names nothing"
      ),
      ("openapi: '2.0'\n", 1, "expected `openapi: 3.x`, or `swagger"),
      ("openapi: 3.0.0\npaths:\n  a: {}\n", 3, "a path starts with /"),
      (
        "openapi: 3.0.0\npaths:\n  /a:\n    get:\n      responses:\n        '299x': {}\n", 6,
        "keyed by a status"
      ),
      (
        "openapi: 3.0.0\npaths:\n  /a:\n    get:\n      responses:\n        '200':\n          content:\n            application/json:\n              schema: { type: strin }\n",
        9, "unknown type"
      ),
      ("openapi: 3.0.0\npaths: [\n", 3, "not valid YAML or JSON"),
    ])
  func hostile(text: String, line: Int, reason: String) {
    do {
      _ = try OpenAPIDocument.parse(text, file: "spec.yaml")
      Issue.record("accepted: \(text)")
    } catch {
      #expect(error.line == line, "\(error)")
      #expect(error.reason.contains(reason), "\(error)")
    }
  }

  @Test("a YAML alias bomb in a description is refused, not expanded")
  func aliasBomb() async throws {
    var text = "x0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
    for level in 1..<12 {
      text +=
        "x\(level): &a\(level) ["
        + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
    }
    text +=
      "openapi: 3.0.0\npaths:\n  /a:\n    get:\n      responses:\n        '200':\n          content:\n            application/json:\n              example: *a11\n"
    // Parsed on a thread of its own: walking the two million values the budget allows takes
    // seconds in a debug build (12 s on a busy machine), which on the cooperative pool would
    // stall every other test's bounded wait.
    let bomb = text
    let parsed = try await onThread {
      Result { try OpenAPIDocument.parse(bomb, file: "bomb.yaml") }
    }
    .value
    #expect(throws: OpenAPIError.self) { try parsed.get() }
  }

  @Test(
    "a schema that refers to itself, a deep $ref chain and a wide schema sample and check in bounds"
  )
  func recursiveSchemas() throws {
    var text = """
      openapi: 3.1.0
      paths:
        /tree:
          get:
            responses:
              '200':
                content:
                  application/json:
                    schema: { $ref: '#/components/schemas/Node' }
        /wide:
          get:
            responses:
              '200':
                content:
                  application/json:
                    schema: { $ref: '#/components/schemas/W0' }
      components:
        schemas:
          Node:
            type: object
            properties:
              children: { type: array, items: { $ref: '#/components/schemas/Node' } }
              parent: { $ref: '#/components/schemas/Node' }
              value: { type: [string, 'null'] }

      """
    // Six levels of objects with twenty properties each: 20⁶ values if sampled in full.
    for level in 0..<6 {
      text += "    W\(level):\n      type: object\n      properties:\n"
      for property in 0..<20 {
        text += "        p\(property): { $ref: '#/components/schemas/W\(level + 1)' }\n"
      }
    }
    text += "    W6: { type: integer }\n"
    let spec = try OpenAPIDocument.parse(text, file: "tree.yaml")
    let routes = spec.routes()
    #expect(routes.count == 2)
    for route in routes {
      guard case .single(let response) = route.responses, case .text(let body) = response.body
      else {
        Issue.record("no body for \(route.name)")
        continue
      }
      #expect(body.utf8.count < 4 << 20)
    }
    let report = ContractCheck.check(
      MockManifest(routes: routes), manifestFile: "generated", fixtures: nil, against: spec)
    #expect(
      report.problems.allSatisfy {
        $0.message.contains("too complex") || $0.message.contains("null")
      })
  }

  @Test("500 operations load")
  func manyOperations() throws {
    let spec = try OpenAPIDocument.parse(OpenAPISample.text(operations: 500), file: "big.yaml")
    #expect(spec.operations.count == 500)
    #expect(spec.routes().count == 500)
  }
}

@Suite("OpenAPI's neighbours: inputs a review found")
struct OpenAPINeighbourTests {
  static let spec = """
    openapi: 3.1.0
    info: { title: Pets, version: '1' }
    paths:
      /pets/{petId}:
        get:
          operationId: pet
          parameters: [{ name: petId, in: path, required: true, schema: { type: integer } }]
          responses:
            '200': { description: ok, content: { application/json: { schema: { type: string, maxLength: -1 } } } }
      /pets:
        get:
          operationId: pets
          parameters:
            - { name: n, in: query, schema: { type: integer, minimum: 10, exclusiveMinimum: 0 } }
            - { name: small, in: query, schema: { type: integer, format: int32 } }
          responses:
            '200': { description: ok, content: { application/json: { schema: { type: number, exclusiveMaximum: 0 } } } }
      /pets/mine:
        get:
          operationId: mine
          responses: { '200': { description: ok } }
      /files/{name}.json:
        get:
          operationId: file
          parameters: [{ name: name, in: path, required: true, schema: { type: string } }]
          responses: { '200': { description: ok } }
    """

  @Test("a concrete path wins over a template listed before it, and the order is a strict one")
  func order() throws {
    let document = try OpenAPIDocument.parse(Self.spec, file: "pets.yaml")
    #expect(document.operation(for: HTTPRequest(method: .get, path: "/pets/mine"))?.0.id == "mine")
    #expect(document.problems(with: HTTPRequest(method: .get, path: "/pets/mine")) == [])
  }

  @Test("samples keep to negative lengths and exclusive maximums; checks to the stricter bound")
  func bounds() throws {
    let document = try OpenAPIDocument.parse(Self.spec, file: "pets.yaml")
    let routes = document.routes()
    let bodies = routes.compactMap { route -> String? in
      guard case .single(let response) = route.responses, case .text(let body) = response.body
      else { return nil }
      return body
    }
    #expect(bodies.sorted() == [#""""#, "-1"])
    let report = ContractCheck.check(
      MockManifest(routes: routes), manifestFile: "generated", fixtures: nil, against: document)
    #expect(report.problems == [])
    let five = document.problems(with: HTTPRequest(method: .get, path: "/pets", query: ["n": "5"]))
    #expect(five?.count == 1)
    let least = document.problems(
      with: HTTPRequest(method: .get, path: "/pets", query: ["small": "-2147483648"]))
    #expect(least == [])
  }

  /// The body the mock serves for a GET whose 200 answer has `schema` (YAML flow text).
  static func servedBody(schema: String) throws -> String {
    let text = """
      openapi: 3.0.0
      paths:
        /a:
          get:
            responses:
              '200':
                content:
                  application/json:
                    schema: \(schema)
      """
    let document = try OpenAPIDocument.parse(text, file: "schema.yaml")
    let route = try #require(document.routes().first)
    guard case .single(let response) = route.responses, case .text(let body) = response.body else {
      Issue.record("no body")
      return ""
    }
    return body
  }

  @Test("samples are metered by the values they hold: nested arrays, copies and examples count")
  func samplesMetered() throws {
    // 24 levels of arrays of three: 3^24 values if every copy were free.
    var schema = "{type: integer, minimum: 1e999}"
    for _ in 0..<24 { schema = "{type: array, minItems: 3, items: \(schema)}" }
    let body = try Self.servedBody(schema: schema)
    #expect(body.utf8.count < 200_000, "\(body.utf8.count) bytes")
    // Still JSON: an infinite minimum is not written as `inf`.
    #expect(
      (try? JSONSerialization.jsonObject(with: Data(body.utf8))) != nil, "\(body.prefix(200))")
  }

  @Test(
    "a schema's own example larger than one sample's share is served whole, once, not as null"
  )
  func largeExampleServed() throws {
    // 20,000 items written out by the author: twice one sample's share of values.
    let items = (0..<20_000).map(String.init).joined(separator: ", ")
    let body = try Self.servedBody(
      schema: "{type: array, minItems: 3, items: {type: array, example: [\(items)]}}")
    let served = try #require(
      try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [[Int]], "\(body.prefix(200))")
    // The example whole, and not copied: the sample has nothing left after it.
    #expect(served.count == 1 && served.first?.count == 20_000)
  }

  @Test("references are found by index: many component schemas, and a response key written \"200\"")
  func references() throws {
    var text = "openapi: 3.0.0\ncomponents:\n  schemas:\n"
    for index in 0..<2_000 { text += "    S\(index): {type: string, enum: [s\(index)]}\n" }
    text +=
      "paths:\n  /a:\n    get:\n      responses:\n        \"200\":\n          content:\n            application/json:\n              schema:\n                type: object\n                properties:\n"
    for index in 0..<2_000 {
      text += "                  p\(index): {$ref: '#/components/schemas/S\(index)'}\n"
    }
    text +=
      "  /b:\n    get:\n      responses:\n        \"200\": {$ref: '#/paths/~1a/get/responses/200'}\n"
    let document = try OpenAPIDocument.parse(text, file: "many.yaml")
    #expect(document.operations.count == 2)
    let valid = Data(#"{"p0":"s0","p1999":"s1999"}"#.utf8)
    let wrong = Data(#"{"p0":"s1"}"#.utf8)
    #expect(document.problems(with: HTTPRequest(method: .get, path: "/a", body: valid)) == [])
    #expect(
      document.problems(with: HTTPRequest(method: .post, path: "/a", body: wrong)) == nil,
      "no such operation")
  }

  @Test("enum values are checked by set: a long enum and many items, and 0 is -0")
  func enumSet() throws {
    var schema = JSONSchema()
    schema.enumValues =
      (0..<5_000).map { JSONValue(.string("v\($0)")) } + [
        JSONValue(.number(0)), JSONValue(.null),
      ]
    var validator = SchemaValidator(schemas: [:])
    #expect(validator.violations(of: JSONValue(.string("v4999")), against: schema).isEmpty)
    #expect(validator.violations(of: JSONValue(.number(-0.0)), against: schema).isEmpty)
    #expect(validator.violations(of: JSONValue(.null), against: schema).isEmpty)
    #expect(validator.violations(of: JSONValue(.string("nope")), against: schema).count == 1)
    #expect(validator.violations(of: JSONValue(.bool(true)), against: schema).count == 1)
  }

  @Test("a parameter inside a segment of text is not demanded by name")
  func mixedSegment() throws {
    let document = try OpenAPIDocument.parse(Self.spec, file: "pets.yaml")
    #expect(document.problems(with: HTTPRequest(method: .get, path: "/files/a.json")) == [])
  }

  @Test("literal segments `:b` and `*` in a description match only themselves, in the middle too")
  func literalColonAndStar() throws {
    let document = try OpenAPIDocument.parse(
      """
      openapi: 3.0.0
      paths:
        /a/:b:
          get: {responses: {'200': {description: ok}}}
        /files/*/meta:
          get: {responses: {'200': {description: ok}}}
      """, file: "literal.yaml")
    let routes = document.routes()
    #expect(routes.count == 2)
    let colon = try #require(routes.first)
    #expect(colon.pattern.match("/a/:b") != nil)
    #expect(colon.pattern.match("/a/anything") == nil)
    let star = try #require(routes.last)
    #expect(star.pattern.match("/files/*/meta") != nil)
    #expect(star.pattern.match("/files/x/meta") == nil)
    #expect(document.problems(with: HTTPRequest(method: .get, path: "/a/other")) != [])
  }

  @Test("a fixture only YAML reads as JSON is not JSON to the check")
  func yamlOnlyFixture() throws {
    let document = try OpenAPIDocument.parse(Self.spec, file: "pets.yaml")
    let manifest = try MockManifest.parse(
      """
      routes:
        - { method: GET, path: /pets, response: { body: "{a: 1}" } }
      """, file: "manifest.yaml", fixtures: nil)
    let report = ContractCheck.check(
      manifest, manifestFile: "manifest.yaml", fixtures: nil, against: document)
    #expect(
      report.problems.map(\.message) == [
        "route GET /pets: the body is not JSON, or is too large to check"
      ])
  }
}

@Suite("yaia mock-server with OpenAPI, the command")
struct OpenAPICommandTests {
  @Test(
    "check passes the shop's fixtures (exit 0), names each drift by file:line (exit 1), and an unreadable description exits 2"
  )
  func check() async throws {
    let good = try await runYaia([
      "mock-server", "check", "--openapi", Shop.spec.path, "--fixtures", Shop.fixtures.path,
    ])
    #expect(good.status == 0, "\(good.output)")
    #expect(
      good.output.contains(
        "Checked 5 of 5 routes and 6 responses against 6 operations of Shop: 0 problem(s)."))
    let folder = try Shop.copyOfFixtures()
    defer { try? FileManager.default.removeItem(at: folder) }
    let kettle = folder.appending(path: "products/kettle.json")
    try String(contentsOf: kettle, encoding: .utf8)
      .replacingOccurrences(of: #""price": 24.5,"#, with: #""price": "\u001B[2J","#)
      .write(to: kettle, atomically: true, encoding: .utf8)
    let bad = try await runYaia([
      "mock-server", "check", "--openapi", Shop.spec.path, "--fixtures", folder.path,
    ])
    #expect(bad.status == 1)
    #expect(
      bad.output.contains(
        "\(folder.path)/products/kettle.json:4: route GET /v1/products/7, getProduct 200: $.price: expected number"
      ))
    #expect(!bad.output.contains("\u{1B}"))
    let missing = try await runYaia([
      "mock-server", "check", "--openapi", "/nonexistent/spec.yaml", "--fixtures", folder.path,
    ])
    #expect(
      missing.status == 2 && missing.output.contains("/nonexistent/spec.yaml: cannot be read"))
  }

  @Test(
    "a scenario's wrong status and a missing fixture are problems at their own lines (exit 1), named as the user named the folder"
  )
  func exactLines() async throws {
    let folder = try fixturesFolder(
      manifest: """
        routes:
          - method: GET
            path: /v1/products/7
            response:
              file: products/gone.json
            scenarios:
              teapot:
                status: 418
        """)
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try await runYaia([
      "mock-server", "check", "--openapi", Shop.spec.path, "--fixtures", folder.path,
    ])
    #expect(result.status == 1, "\(result.output)")
    let shown = folder.path + "/manifest.yaml"
    #expect(
      result.output.contains(
        "\(shown):5: route GET /v1/products/7: the fixture products/gone.json cannot be found in the fixtures folder"
      ), "\(result.output)")
    #expect(
      result.output.contains(
        "\(shown):8: route GET /v1/products/7, scenario teapot: status 418 is not documented for getProduct"
      ), "\(result.output)")
  }

  @Test("the demo's backend: its fixtures pass the check against its description (as CI runs it)")
  func demoBackend() async throws {
    let backend = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appending(path: "../../Sources/YaiaDemo/Backend").standardizedFileURL
    let result = try await runYaia([
      "mock-server", "check", "--openapi", backend.appending(path: "demo-api.openapi.yaml").path,
      "--fixtures", backend.appending(path: "demo-api").path,
    ])
    #expect(result.status == 0, "\(result.output)")
    #expect(result.output.contains("0 problem(s)"), "\(result.output)")
    #expect(result.output.contains("off the contract on purpose"), "\(result.output)")
  }

  @Test(
    "serve --openapi --validate-requests answers from the description and refuses what breaks it")
  func serve() async throws {
    let child = try ChildCommand(
      try yaiaExecutable(),
      ["mock-server", "--openapi", Shop.spec.path, "--validate-requests", "--port", "0"])
    let line = try await child.line(containing: "Serving")
    let address = try #require(line.split(separator: " ").first { $0.hasPrefix("http://") })
    let client = RemoteClient(baseURL: try #require(URL(string: String(address))))
    let cart = try await client.exchange(Request<Data>.raw(.post, Endpoint("/v1/carts"))).0
    #expect(cart.status == 201)
    let bad = try await client.exchange(
      Request<Data>.raw(.get, Endpoint("/v1/products/abc"), acceptableStatus: [400])
    ).0
    #expect(String(decoding: bad.body, as: UTF8.self).contains("expected integer"))
    child.process.interrupt()
    #expect(await child.exitStatus() != nil)
  }
}
