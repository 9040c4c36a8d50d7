import Foundation
import Testing
import YaiaRemote

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("Request values, built with no network")
struct RequestValueTests {
  let base = URL(string: "http://api.test/v1")!

  @Test("a request factory's output compares with ==")
  func factoryEquality() {
    #expect(
      RatesRequests.latest(base: "USD")
        == .json(.get, Endpoint("/latest", query: [QueryItem("base", "USD")])))
    #expect(RatesRequests.latest(base: "USD") != RatesRequests.latest(base: "EUR"))
  }

  @Test("path parameters are filled in and percent-encoded; a value cannot add a slash")
  func pathParameters() throws {
    let endpoint = Endpoint("/devices/:id/name", parameters: ["id": "living room/1"])
    #expect(
      try endpoint.url(relativeTo: base).absoluteString
        == "http://api.test/v1/devices/living%20room%2F1/name")
  }

  @Test(
    "a parameter of `.`, `..` or nothing, which would change the path, is refused naming it",
    arguments: ["..", ".", ""])
  func dotParameters(_ value: String) {
    let error = #expect(throws: RemoteError.self) {
      try Endpoint("/users/:id/echo", parameters: ["id": value]).url(relativeTo: base)
    }
    guard case .invalidRequest(let message) = error else { return }
    #expect(message.contains("Path parameter ':id' of /users/:id/echo"), "\(message)")
    #expect(message.contains("would change the path"), "\(message)")
  }

  @Test("encoded dots and dot-containing ids stay one literal segment")
  func dotsInsideValues() throws {
    for (value, segment) in [
      ("%2E%2E", "%252E%252E"), ("...", "..."), ("a..b", "a..b"), ("../x", "..%2Fx"),
    ] {
      let url = try Endpoint("/users/:id/echo", parameters: ["id": value]).url(relativeTo: base)
      #expect(url.absoluteString == "http://api.test/v1/users/\(segment)/echo")
      #expect(url.standardized.absoluteString == url.absoluteString)
    }
  }

  @Test("a missing path parameter is an invalid request naming it")
  func missingParameter() {
    #expect(
      throws: RemoteError.invalidRequest(
        "Path parameter ':id' of /devices/:id has no value. Pass it in `parameters`.")
    ) {
      try Endpoint("/devices/:id").url(relativeTo: base)
    }
  }

  @Test("the query is appended in order")
  func query() throws {
    let endpoint = Endpoint(
      "/latest",
      query: [QueryItem("base", "USD"), QueryItem("symbols", "EUR,GBP"), QueryItem("debug", nil)])
    #expect(
      try endpoint.url(relativeTo: base).absoluteString
        == "http://api.test/v1/latest?base=USD&symbols=EUR,GBP&debug")
  }

  @Test("query names and values are encoded whole: + & = # ; ? and spaces cannot change the query")
  func queryEncoding() throws {
    let endpoint = Endpoint(
      "/search",
      query: [
        QueryItem("q", "a+b c"), QueryItem("x&y", "1=2#3;4?5"), QueryItem("tz", "+01:00"),
        QueryItem("name", "Zoë"),
      ])
    #expect(
      try endpoint.url(relativeTo: base).absoluteString
        == "http://api.test/v1/search?q=a%2Bb%20c&x%26y=1%3D2%233%3B4%3F5&tz=%2B01:00&name=Zo%C3%AB"
    )
  }

  @Test("a base URL's query is kept before the endpoint's, and its fragment is dropped")
  func baseWithQueryAndFragment() throws {
    let keyed = try #require(URL(string: "https://api.test/v1/?key=k%2B1#top"))
    #expect(
      try Endpoint("/latest", query: [QueryItem("base", "USD")]).url(relativeTo: keyed)
        .absoluteString == "https://api.test/v1/latest?key=k%2B1&base=USD")
    #expect(
      try Endpoint("latest").url(relativeTo: keyed).absoluteString
        == "https://api.test/v1/latest?key=k%2B1")
    let fragmentOnly = try #require(URL(string: "https://api.test/v1#section"))
    #expect(
      try Endpoint("/latest").url(relativeTo: fragmentOnly).absoluteString
        == "https://api.test/v1/latest")
  }

  @Test("an absolute endpoint ignores the base URL")
  func absolute() throws {
    let endpoint = Endpoint(url: URL(string: "https://cdn.test/images/speaker.png")!)
    #expect(
      try endpoint.url(relativeTo: base).absoluteString == "https://cdn.test/images/speaker.png")
  }

  @Test("a JSON body is encoded with its content type")
  func jsonBody() throws {
    struct Rename: Encodable { var nickname: String }
    let data = try Request<EmptyResponse>.empty(
      .put, Endpoint("/devices/:id", parameters: ["id": "7"])
    ).withJSONBody(Rename(nickname: "Desk"))
    #expect(data.headers["Content-Type"] == "application/json")
    #expect(data.body == Data(#"{"nickname":"Desk"}"#.utf8))

    struct Unencodable: Encodable {
      func encode(to encoder: any Encoder) throws {
        throw EncodingError.invalidValue(
          0, .init(codingPath: [], debugDescription: "no JSON for this"))
      }
    }
    let error = #expect(throws: RemoteError.self) {
      try Request<EmptyResponse>.empty(.post, Endpoint("/x")).withJSONBody(Unencodable())
    }
    #expect(error?.description.contains("The body of POST /x could not be encoded as JSON") == true)
  }

  @Test("an error keeps the request as it was sent, a value; its mirror hides credentials")
  func errorsKeepTheRequest() async throws {
    let client = RemoteClient(
      baseURL: base,
      transport: Transport { _ in YaiaRemote.HTTPResponse(status: 503) },
      interceptors: [BearerAuthenticator(token: "t-secret", refresh: { _ in "t-new" })])
    let result = await client.result(Request<Data>.raw(.delete, Endpoint("/speakers/7")))
    guard case .failure(let error) = result, let sent = error.request else {
      Issue.record("expected a status error, got \(result)")
      return
    }
    #expect(error.status == 503)
    #expect(sent.method == .delete && sent.url.absoluteString == "http://api.test/v1/speakers/7")
    #expect(sent.header("Authorization") == "Bearer t-secret")
    #expect(
      error.description.hasPrefix("DELETE http://api.test/v1/speakers/7 failed with HTTP 503"))

    var dumped = ""
    dump(error, to: &dumped)
    #expect(dumped.contains("Authorization: <redacted>"))
    #expect(!dumped.contains("t-secret"))
    #expect(RemoteError.cancelled.request == nil)
  }

  @Test("only idempotent methods are marked safe to retry")
  func idempotence() {
    #expect(
      HTTPMethod.get.isIdempotent && HTTPMethod.put.isIdempotent && HTTPMethod.delete.isIdempotent)
    #expect(!HTTPMethod.post.isIdempotent && !HTTPMethod.patch.isIdempotent)
    #expect(HTTPMethod(rawValue: "get") == .get)
  }

  @Test("an injected transport function stands in for the network")
  func injectedTransport() async throws {
    let client = RemoteClient(
      baseURL: base,
      transport: Transport { request in
        #expect(request.url.absoluteString == "http://api.test/v1/latest?base=USD")
        return YaiaRemote.HTTPResponse(status: 200, body: Data(ratesJSON.utf8))
      })
    let rates = try await RatesService(client: client).getLatest(base: "USD")
    #expect(rates.rates["EUR"] == 0.92)
  }

  @Test("the client's decoder is configurable, and a request can bring its own")
  func configurableDecoder() async throws {
    struct Speaker: Decodable, Sendable { var signalStrength: Int }
    let transport = Transport { _ in
      YaiaRemote.HTTPResponse(status: 200, body: Data(#"{"signal_strength":-40}"#.utf8))
    }
    let snakeCase = JSONDecoder()
    snakeCase.keyDecodingStrategy = .convertFromSnakeCase
    let client = RemoteClient(baseURL: base, transport: transport, decoder: snakeCase)
    let speaker = try await client.send(
      Request<Speaker>.json(.get, Endpoint("/speaker")))
    #expect(speaker.signalStrength == -40)

    let plainClient = RemoteClient(baseURL: base, transport: transport)
    let ownDecoder = Request<Speaker>(
      .get, Endpoint("/speaker"), decoding: .json(decoder: snakeCase))
    #expect(try await plainClient.send(ownDecoder).signalStrength == -40)
    let failing = await plainClient.result(
      Request<Speaker>.json(.get, Endpoint("/speaker")))
    #expect(failing.failureDescription.contains("signalStrength: key is missing"))
  }

  @Test("repeated header fields all reach the wire: joined by comma, cookies by semicolon")
  func repeatedFields() throws {
    var headers: HTTPHeaders = [:]
    headers.add("Accept", "application/json")
    headers.add("Cookie", "a=1")
    headers.add("accept", "text/plain")
    headers.add("Cookie", "b=2")
    headers.add("X-One", "x")
    var request = URLRequest(url: try #require(URL(string: "http://api.test/")))
    URLSessionEngine.setFields(headers, on: &request)
    #expect(
      request.value(forHTTPHeaderField: "Accept") == "application/json,text/plain"
        || request.value(forHTTPHeaderField: "Accept") == "application/json, text/plain")
    #expect(request.value(forHTTPHeaderField: "Cookie") == "a=1; b=2")
    #expect(request.value(forHTTPHeaderField: "X-One") == "x")
  }

  @Test("a received request sent on to a backend keeps its path, query, fields and body")
  func sentOn() throws {
    let received = HTTPRequest(
      method: .post, path: "/v1/items/a%2Fb", headers: ["X-Id": "7"], body: Data("{}".utf8),
      rawQuery: "tags=a&tags=b")
    let origin = try #require(URL(string: "https://api.example.com/base//"))
    let outgoing = try OutgoingRequest(received, sentOnTo: origin, timeout: .seconds(3))
    #expect(
      outgoing.url.absoluteString == "https://api.example.com/base/v1/items/a%2Fb?tags=a&tags=b")
    #expect(outgoing.method == .post)
    #expect(outgoing.header("x-id") == "7")
    #expect(outgoing.body == Data("{}".utf8))
    #expect(outgoing.timeout == .seconds(3))
  }
}
