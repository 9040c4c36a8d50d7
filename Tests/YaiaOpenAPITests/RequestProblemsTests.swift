import Foundation
import Testing
import YaiaOpenAPI

/// A request checked against its description, with no server: parameters read in their
/// declared style, numbers as JSON writes them, bodies by their media type.
@Suite("Requests checked against a description: parameter styles, numbers, media types")
struct RequestProblemsTests {
  static let spec = """
    openapi: 3.0.3
    info: { title: Styles, version: '1' }
    paths:
      /search:
        get:
          parameters:
            - { name: tags, in: query, schema: { type: array, items: { type: string } } }
            - name: type
              in: query
              style: form
              explode: false
              schema: { type: array, items: { type: string, enum: [album, track, artist] } }
            - name: ids
              in: query
              style: pipeDelimited
              explode: false
              schema: { type: array, items: { type: integer } }
            - name: words
              in: query
              style: spaceDelimited
              explode: false
              schema: { type: array, items: { type: string }, maxItems: 3 }
            - name: filter
              in: query
              style: deepObject
              schema:
                type: object
                properties: { min: { type: integer }, max: { type: integer } }
                additionalProperties: false
            - { name: limit, in: query, schema: { type: integer, minimum: 1 } }
            - { name: ratio, in: query, schema: { type: number } }
          responses: { '200': { description: ok } }
      /items/{ids}:
        get:
          parameters:
            - { name: ids, in: path, required: true, schema: { type: array, items: { type: integer } } }
            - { name: X-Trace, in: header, required: true, schema: { type: string } }
          responses: { '200': { description: ok } }
      /notes:
        post:
          requestBody:
            required: true
            content:
              application/json:
                schema: { type: object, required: [text], properties: { text: { type: string } } }
          responses: { '201': { description: made } }
    """

  static func problems(
    _ target: String, method: HTTPMethod = .get, headers: HTTPHeaders = [:], body: String = ""
  )
    throws -> [String]?
  {
    let document = try OpenAPIDocument.parse(spec, file: "styles.yaml")
    return document.problems(
      with: HTTPRequest(method: method, path: target, headers: headers, body: Data(body.utf8)))
  }

  @Test(
    "lists and objects sent in their declared style conform",
    arguments: [
      "/search?tags=a&tags=b",  // form, exploded: the default
      "/search?type=album,track",  // form, not exploded: Spotify's
      "/search?ids=1|2|3",
      "/search?ids=1%7C2",  // the pipe percent-encoded, as URLComponents sends it
      "/search?words=red%20green",
      "/search?words=red+green",
      "/search?filter[min]=1&filter[max]=9",
      "/search?filter%5Bmin%5D=1",  // the brackets encoded
      "/search?limit=10&ratio=1e2",
      "/search?ratio=-0.5",
      "/search",
    ])
  func conforming(target: String) throws {
    #expect(try Self.problems(target) == [])
  }

  @Test(
    "a parameter sent wrongly is named with what is wrong",
    arguments: [
      ("/search?type=album,song", #"the query parameter type at [1]: "song" is not one of"#),
      (
        "/search?type=album&type=track",
        "the query parameter type is sent 2 times; a form list without explode is one value"
      ),
      ("/search?ids=1|x", #"the query parameter ids at [1]: expected integer, found string "x""#),
      ("/search?words=a%20b%20c%20d", "the query parameter words: 4 items, more than 3"),
      (
        "/search?filter[min]=x",
        #"the query parameter filter at min: expected integer, found string "x""#
      ),
      (
        "/search?filter[least]=1",
        "the query parameter filter at least: the field least is not in the schema"
      ),
      ("/search?filter[a][b]=1", "a deepObject takes one level of [name]"),
      ("/search?limit=0x10", #"the query parameter limit: expected integer, found string "0x10""#),
      ("/search?limit=1e2", #"the query parameter limit: expected integer, found string "1e2""#),
      ("/search?limit=10.0", #"the query parameter limit: expected integer, found string "10.0""#),
      ("/search?limit=2&limit=3", "the query parameter limit is sent 2 times; it takes one value"),
      ("/search?ratio=inf", #"the query parameter ratio: expected number, found string "inf""#),
      ("/search?ratio=0x1p3", #"expected number, found string "0x1p3""#),
    ])
  func wrong(target: String, expected: String) throws {
    let problems = try #require(try Self.problems(target))
    #expect(problems.count == 1)
    #expect(problems.first?.contains(expected) == true, "\(problems)")
  }

  @Test("path lists split at commas, headers are found without case, a required header is named")
  func pathAndHeader() throws {
    #expect(try Self.problems("/items/1,2,3", headers: ["x-trace": "t"]) == [])
    #expect(
      try Self.problems("/items/1,b", headers: ["X-Trace": "t"]) == [
        #"the path parameter ids at [1]: expected integer, found string "b""#
      ])
    #expect(try Self.problems("/items/1") == ["the header parameter X-Trace is required"])
  }

  @Test("a body is checked by its media type: JSON as its schema says, anything else refused")
  func mediaTypes() throws {
    let json: HTTPHeaders = ["Content-Type": "application/json; charset=utf-8"]
    #expect(
      try Self.problems("/notes", method: .post, headers: json, body: #"{"text":"hi"}"#) == [])
    #expect(
      try Self.problems(
        "/notes", method: .post, headers: ["Content-Type": "text/plain"], body: #"{"text":"hi"}"#)
        == ["the body is sent as text/plain; the operation takes application/json"])
    #expect(
      try Self.problems("/notes", method: .post, body: #"{"text":"hi"}"#)
        == ["the body is sent without a Content-Type; the operation takes application/json"])
    #expect(
      try Self.problems("/notes", method: .post, headers: json, body: #"{"text":1}"#)
        == ["the body at $.text: expected string, found number 1"])
    #expect(
      try Self.problems("/notes", method: .post, headers: json, body: "text") == [
        "the body is not JSON"
      ])
    #expect(try Self.problems("/notes", method: .post) == ["the request needs a body"])
  }

  @Test("a style a location does not allow is refused at its line")
  func wrongStyle() {
    let text = """
      openapi: 3.0.3
      info: { title: x, version: '1' }
      paths:
        /a:
          get:
            parameters:
              - name: q
                in: query
                style: matrix
            responses: { '200': { description: ok } }
      """
    #expect(throws: OpenAPIError.self) { try OpenAPIDocument.parse(text, file: "x.yaml") }
    do {
      _ = try OpenAPIDocument.parse(text, file: "x.yaml")
    } catch {
      #expect(error.line == 9)
      #expect(
        error.reason.contains(
          "a query parameter is form, spaceDelimited, pipeDelimited, deepObject"))
    }
  }

  @Test("a query of a million commas is not read into a million items")
  func longList() throws {
    let target = "/search?type=" + String(repeating: ",", count: 1_000_000)
    let problems = try #require(try Self.problems(target))
    #expect(problems == ["the list has more than 1000 items, the most read"])
  }

  /// Stripe's list filters: `created` is a `deepObject` whose schema is an integer or a range
  /// object (`anyOf`), sent as `created=1700000000` or `created[gte]=1700000000`.
  static let charges = """
    openapi: 3.0.3
    info: { title: Charges, version: '1' }
    paths:
      /v1/charges:
        get:
          parameters:
            - name: created
              in: query
              style: deepObject
              explode: true
              schema:
                anyOf:
                  - { $ref: '#/components/schemas/range_query_specs' }
                  - { type: integer }
          responses: { '200': { description: ok } }
    components:
      schemas:
        range_query_specs:
          type: object
          title: range_query_specs
          properties: { gt: { type: integer }, gte: { type: integer }, lt: { type: integer }, lte: { type: integer } }
    """

  @Test("a deepObject whose schema is a choice is read as the choice its form names")
  func deepObjectChoice() throws {
    let document = try OpenAPIDocument.parse(Self.charges, file: "charges.yaml")
    func problems(_ query: String) throws -> [String] {
      try #require(
        document.problems(with: HTTPRequest(method: .get, path: "/v1/charges?" + query)))
    }
    #expect(try problems("created=1700000000") == [])
    #expect(try problems("created[gte]=1700000000&created[lt]=1800000000") == [])
    #expect(
      try problems("created[gte]=abc")
        == [#"the query parameter created at gte: expected integer, found string "abc""#])
    #expect(
      try problems("created=abc") == [
        #"the query parameter created: expected integer, found string "abc""#
      ])
    #expect(
      try problems("created[gtx]=1")
        == ["the query parameter created has no key gtx; did you mean created[gt]?"])
  }

  @Test("a path parameter of several scalar choices is checked against all of them")
  func scalarChoices() throws {
    let document = try OpenAPIDocument.parse(
      """
      openapi: 3.0.3
      info: { title: Users, version: '1' }
      paths:
        /users/{idOrName}:
          get:
            parameters:
              - name: idOrName
                in: path
                required: true
                schema: { oneOf: [{ type: integer }, { type: string, pattern: '^[a-z]+$' }] }
            responses: { '200': { description: ok } }
      """, file: "users.yaml")
    func problems(_ path: String) throws -> [String] {
      try #require(document.problems(with: HTTPRequest(method: .get, path: path)))
    }
    #expect(try problems("/users/alice") == [])
    #expect(try problems("/users/ALICE") != [])
  }
}
