import Foundation
import Testing
import YaiaOpenAPI

/// Form bodies as real APIs declare and send them (our own small description in each shape):
/// Stripe's URL-encoded bodies with nested objects and arrays, a multipart upload, Swagger
/// 2.0's `formData`. Each is checked field by field, as a JSON body is.
@Suite("Form bodies checked against the description, field by field")
struct FormBodyTests {
  static let spec = """
    openapi: 3.0.3
    info: { title: Forms, version: '1' }
    paths:
      /v1/charges:
        post:
          requestBody:
            required: true
            content:
              application/x-www-form-urlencoded:
                schema:
                  type: object
                  required: [amount, currency]
                  properties:
                    amount: { type: integer, minimum: 1 }
                    currency: { type: string, enum: [usd, eur] }
                    capture: { type: boolean }
                    metadata: { type: object, additionalProperties: { type: string } }
                    expand: { type: array, items: { type: string } }
                    items:
                      type: array
                      items:
                        type: object
                        properties: { price: { type: string }, quantity: { type: integer } }
                    created:
                      anyOf:
                        - { type: integer }
                        - type: object
                          properties: { gte: { type: integer }, lte: { type: integer } }
          responses: { '200': { description: ok } }
      /v1/files:
        post:
          requestBody:
            content:
              multipart/form-data:
                schema:
                  type: object
                  required: [purpose, file]
                  properties:
                    purpose: { type: string, enum: [dispute_evidence, identity_document] }
                    file: { type: string, format: binary }
          responses: { '200': { description: ok } }
    """

  static func problems(_ path: String, _ body: String, as type: String) throws -> [String] {
    let document = try OpenAPIDocument.parse(spec, file: "forms.yaml")
    return try #require(
      document.problems(
        with: HTTPRequest(
          method: .post, path: path, headers: ["Content-Type": type], body: Data(body.utf8))))
  }

  static let form = "application/x-www-form-urlencoded"

  @Test("a correct Stripe-shaped body passes: nested objects, indexed and repeated arrays")
  func correctForm() throws {
    let body =
      "amount=2000&currency=usd&capture=true&metadata[order_id]=6735&expand[]=customer"
      + "&expand[]=invoice&items[0][price]=price_1&items[0][quantity]=2&items[1][price]=price_2"
      + "&created=1700000000"
    #expect(try Self.problems("/v1/charges", body, as: Self.form) == [])
    #expect(
      try Self.problems(
        "/v1/charges", "amount=5&currency=eur&created[gte]=1700000000", as: Self.form)
        == [])
  }

  @Test("a wrong type, an enum value that does not exist and a missing field are named")
  func wrongForm() throws {
    let problems = try Self.problems(
      "/v1/charges", "amount=abc&currency=yen&items[0][quantity]=two", as: Self.form)
    #expect(problems.contains { $0.hasPrefix("the body at $.amount:") })
    #expect(problems.contains { $0.hasPrefix("the body at $.currency:") })
    #expect(problems.contains { $0.hasPrefix("the body at $.items[0].quantity:") })
    let missing = try Self.problems("/v1/charges", "amount=5", as: Self.form)
    #expect(missing.count == 1)
    #expect(missing.first?.contains("currency") == true)
    let created = try Self.problems(
      "/v1/charges", "amount=5&currency=usd&created[gte]=abc", as: Self.form)
    #expect(!created.isEmpty)
  }

  @Test("a multipart upload: the file is any bytes, the other fields are checked")
  func multipart() throws {
    let boundary = "----yaia7"
    func body(_ purpose: String) -> String {
      "--\(boundary)\r\nContent-Disposition: form-data; name=\"purpose\"\r\n\r\n\(purpose)\r\n"
        + "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.png\"\r\n"
        + "Content-Type: image/png\r\n\r\n\u{89}PNG\r\n--\(boundary)--\r\n"
    }
    let type = "multipart/form-data; boundary=\(boundary)"
    #expect(try Self.problems("/v1/files", body("dispute_evidence"), as: type) == [])
    let wrong = try Self.problems("/v1/files", body("selfie"), as: type)
    #expect(wrong.count == 1 && wrong.first?.hasPrefix("the body at $.purpose:") == true)
    let noBoundary = try Self.problems("/v1/files", body("selfie"), as: "multipart/form-data")
    #expect(
      noBoundary == ["the body is not a form: the multipart body's Content-Type names no boundary"])
  }

  @Test(
    "multipart framing as RFC 2046 has it: preamble and epilogue are no parts, a body cut short is no form"
  )
  func multipartFraming() throws {
    let boundary = "b0"
    let type = "multipart/form-data; boundary=\(boundary)"
    let file =
      "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a\"\r\n\r\nA\r\n"
    func part(_ value: String) -> String {
      file + "--\(boundary)\r\nContent-Disposition: form-data; name=\"purpose\"\r\n\r\n\(value)\r\n"
    }
    // A preamble before the first delimiter and an epilogue after the last are ignored, even
    // when the epilogue looks like another part.
    let framed =
      "a preamble\r\n" + part("dispute_evidence") + "--\(boundary)--\r\n" + part("selfie")
    #expect(try Self.problems("/v1/files", framed, as: type) == [])
    // The CRLF before a delimiter belongs to it: a value ending in a line break keeps it, and
    // `--b0` inside a line is text, not a delimiter.
    let inline = part("dispute_evidence") + "--\(boundary)--"
    #expect(try Self.problems("/v1/files", inline, as: type) == [])
    let notAtLineStart =
      file + "--\(boundary)\r\nContent-Disposition: form-data; name=\"purpose\"\r\n\r\n"
      + "dispute_evidence --\(boundary)\r\n--\(boundary)--"
    // The value is `dispute_evidence --b0`, no enum value.
    #expect(try Self.problems("/v1/files", notAtLineStart, as: type).count == 1)
    // A body without its closing delimiter is not a form: its last part may be cut off.
    let cut = try Self.problems("/v1/files", part("dispute_evidence"), as: type)
    #expect(cut.count == 1 && cut.first?.contains("closing delimiter --b0--") == true)
    // The boundary inside a part, followed by text, is refused rather than read as a part.
    let inside = try Self.problems(
      "/v1/files", part("x") + "--\(boundary)x\r\n--\(boundary)--", as: type)
    #expect(inside.count == 1 && inside.first?.contains("followed by text") == true)
  }

  @Test("Swagger 2.0 formData fields: types, enums and required fields checked")
  func swaggerFormData() throws {
    let spec = """
      swagger: '2.0'
      info: { title: Chat, version: '1' }
      paths:
        /chat.postMessage:
          post:
            consumes: [application/x-www-form-urlencoded]
            parameters:
              - { name: channel, in: formData, type: string, required: true }
              - { name: as_user, in: formData, type: boolean }
              - { name: attempts, in: formData, type: integer }
            responses: { '200': { description: ok } }
      """
    let document = try OpenAPIDocument.parse(spec, file: "chat.yaml")
    func problems(_ body: String) throws -> [String] {
      try #require(
        document.problems(
          with: HTTPRequest(
            method: .post, path: "/chat.postMessage", headers: ["Content-Type": Self.form],
            body: Data(body.utf8))))
    }
    #expect(try problems("channel=C1&as_user=true&attempts=3") == [])
    let wrong = try problems("as_user=maybe&attempts=3.5")
    #expect(wrong.count == 3, "\(wrong)")
  }

  @Test("hostile form bodies are named, never trapped on")
  func hostile() throws {
    for body in [
      "=&&&=", "a[", "a]", "a[b", String(repeating: "a[b]", count: 40) + "=1", "%zz=%zz",
      String(repeating: "x=1&", count: 20_000),
    ] {
      _ = try Self.problems("/v1/charges", body, as: Self.form)
    }
    let deep = try Self.problems(
      "/v1/charges", "amount=1&currency=usd&" + "m" + String(repeating: "[a]", count: 40) + "=1",
      as: Self.form)
    #expect(deep.contains { $0.contains("does not read") })
  }

  @Test("a misspelt query parameter is named with the one meant; other undescribed items pass")
  func misspeltQuery() throws {
    let spec = """
      openapi: 3.0.3
      info: { title: Q, version: '1' }
      paths:
        /v1/customers:
          get:
            parameters:
              - { name: limit, in: query, schema: { type: integer } }
              - { name: starting_after, in: query, schema: { type: string } }
              - name: created
                in: query
                style: deepObject
                schema: { type: object, properties: { gte: { type: integer } } }
            responses: { '200': { description: ok } }
      """
    let document = try OpenAPIDocument.parse(spec, file: "q.yaml")
    func problems(_ query: String) throws -> [String] {
      try #require(
        document.problems(
          with: HTTPRequest(method: .get, path: "/v1/customers", rawQuery: query)))
    }
    #expect(
      try problems("limt=5")
        == ["the query parameter limt is not described; did you mean limit?"])
    #expect(try problems("limit=5&created[gte]=1&_=1700000000&utm_source=mail") == [])
    #expect(try problems("starting_aftr=cus_1").first?.contains("starting_after") == true)
  }

  @Test(
    "strict: every undescribed query item and header is named, API keys and standard headers aside")
  func strictUndescribed() throws {
    let spec = """
      openapi: 3.0.3
      info: { title: Shop, version: '1' }
      paths:
        /products:
          get:
            parameters:
              - { name: limit, in: query, schema: { type: integer } }
              - { name: X-Client-Version, in: header, schema: { type: string } }
            responses: { '200': { description: ok } }
      components:
        securitySchemes:
          key: { type: apiKey, in: query, name: api_key }
          token: { type: apiKey, in: header, name: X-Api-Token }
      """
    let document = try OpenAPIDocument.parse(spec, file: "shop.yaml")
    func problems(_ query: String, _ headers: HTTPHeaders = [:], strict: Bool = true) throws
      -> [String]
    {
      try #require(
        document.problems(
          with: HTTPRequest(method: .get, path: "/products", headers: headers, rawQuery: query),
          strict: strict))
    }
    let standard: HTTPHeaders = [
      "Accept": "application/json", "User-Agent": "Shop/1", "Authorization": "Bearer t",
      "x-client-version": "1.0", "X-Api-Token": "secret",
    ]
    #expect(try problems("limit=5&api_key=k", standard) == [])
    #expect(
      try problems("limit=5&_=1700000000", ["X-Clent-Version": "1.0", "X-Debug": "1"]) == [
        "the query parameter _ is not described",
        "the header X-Clent-Version is not described; did you mean x-client-version?",
        "the header X-Debug is not described",
      ])
    // Lenient (the server's default): only the near misses.
    #expect(try problems("_=1700000000&limt=1", ["X-Debug": "1"], strict: false).count == 1)
  }

  /// A form with OpenAPI 3's `encoding`: a list sent unexploded (`ids=1,2`), one with pipes,
  /// an object as pairs, and a multipart upload whose icon must be an image and whose
  /// metadata is a JSON part.
  static let encoded = """
    openapi: 3.0.3
    info: { title: Encoded, version: '1' }
    paths:
      /search:
        post:
          requestBody:
            content:
              application/x-www-form-urlencoded:
                schema:
                  type: object
                  properties:
                    ids: { type: array, items: { type: integer } }
                    tags: { type: array, items: { type: string, enum: [a, b, c] } }
                    point: { type: object, properties: { x: { type: integer }, y: { type: integer } } }
                encoding:
                  ids: { style: form, explode: false }
                  tags: { style: pipeDelimited }
                  point: { explode: false }
          responses: { '200': { description: ok } }
      /apps:
        post:
          requestBody:
            content:
              multipart/form-data:
                schema:
                  type: object
                  required: [icon]
                  properties:
                    icon: { type: string, format: binary }
                    metadata: { type: object, properties: { version: { type: integer } } }
                encoding:
                  icon: { contentType: 'image/png, image/jpeg' }
          responses: { '200': { description: ok } }
    """

  @Test("a form's encoding: unexploded lists and objects split, part types and JSON parts checked")
  func encoding() throws {
    let document = try OpenAPIDocument.parse(Self.encoded, file: "encoded.yaml")
    func form(_ body: String) throws -> [String] {
      try #require(
        document.problems(
          with: HTTPRequest(
            method: .post, path: "/search",
            headers: ["Content-Type": "application/x-www-form-urlencoded"], body: Data(body.utf8))))
    }
    #expect(try form("ids=1,2,3&tags=a|c&point=x,1,y,2") == [])
    #expect(try form("ids=1,x") == [#"the body at $.ids[1]: expected integer, found string "x""#])
    #expect(try form("tags=a|z").first?.contains("$.tags[1]") == true)
    #expect(try form("point=x,1,y,z").first?.contains("$.point.y") == true)

    func upload(iconType: String, metadata: String) throws -> [String] {
      let body = [
        "--B", #"Content-Disposition: form-data; name="icon"; filename="i.png""#,
        "Content-Type: \(iconType)", "", "\u{89}PNG", "--B",
        #"Content-Disposition: form-data; name="metadata""#, "Content-Type: application/json", "",
        metadata, "--B--", "",
      ].joined(separator: "\r\n")
      return try #require(
        document.problems(
          with: HTTPRequest(
            method: .post, path: "/apps",
            headers: ["Content-Type": "multipart/form-data; boundary=B"], body: Data(body.utf8))))
    }
    #expect(try upload(iconType: "image/png", metadata: #"{"version": 2}"#) == [])
    #expect(
      try upload(iconType: "text/plain", metadata: #"{"version": 2}"#) == [
        "the body's part icon is sent as text/plain; the description takes image/png, image/jpeg"
      ])
    #expect(
      try upload(iconType: "image/jpeg", metadata: #"{"version": "two"}"#) == [
        #"the body at $.metadata.version: expected integer, found string "two""#
      ])
  }
}
