import Foundation
import Testing
import Yaia
import YaiaInspector

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A small login screen whose events are `Codable`: what the inspector tests stream, export
/// and replay.
struct SignInState: ShellState {
  enum Event: Codable, Equatable, Sendable {
    case typedName(String)
    case typedPassword(Password)
    case submit
    case answered(accepted: Bool)
  }

  enum Command: Equatable, Sendable {
    case signIn(name: String, password: Password)
    case showHome
  }

  struct ViewModel: Equatable, Sendable {
    var name: String
    var passwordLength: Int
    var isLoading: Bool
    var error: String?
  }

  var name = ""
  var password = Password("")
  var isLoading = false
  var error: String?

  mutating func handle(_ event: Event) -> [Command] {
    switch event {
    case .typedName(let text):
      name = text
      return []
    case .typedPassword(let secret):
      password = secret
      return []
    case .submit:
      guard !name.isEmpty else {
        error = "Enter your name"
        return []
      }
      isLoading = true
      error = nil
      return [.signIn(name: name, password: password)]
    case .answered(let accepted):
      isLoading = false
      error = accepted ? nil : "Wrong password"
      return accepted ? [.showHome] : []
    }
  }

  var viewModel: ViewModel {
    ViewModel(
      name: name, passwordLength: password.value.count, isLoading: isLoading, error: error)
  }
}

/// A password: never read by the inspector.
struct Password: Codable, Equatable, Sendable, InspectorSecret {
  var value: String
  init(_ value: String) { self.value = value }
}

/// A GET or POST to the inspector, as a page, an app or a stranger makes it. A `token` in
/// `query` is never sent: it is the key the request proves it holds, as the page does
/// (``PageProof``: a page's session, then this request's proof) or, for a batch, as an app does
/// (``InspectorHandshake``: the `Yaia-Connection` header). Without one, the request goes as is.
func request(
  _ base: URL, _ path: String, method: String = "GET", query: [String: String] = [:],
  headers: [String: String] = [:], body: Data? = nil
) async throws -> (status: Int, body: Data) {
  var items = query.sorted { $0.key < $1.key }.filter { $0.key != "token" }.map {
    (name: $0.key, value: $0.value)
  }
  var headers = headers
  if let token = query["token"] {
    let port = try #require(base.port)
    if path == "/api/apps" {
      headers[InspectorHandshake.header] = try await appConnection(base, token: token)
    } else {
      let session = try await pageSession(base, token: token)
      if path == "/api/send", let body {
        items.append((PageProof.bodyItem, PageProof.bodyDigest(body)))
      }
      let message = PageProof.requestMessage(
        port: port, session: session, counter: 1, method: method, path: path, items: items)
      items.append(
        (
          PageProof.item,
          PageProof.requestProof(token: token, session: session, counter: 1, message: message)
        ))
    }
  }
  return try await send(base, path, method: method, items: items, headers: headers, body: body)
}

/// `path?query` for a page's request: `items` and this request's proof, percent-encoded, as
/// the page's script writes it into a URL (for a test that writes the request by hand).
func pageTarget(
  _ base: URL, token: String, method: String, path: String,
  items: [(name: String, value: String)]
) async throws -> String {
  let session = try await pageSession(base, token: token)
  let message = PageProof.requestMessage(
    port: try #require(base.port), session: session, counter: 1, method: method, path: path,
    items: items)
  var components = URLComponents()
  components.path = path
  components.queryItems =
    (items + [
      (
        PageProof.item,
        PageProof.requestProof(token: token, session: session, counter: 1, message: message)
      )
    ]).map { URLQueryItem(name: $0.0, value: $0.1) }
  return try #require(components.string)
}

/// Sends exactly the query items given, in their order.
func send(
  _ base: URL, _ path: String, method: String, items: [(name: String, value: String)],
  headers: [String: String] = [:], body: Data? = nil
) async throws -> (status: Int, body: Data) {
  var components = URLComponents(url: base, resolvingAgainstBaseURL: false)!
  components.path = path
  components.queryItems =
    items.isEmpty ? nil : items.map { URLQueryItem(name: $0.name, value: $0.value) }
  var request = URLRequest(url: components.url!)
  request.httpMethod = method
  request.httpBody = body
  request.timeoutInterval = 10
  for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
  let (data, response) = try await awayFromCooperativePool {
    try await URLSession.shared.data(for: request)
  }
  return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
}

/// A page's session at the inspector at `base`, as the page's script opens one: the session
/// nonce, whether or not the inspector proved it holds `token` (a test of a wrong token goes on
/// to be refused).
func pageSession(_ base: URL, token: String) async throws -> String {
  let (_, answer) = try await send(
    base, "/api/connect", method: "POST",
    items: [("role", PageProof.role), ("nonce", InspectorHandshake.nonce())])
  let fields = try #require(try JSONSerialization.jsonObject(with: answer) as? [String: String])
  return try #require(fields["nonce"])
}

/// The `Yaia-Connection` header for one batch, after the app's handshake with the inspector at
/// `base`.
func appConnection(_ base: URL, token: String) async throws -> String {
  let appNonce = InspectorHandshake.nonce()
  let (_, answer) = try await send(
    base, "/api/connect", method: "POST", items: [("nonce", appNonce)])
  let fields = try #require(try JSONSerialization.jsonObject(with: answer) as? [String: String])
  let handshake = InspectorHandshake(
    appNonce: appNonce, inspectorNonce: try #require(fields["nonce"]),
    port: try #require(base.port))
  return handshake.headerValue(token: token)
}

/// Opens a page and, as it, asks the app of `session` to jump shell 1 back to the state after
/// step `index`; the status the inspector answered (202 when the jump waits for the app).
func askJump(_ base: URL, token: String, session: String, to index: Int) async throws -> Int {
  let page = try await openPage(base, token: token)
  let (status, _) = try await request(
    base, "/api/jump", method: "POST",
    query: ["token": token, "shell": "\(session):1", "index": "\(index)", "page": "\(page)"])
  return status
}

/// A new page's id, as the page asks for one when it opens.
func openPage(_ base: URL, token: String) async throws -> Int {
  let (_, pageData) = try await request(
    base, "/api/pages", method: "POST", query: ["token": token])
  return try #require(
    (try JSONSerialization.jsonObject(with: pageData) as? [String: Int])?["page"])
}
