import Foundation
import Testing
import YaiaHTTP

@Suite("The shared HTTP values")
struct HTTPValueTests {
  @Test("header names are compared without case, kept as written, and replaced in place")
  func headerNames() {
    var headers: HTTPHeaders = ["Content-Type": "application/json", "Accept": "*/*"]
    #expect(headers["content-type"] == "application/json")
    #expect(headers["CONTENT-TYPE"] == "application/json")
    #expect(headers.contains("accept"))
    headers["content-TYPE"] = "text/plain"
    #expect(headers.fields.map(\.name) == ["content-TYPE", "Accept"])  // the first one's place
    headers["ACCEPT"] = nil
    #expect(headers.fields.map(\.name) == ["content-TYPE"])
    #expect(headers["Accept"] == nil)
  }

  @Test("a field sent twice reads as its values joined; equality ignores the names' case")
  func repeatedFields() {
    var headers = HTTPHeaders()
    headers.add("Cache-Control", "no-cache")
    headers.add("cache-control", "no-store")
    #expect(headers["Cache-Control"] == "no-cache, no-store")
    #expect(Array(headers).map(\.value) == ["no-cache", "no-store"])
    let upper: HTTPHeaders = ["X-A": "1"]
    let lower: HTTPHeaders = ["x-a": "1"]
    #expect(upper == lower)
    #expect(upper.hashValue == lower.hashValue)
    #expect(upper != ["x-a": "2"])
    #expect(HTTPHeaders(["b": "2", "a": "1"]).fields.map(\.name) == ["a", "b"])
    #expect(HTTPHeaders.same("Straße", "STRASSE") == false)  // ASCII case only
  }

  @Test("statuses carry their reason phrase; methods are upper-cased")
  func statusAndMethod() throws {
    #expect(HTTPStatus(404).description == "404 Not Found")
    #expect(HTTPStatus(431).reasonPhrase == "Request Header Fields Too Large")
    #expect(HTTPStatus(299).reasonPhrase == "Status")
    #expect(HTTPStatus(204).isSuccess && !HTTPStatus(304).isSuccess)
    #expect(HTTPStatus(200) < 404)
    #expect(String(decoding: try JSONEncoder().encode([HTTPStatus(201)]), as: UTF8.self) == "[201]")
    #expect(try JSONDecoder().decode([HTTPStatus].self, from: Data("[418]".utf8)) == [418])
    let method: HTTPMethod = "patch"
    #expect(method == .patch)
    #expect(method.description == "PATCH")
    #expect(HTTPMethod.put.isIdempotent && !HTTPMethod.post.isIdempotent)
  }

  @Test("what may be written in a head: control characters go by scalar, names keep tokens only")
  func writableFields() {
    #expect(HTTPHeaders.writableValue("a\r\nSet-Cookie: x") == "aSet-Cookie: x")
    #expect(HTTPHeaders.writableValue("a\u{1B}[1m\u{7}\u{0}\u{7F}\u{85}b\tc") == "a[1mb\tc")
    #expect(HTTPHeaders.writableValue("plain, ünïcode") == "plain, ünïcode")
    #expect(HTTPHeaders.writableName("X-Trace") == "X-Trace")
    #expect(HTTPHeaders.writableName("Bad Name:\r\n") == "BadName")
    #expect(HTTPHeaders.writableName("\r\n: ").isEmpty)
  }

  @Test("a request keeps its query as sent and reads its first values; a path may carry it")
  func requestQuery() {
    let sent = HTTPRequest(method: .get, path: "/pets?tags=a&tags=b&name=ada%20l&bad=%zz")
    #expect(sent.path == "/pets")
    #expect(sent.rawQuery == "tags=a&tags=b&name=ada%20l&bad=%zz")
    #expect(sent.query == ["tags": "a", "name": "ada l", "bad": "%zz"])
    #expect(sent.summary == "GET /pets")
    #expect("\(sent)" == "GET /pets")  // never the query, which may carry a credential

    // A query given as a dictionary is written out, names in order, percent-encoded.
    var byHand = HTTPRequest(method: .post, path: "/s", query: ["b": "2 3", "a": "&"])
    #expect(byHand.rawQuery == "a=%26&b=2%203")
    #expect(byHand.query == ["a": "&", "b": "2 3"])
    byHand.rawQuery = "c=1"
    #expect(byHand.query == ["c": "1"])
    byHand.query = ["d": "4"]
    #expect(byHand.rawQuery == "d=4")
    // The query as sent decides: a dictionary beside it is not used, so the two never differ.
    let both = HTTPRequest(method: .get, path: "/s", query: ["x": "1"], rawQuery: "y=2")
    #expect(both.query == ["y": "2"])
    #expect(HTTPRequest(method: .get, path: "/s", query: ["é": "ü"]).rawQuery == "%C3%A9=%C3%BC")

    // The path is the one on the wire, which a plain request hands to a contract as it is.
    let base = URL(string: "https://api.example.com/v1")!
    #expect(sent.wire(relativeTo: base) == sent)
    #expect(!sent.readsJSONAnswer)
  }

  @Test("a response describes its status and the start of its body, never more than 200 bytes")
  func responseDescription() {
    #expect("\(HTTPResponse(status: 404))" == "HTTP 404 (Not Found)")
    let long = HTTPResponse(status: 500, body: Data(repeating: UInt8(ascii: "x"), count: 300))
    #expect("\(long)".hasSuffix("… (300 bytes)"))
    #expect(
      HTTPResponse(status: 200, headers: ["Content-Type": "a/b"]).header("content-type") == "a/b")
  }

  @Test("one path template reads a route's :id and an API's {id} alike; an API path never fails")
  func pathTemplates() throws {
    let colon = try PathTemplate("/devices/:id/name")
    let braces = try PathTemplate("/devices/{id}/name")
    #expect(colon.segments == braces.segments)
    #expect(braces.match("/devices/kitchen%201/name") == ["id": "kitchen 1"])
    #expect(braces.match("/devices") == nil)
    #expect(try PathTemplate("/images/*").match("/images/a/b.png") == ["*": "a/b.png"])
    #expect(
      try PathTemplate("/files/{name}.json").segments == [
        .literal("files"), .literal("{name}.json"),
      ])
    #expect(try PathTemplate("/a/./b").match("/a/b") == [:])

    // An OpenAPI path: only {name} captures; `:b` and `*` are literals; a mixed segment, an
    // empty or repeated name is a parameter of its own.
    let api = PathTemplate(openAPIPath: "/pets/{petId}/:b/*/{x}.json/{}/{petId}")
    #expect(
      api.segments == [
        .literal("pets"), .parameter("petId"), .literal(":b"), .literal("*"), .parameter("_4"),
        .parameter("_5"), .parameter("_6"),
      ])
    #expect(api.routeText == "/pets/:petId/:b/*/:_4/:_5/:_6")
    #expect(api.text == "/pets/{petId}/:b/*/{x}.json/{}/{petId}")
    #expect(api.match("/pets/7/:b/*/x.json/y/z")?["petId"] == "7")
    #expect(api.match("/pets/7/c/*/x.json/y/z") == nil)
    #expect(api.parameterNames == ["petId", "_4", "_5", "_6"])
    #expect(
      "\(PathTemplate.Invalid(text: "/a/*/b", reason: "* may only end a pattern"))"
        == "invalid path pattern /a/*/b: * may only end a pattern")
  }
}
