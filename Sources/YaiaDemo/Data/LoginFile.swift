import Foundation
import YaiaInspector

/// A secret string (a token, a password, the keys typed on the login screen): it prints,
/// dumps and logs as `<redacted>`, and Yaia Inspector never reads it (``InspectorSecret``), so
/// it cannot reach the terminal, a log or the inspector's page by accident. Only `LoginFile`,
/// the login screen and the request that sends it read ``value``.
package struct Secret: Codable, Hashable, Sendable, CustomStringConvertible,
  CustomDebugStringConvertible, CustomReflectable, InspectorSecret, ExpressibleByStringLiteral
{
  /// The secret itself.
  package let value: String

  /// Wraps `value`.
  package init(_ value: String) {
    self.value = value
  }

  /// A literal secret, for tests (`.typed("swordfish")`).
  package init(stringLiteral value: String) {
    self.value = value
  }

  /// Encoded as the plain string (for the login file and request bodies).
  package init(from decoder: any Decoder) throws {
    value = try decoder.singleValueContainer().decode(String.self)
  }

  /// Encodes the plain string.
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(value)
  }

  /// `<redacted>`.
  package var description: String { "<redacted>" }
  /// `<redacted>`.
  package var debugDescription: String { "<redacted>" }
  /// No children: test diffs and `dump` show nothing of the value.
  package var customMirror: Mirror { Mirror(self, children: []) }
}

/// A logged-in user: what auto-login needs at the next launch.
package struct LoginSession: Codable, Hashable, Sendable {
  /// The user name.
  package var user: String
  /// The access token.
  package var token: Secret
  /// The token that gets a new access token.
  package var refreshToken: Secret

  /// The longest user name kept, in characters.
  package static let longestUserName = 64

  /// A session.
  package init(user: String, token: Secret, refreshToken: Secret) {
    self.user = user
    self.token = token
    self.refreshToken = refreshToken
  }

  /// Decodes a saved session, refusing a user name that is long or holds control or format
  /// characters (a file written by hand, or by an older version that did not check).
  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    user = try ServerText.checked(
      container.decode(String.self, forKey: .user), field: "user name",
      limit: Self.longestUserName, codingPath: container.codingPath + [CodingKeys.user])
    token = try container.decode(Secret.self, forKey: .token)
    refreshToken = try container.decode(Secret.self, forKey: .refreshToken)
  }
}

/// The login file: the session as JSON, readable and writable by the user only (mode 0600),
/// written atomically so a crash leaves the old file or the new one.
package struct LoginFile: Sendable {
  /// The file.
  package let url: URL

  /// The login file at `url`.
  package init(_ url: URL) {
    self.url = url
  }

  /// The saved session, `nil` if there is none.
  ///
  /// - Throws: ``LoginFileError/unreadable(path:reason:)`` if the file exists but is not a
  ///   session; the caller logs in again and overwrites it.
  package func load() throws(LoginFileError) -> LoginSession? {
    guard FileManager.default.fileExists(atPath: url.path) else { return nil }
    do {
      return try JSONDecoder().decode(LoginSession.self, from: Data(contentsOf: url))
    } catch {
      throw .unreadable(path: url.path, reason: "it is not a saved login")
    }
  }

  /// Saves `session`, creating the file with mode 0600 before any byte is written.
  package func save(_ session: LoginSession) throws(LoginFileError) {
    let temporary = url.deletingLastPathComponent().appending(path: ".login.json.partial")
    do {
      let data = try JSONEncoder().encode(session)
      try? FileManager.default.removeItem(at: temporary)
      guard
        FileManager.default.createFile(
          atPath: temporary.path, contents: nil, attributes: [.posixPermissions: 0o600])
      else {
        throw LoginFileError.unwritable(path: url.path, reason: "the file could not be created")
      }
      let handle = try FileHandle(forWritingTo: temporary)
      try handle.write(contentsOf: data)
      try handle.close()
      if rename(temporary.path, url.path) != 0 {
        throw LoginFileError.unwritable(path: url.path, reason: String(cString: strerror(errno)))
      }
    } catch let error as LoginFileError {
      // The partial file holds the token: it never stays behind.
      try? FileManager.default.removeItem(at: temporary)
      throw error
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      throw .unwritable(path: url.path, reason: error.localizedDescription)
    }
  }

  /// Deletes the saved session (logging out).
  package func delete() {
    try? FileManager.default.removeItem(at: url)
  }
}

/// Why the login file could not be used.
package enum LoginFileError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file exists but could not be read as a session.
  case unreadable(path: String, reason: String)
  /// The file could not be written.
  case unwritable(path: String, reason: String)

  /// What went wrong and what to do.
  package var description: String {
    switch self {
    case .unreadable(let path, let reason):
      return "The saved login \(path) is unreadable (\(reason)); log in again to replace it."
    case .unwritable(let path, let reason):
      return "Cannot save the login to \(path): \(reason). Check the data folder's permissions."
    }
  }
}
