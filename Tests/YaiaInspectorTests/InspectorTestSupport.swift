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

/// A GET or POST to the inspector, as a page or a stranger makes it.
func request(
  _ base: URL, _ path: String, method: String = "GET", query: [String: String] = [:],
  headers: [String: String] = [:], body: Data? = nil
) async throws -> (status: Int, body: Data) {
  var components = URLComponents(url: base, resolvingAgainstBaseURL: false)!
  components.path = path
  components.queryItems = query.sorted { $0.key < $1.key }.map {
    URLQueryItem(name: $0.key, value: $0.value)
  }
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
