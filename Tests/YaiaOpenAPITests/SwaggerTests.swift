import Foundation
import Testing

@testable import YaiaOpenAPI

/// Swagger 2.0 descriptions read into the same operations as OpenAPI 3: base path,
/// definitions, body and form parameters, collection formats, produced JSON.
@Suite("Swagger 2.0 descriptions")
struct SwaggerTests {
  static let spec = """
    swagger: "2.0"
    info: { title: Chat, version: "1" }
    basePath: /api
    consumes: [application/json]
    produces: [application/json; charset=utf-8]
    paths:
      /conversations.list:
        get:
          parameters:
            - { name: types, in: query, type: array, items: { type: string, enum: [public, private] } }
            - { name: ids, in: query, type: array, collectionFormat: multi, items: { type: integer } }
            - { name: tags, in: query, type: array, collectionFormat: pipes, items: { type: string } }
            - { name: limit, in: query, type: integer, minimum: 1, maximum: 1000 }
            - { name: X-Token, in: header, type: string, required: true }
          responses:
            "200":
              description: ok
              schema: { $ref: "#/definitions/Conversations" }
              examples:
                application/json: { ok: true, channels: [{ id: C1, name: general }] }
      /chat.postMessage:
        post:
          parameters:
            - in: body
              name: message
              required: true
              schema: { $ref: "#/definitions/Message" }
          responses:
            "200": { description: ok, schema: { $ref: "#/definitions/Ok" } }
      /files.upload:
        post:
          consumes: [multipart/form-data]
          parameters:
            - { name: file, in: formData, type: file, required: true }
            - { name: title, in: formData, type: string }
          responses:
            "200": { description: ok }
      /files/{id}:
        parameters:
          - { name: id, in: path, required: true, type: string }
        get:
          produces: [application/octet-stream]
          responses:
            "200": { description: the bytes, schema: { type: file } }
    definitions:
      Ok:
        type: object
        required: [ok]
        properties: { ok: { type: boolean } }
      Message:
        type: object
        required: [channel, text]
        properties:
          channel: { type: string }
          text: { type: string, maxLength: 40000 }
      Conversations:
        allOf:
          - $ref: "#/definitions/Ok"
          - type: object
            required: [channels]
            properties:
              channels:
                type: array
                items:
                  type: object
                  required: [id]
                  properties: { id: { type: string }, name: { type: string } }
    """

  static func problems(
    _ target: String, method: HTTPMethod = .get, headers: HTTPHeaders = ["X-Token": "t"],
    body: String = ""
  ) throws -> [String]? {
    try OpenAPIDocument.parse(spec, file: "chat.yaml").problems(
      with: HTTPRequest(method: method, path: target, headers: headers, body: Data(body.utf8)))
  }

  @Test("operations under basePath; definitions referenced, merged and sampled")
  func operations() throws {
    let document = try OpenAPIDocument.parse(Self.spec, file: "chat.yaml")
    #expect(document.version == "2.0")
    #expect(
      Set(document.operations.map { "\($0.method) \($0.path)" }) == [
        "GET /api/conversations.list", "POST /api/chat.postMessage", "POST /api/files.upload",
        "GET /api/files/{id}",
      ])
    let list = try #require(document.operations.first { $0.path == "/api/conversations.list" })
    let ok = try #require(list.response(for: 200))
    #expect(ok.hasJSONBody)
    #expect(ok.mediaType == "application/json")
    #expect(ok.example?.text().contains("general") == true)
    var sampler = SchemaSampler(schemas: document.schemas)
    let schema = try #require(ok.schema)
    let sampled = sampler.sampleResponse(schema)
    let sample = try #require(sampled)
    var validator = SchemaValidator(schemas: document.schemas)
    let violations = validator.violations(of: sample, against: schema)
    #expect(violations.isEmpty, "\(violations) in \(sample.text())")
    // A file is not JSON: a body of another kind.
    let file = try #require(document.operations.first { $0.path == "/api/files/{id}" })
    #expect(file.response(for: 200)?.hasOtherBody == true)
    #expect(file.response(for: 200)?.hasJSONBody == false)
  }

  @Test(
    "collection formats read as their OpenAPI 3 styles",
    arguments: [
      "/api/conversations.list?types=public,private",  // csv, the default
      "/api/conversations.list?ids=1&ids=2",  // multi
      "/api/conversations.list?tags=a|b",  // pipes
      "/api/conversations.list?limit=10",
    ])
  func conforming(target: String) throws {
    #expect(try Self.problems(target) == [])
  }

  @Test(
    "a request that breaks a Swagger description is named with what is wrong",
    arguments: [
      ("/api/conversations.list?types=public,secret", #"the query parameter types at [1]"#),
      ("/api/conversations.list?ids=1,x", "the query parameter ids"),
      ("/api/conversations.list?limit=0", "the query parameter limit"),
    ])
  func breaking(target: String, expected: String) throws {
    let found = try #require(try Self.problems(target))
    #expect(found.contains { $0.hasPrefix(expected) }, "\(found)")
  }

  @Test("a body parameter is the request body, sent as what the operation consumes")
  func bodies() throws {
    let json: HTTPHeaders = ["Content-Type": "application/json"]
    #expect(
      try Self.problems(
        "/api/chat.postMessage", method: .post, headers: json,
        body: #"{"channel":"C1","text":"hi"}"#) == [])
    #expect(
      try Self.problems(
        "/api/chat.postMessage", method: .post, headers: json, body: #"{"channel":"C1"}"#)?
        .contains { $0.contains("text") } == true)
    #expect(
      try Self.problems("/api/chat.postMessage", method: .post, headers: json) == [
        "the request needs a body"
      ])
    #expect(
      try Self.problems(
        "/api/chat.postMessage", method: .post, headers: ["Content-Type": "text/plain"],
        body: #"{"channel":"C1","text":"hi"}"#)?.first?.contains(
          "the operation takes application/json")
        == true)
    // formData: a form body, as the operation's `consumes` says.
    let upload =
      "--x\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.txt\"\r\n\r\nhi\r\n--x--"
    #expect(
      try Self.problems(
        "/api/files.upload", method: .post,
        headers: ["Content-Type": "multipart/form-data; boundary=x"], body: upload) == [])
    // The required file field is checked now that forms are read field by field.
    #expect(
      try Self.problems(
        "/api/files.upload", method: .post,
        headers: ["Content-Type": "multipart/form-data; boundary=x"], body: "--x--")?.first?
        .contains("file") == true)
    #expect(
      try Self.problems(
        "/api/files.upload", method: .post, headers: ["Content-Type": "application/json"],
        body: "{}")?.first?.contains("multipart/form-data") == true)
  }

  @Test(
    "a Swagger version other than 2.0, and a bad collectionFormat, are typed errors at their line")
  func errors() {
    for (text, line, words) in [
      ("swagger: \"1.2\"\npaths: {}\n", 1, "swagger: \\\"2.0\\\""),
      (
        "swagger: \"2.0\"\npaths:\n  /a:\n    get:\n      parameters:\n        - { name: x, in: query, type: array, collectionFormat: commas }\n      responses: {}\n",
        6, "collectionFormat `commas`"
      ),
      ("swagger: \"2.0\"\nbasePath: v1\npaths: {}\n", 2, "`basePath`"),
    ] {
      let error = #expect(throws: OpenAPIError.self) {
        try OpenAPIDocument.parse(text, file: "s.yaml")
      }
      #expect(error?.line == line, "\(String(describing: error))")
      #expect(
        error?.reason.contains(words.replacingOccurrences(of: "\\", with: "")) == true,
        "\(String(describing: error))")
    }
  }

  @Test(
    "neighbours a review found: produces */*, ssv in a header, examples keyed with a charset, a body replaced by the operation's"
  )
  func reviewedNeighbours() throws {
    let text = """
      swagger: "2.0"
      info: { title: Edges, version: "1" }
      produces: ["*/*"]
      paths:
        /a:
          parameters:
            - { in: body, name: shared, required: true, schema: { type: object } }
          post:
            parameters:
              - { in: body, name: own, required: false, schema: { type: object } }
              - { name: X-Ids, in: header, type: array, collectionFormat: ssv, items: { type: integer } }
            responses:
              "200":
                description: ok
                schema: { type: object, properties: { id: { type: integer } } }
                examples: { "application/json;charset=UTF-8": { id: 7 } }
      """
    let document = try OpenAPIDocument.parse(text, file: "edges.yaml")
    let operation = try #require(document.operations.first)
    let ok = try #require(operation.response(for: 200))
    #expect(ok.hasJSONBody)
    #expect(ok.example?.text() == #"{"id":7}"#)
    // The operation's optional body replaces the path item's required one.
    #expect(!operation.requiresBody)
    #expect(
      document.problems(with: HTTPRequest(method: .post, path: "/a", headers: ["X-Ids": "1 2"]))
        == [])
  }
}
