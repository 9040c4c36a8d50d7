import FlyingFox
import Foundation
import Testing
import YaiaRemote
import YaiaTesting

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Credentials stay with their origin: redirects are followed by the client, hop by hop, by
/// the rules of `Redirect` (issue 26, part 3).
@Suite("Redirects")
struct RedirectTests {
  static let a = URL(string: "http://127.0.0.1:8001/start")!
  static func sent(_ url: URL = a, _ method: YaiaRemote.HTTPMethod = .get, body: Data? = nil)
    -> OutgoingRequest
  {
    OutgoingRequest(
      url: url, method: method,
      headers: [
        "Authorization": "Bearer secret", "Cookie": "session=1", "Proxy-Authorization": "Basic x",
        "Content-Type": "application/json", "Accept": "application/json",
      ], body: body)
  }
  /// The next request, failing the test when the response is not followed.
  static func follow(
    after response: YaiaRemote.HTTPResponse, to sent: OutgoingRequest, original: OutgoingRequest
  ) throws -> OutgoingRequest {
    guard let next = try Redirect.next(after: response, to: sent, original: original) else {
      throw RemoteError.invalidRequest("not followed")
    }
    return next
  }
  static func redirect(_ status: HTTPStatus, to location: String) -> YaiaRemote.HTTPResponse {
    YaiaRemote.HTTPResponse(status: status, headers: ["Location": location])
  }

  @Test(
    "a hop to another scheme, host or port drops Authorization, Cookie and Proxy-Authorization",
    arguments: [
      "http://127.0.0.1:8002/landing", "http://localhost:8001/landing",
      "http://127.0.0.2:8001/landing", "https://127.0.0.1:8001/landing",
    ])
  func crossOrigin(location: String) throws {
    let next = try Self.follow(
      after: Self.redirect(302, to: location), to: Self.sent(), original: Self.sent())
    #expect(next.url.absoluteString == location)
    #expect(next.header("Authorization") == nil)
    #expect(next.header("Cookie") == nil)
    #expect(next.header("Proxy-Authorization") == nil)
    #expect(next.header("Accept") == "application/json")
    #expect(next.redirectedFrom == Self.a)
    #expect(next.isRedirectToAnotherOrigin)
  }

  @Test("a hop within the origin keeps the fields; a default port is the same origin")
  func sameOrigin() throws {
    for location in ["/landing", "http://127.0.0.1:8001/landing?x=1", "landing"] {
      let next = try Self.follow(
        after: Self.redirect(307, to: location), to: Self.sent(), original: Self.sent())
      #expect(next.header("Authorization") == "Bearer secret", "\(location)")
      #expect(!next.isRedirectToAnotherOrigin)
    }
    let plain = URL(string: "http://example.com/a")!
    let next = try Self.follow(
      after: Self.redirect(301, to: "http://example.com:80/b"), to: Self.sent(plain),
      original: Self.sent(plain))
    #expect(next.header("Cookie") == "session=1")
  }

  @Test("https to http, and a Location that is no http(s) URL, are refused")
  func refused() {
    let secure = Self.sent(URL(string: "https://api.example.com/a")!)
    for location in ["http://api.example.com/a", "file:///etc/passwd", "ftp://x/y", "http://"] {
      #expect(throws: RemoteError.self, "\(location)") {
        try Redirect.next(after: Self.redirect(302, to: location), to: secure, original: secure)
      }
    }
  }

  @Test(
    "303, and 301 or 302 after a POST, continue as a GET without the body; 307 and 308 keep both")
  func methods() throws {
    let post = Self.sent(Self.a, .post, body: Data("{}".utf8))
    for status: HTTPStatus in [301, 302, 303] {
      let next = try Self.follow(after: Self.redirect(status, to: "/b"), to: post, original: post)
      #expect(next.method == .get && next.body == nil && next.header("Content-Type") == nil)
    }
    for status: HTTPStatus in [307, 308] {
      let next = try Self.follow(after: Self.redirect(status, to: "/b"), to: post, original: post)
      #expect(next.method == .post && next.body == Data("{}".utf8))
    }
    #expect(try Redirect.next(after: Self.redirect(304, to: "/b"), to: post, original: post) == nil)
    #expect(
      try Redirect.next(after: YaiaRemote.HTTPResponse(status: 302), to: post, original: post)
        == nil)
  }

  @Test("the client follows hops through its interceptors: a token is added at home, not elsewhere")
  func clientHops() async throws {
    let seen = Seen()
    let transport = Transport { request in
      await seen.add("\(request.url.absoluteString) \(request.header("Authorization") ?? "-")")
      switch (request.url.port, request.url.path) {
      case (8001, "/start"): return Self.redirect(302, to: "/home")
      case (8001, "/home"): return Self.redirect(302, to: "http://127.0.0.1:8002/away")
      default: return YaiaRemote.HTTPResponse(status: 204)
      }
    }
    let client = RemoteClient(
      baseURL: URL(string: "http://127.0.0.1:8001")!, transport: transport,
      interceptors: [BearerAuthenticator(token: "t1") { _ in "t2" }])
    _ = try await client.send(.empty(.get, Endpoint("/start")))
    #expect(
      await seen.values == [
        "http://127.0.0.1:8001/start Bearer t1", "http://127.0.0.1:8001/home Bearer t1",
        "http://127.0.0.1:8002/away -",
      ])
  }

  @Test("a redirect loop ends after maxRedirects with a typed error")
  func loop() async {
    var client = RemoteClient(
      baseURL: URL(string: "http://127.0.0.1:8001")!,
      transport: Transport { _ in Self.redirect(302, to: "/again") })
    client.maxRedirects = 3
    let result = await client.result(.empty(.get, Endpoint("/again")))
    guard case .failure(.redirectRefused(_, _, let reason)) = result else {
      Issue.record("expected a refused redirect, got \(result)")
      return
    }
    #expect(reason == "more than 3 redirects")
  }

  @Test("over URLSession, with two servers on two ports: the other one never sees the credentials")
  func overHTTP() async throws {
    let away = Seen()
    try await LoopbackServer.with { server in
      await server.appendRoute("GET /away") { request in
        await away.add(
          "\(request.headers[.authorization] ?? "-") \(request.headers[.cookie] ?? "-")")
        return FlyingFox.HTTPResponse(statusCode: .noContent)
      }
    } _: { awayURL in
      let home = Seen()
      try await LoopbackServer.with { server in
        await server.appendRoute("GET /start") { _ in
          var headers = FlyingFox.HTTPHeaders()
          headers[.location] = awayURL.appending(path: "away").absoluteString
          return FlyingFox.HTTPResponse(statusCode: .found, headers: headers)
        }
        await server.appendRoute("GET /same") { _ in
          var headers = FlyingFox.HTTPHeaders()
          headers[.location] = "/landing"
          return FlyingFox.HTTPResponse(statusCode: .temporaryRedirect, headers: headers)
        }
        await server.appendRoute("GET /landing") { request in
          await home.add(request.headers[.authorization] ?? "-")
          return FlyingFox.HTTPResponse(statusCode: .noContent)
        }
      } _: { homeURL in
        // No cookie jar: cookies other tests' servers set on 127.0.0.1 (cookies ignore the
        // port) must not be confused with the Cookie field this request carries.
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        let client = RemoteClient(
          baseURL: homeURL,
          transport: .urlSession(URLSession(configuration: configuration)))
        let headers: YaiaRemote.HTTPHeaders = ["Authorization": "Bearer secret", "Cookie": "s=1"]
        _ = try await client.send(.empty(.get, Endpoint("/start"), headers: headers))
        _ = try await client.send(.empty(.get, Endpoint("/same"), headers: headers))
      }
      #expect(await home.values == ["Bearer secret"])
    }
    let seenAway = await away.values
    #expect(seenAway == ["- -"], "\(seenAway)")
  }
}

/// What a transport or server saw, in order.
actor Seen {
  private(set) var values: [String] = []
  func add(_ value: String) { values.append(value) }
}
