import Foundation
import YaiaRemote

/// The sample app's API, as request values: each function builds a request and nothing else,
/// so tests compare them with `==` and the shell sends them with a `RemoteClient`.
enum DemoAPI {
  /// The version of the sample app, sent to the version check.
  static let appVersion = "1.0"

  /// The answer of the version check.
  struct VersionCheck: Codable, Hashable, Sendable {
    /// Whether this version must be updated before it can be used.
    var updateRequired: Bool
    /// The oldest version the server accepts.
    var minimumVersion: String

    /// A version check answer.
    init(updateRequired: Bool, minimumVersion: String) {
      self.updateRequired = updateRequired
      self.minimumVersion = minimumVersion
    }

    /// Decodes an answer, refusing a version that is not a short run of digits and dots.
    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      updateRequired = try container.decode(Bool.self, forKey: .updateRequired)
      minimumVersion = try IncomingText.checked(
        container.decode(String.self, forKey: .minimumVersion), field: "minimum version",
        limit: 32, codingPath: container.codingPath + [CodingKeys.minimumVersion],
        allowed: IncomingText.isVersion)
    }
  }

  /// The app's configuration: where the user is and which languages there are.
  struct Configuration: Codable, Hashable, Sendable {
    /// The country code: `DE`.
    var country: String
    /// The suggested language: `de`.
    var language: String
    /// The languages the user may choose.
    var supportedLanguages: [String]

    /// A configuration.
    init(country: String, language: String, supportedLanguages: [String]) {
      self.country = country
      self.language = language
      self.supportedLanguages = supportedLanguages
    }

    /// Decodes a configuration, refusing codes that are not short ASCII letters, digits and
    /// hyphens, and more than 50 languages.
    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      func code(_ text: String, _ field: String, _ key: CodingKeys) throws -> String {
        try IncomingText.checked(
          text, field: field, limit: 16, codingPath: container.codingPath + [key],
          allowed: IncomingText.isCode)
      }
      country = try code(container.decode(String.self, forKey: .country), "country", .country)
      language = try code(container.decode(String.self, forKey: .language), "language", .language)
      let languages = try container.decode([String].self, forKey: .supportedLanguages)
      guard languages.count <= 50 else {
        throw DecodingError.dataCorrupted(
          .init(
            codingPath: container.codingPath + [CodingKeys.supportedLanguages],
            debugDescription:
              "The server offers \(languages.count) languages; at most 50 are shown."))
      }
      supportedLanguages = try languages.map {
        try code($0, "language", .supportedLanguages)
      }
    }
  }

  /// Tokens, from a login or a refresh.
  struct Tokens: Codable, Hashable, Sendable {
    /// The access token.
    var token: Secret
    /// The refresh token.
    var refreshToken: Secret
    /// The user, when the server says.
    var user: String?

    /// Decodes tokens, refusing a user name that is long or holds control or format characters
    /// (it is shown on screen and saved for the next launch).
    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      token = try container.decode(Secret.self, forKey: .token)
      refreshToken = try container.decode(Secret.self, forKey: .refreshToken)
      user = try container.decodeIfPresent(String.self, forKey: .user).map {
        try IncomingText.checked(
          $0, field: "user name", limit: LoginSession.longestUserName,
          codingPath: container.codingPath + [CodingKeys.user])
      }
    }
  }

  /// `GET /app/version-check?version=1.0`.
  static func versionCheck() -> Request<VersionCheck> {
    .json(
      .get, Endpoint("/app/version-check", query: [QueryItem("version", appVersion)]),
      timeout: .seconds(2))
  }

  /// `GET /configuration`.
  static func configuration() -> Request<Configuration> {
    .json(.get, Endpoint("/configuration"), timeout: .seconds(2))
  }

  /// `POST /auth/login` with the user name and password.
  static func login(user: String, password: String) throws(RemoteError) -> Request<Tokens> {
    try .json(.post, Endpoint("/auth/login"), timeout: .seconds(2))
      .withJSONBody(["user": user, "password": password])
  }

  /// `POST /auth/refresh` with the refresh token.
  static func refresh(_ refreshToken: Secret) throws(RemoteError) -> Request<Tokens> {
    try .json(.post, Endpoint("/auth/refresh"), timeout: .seconds(2))
      .withJSONBody(["refreshToken": refreshToken])
  }
}

/// Sends `X-Mock-Scenario` with every request, so `--server-scenario` works against the
/// embedded mock server and a separate `yaia mock-server` alike.
struct MockScenarioHeader: Interceptor {
  /// The scenario name.
  let scenario: String

  /// An interceptor naming `scenario`.
  init(_ scenario: String) {
    self.scenario = scenario
  }

  /// Adds the header.
  func adapt(_ request: OutgoingRequest) async throws(RemoteError) -> OutgoingRequest {
    var request = request
    request.headers[HTTPHeaderName.mockScenario] = scenario
    return request
  }
}
