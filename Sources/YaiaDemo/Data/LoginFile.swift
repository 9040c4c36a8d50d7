import Foundation
import Yaia
import YaiaInspector

/// A secret string (a token, a password, the keys typed on the login screen): it prints,
/// dumps and logs as `<redacted>`, and Yaia Inspector never reads it (``InspectorSecret``), so
/// it cannot reach the terminal, a log or the inspector's page by accident. Only `LoginFile`,
/// the login screen and the request that sends it read ``value``.
struct Secret: Codable, Hashable, Sendable, CustomStringConvertible,
  CustomDebugStringConvertible, CustomReflectable, InspectorSecret, ExpressibleByStringLiteral
{
  /// The secret itself.
  let value: String

  /// Wraps `value`.
  init(_ value: String) {
    self.value = value
  }

  /// A literal secret, for tests (`.typed("swordfish")`).
  init(stringLiteral value: String) {
    self.value = value
  }

  /// Encoded as the plain string (for the login file and request bodies).
  init(from decoder: any Decoder) throws {
    value = try decoder.singleValueContainer().decode(String.self)
  }

  /// Encodes the plain string; for Yaia Inspector, dots as many as its characters (what the
  /// login screen shows of a password), so a recorded session replays without the secret.
  func encode(to encoder: any Encoder) throws {
    if try InspectorSecretPlaceholder.write(String(repeating: "•", count: value.count), to: encoder)
    {
      return
    }
    var container = encoder.singleValueContainer()
    try container.encode(value)
  }

  /// `<redacted>`.
  var description: String { "<redacted>" }
  /// `<redacted>`.
  var debugDescription: String { "<redacted>" }
  /// No children: test diffs and `dump` show nothing of the value.
  var customMirror: Mirror { Mirror(self, children: []) }
}

/// A logged-in user: what auto-login needs at the next launch.
struct LoginSession: Codable, Hashable, Sendable {
  /// The user name.
  var user: String
  /// The access token.
  var token: Secret
  /// The token that gets a new access token.
  var refreshToken: Secret

  /// The longest user name kept, in characters.
  static let longestUserName = 64

  /// A session.
  init(user: String, token: Secret, refreshToken: Secret) {
    self.user = user
    self.token = token
    self.refreshToken = refreshToken
  }

  /// Decodes a saved session, refusing a user name that is long or holds control or format
  /// characters (a file written by hand, or by an older version that did not check).
  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    user = try IncomingText.checked(
      container.decode(String.self, forKey: .user), field: "user name",
      limit: Self.longestUserName, codingPath: container.codingPath + [CodingKeys.user])
    token = try container.decode(Secret.self, forKey: .token)
    refreshToken = try container.decode(Secret.self, forKey: .refreshToken)
  }
}

/// The login file: the session as JSON, readable and writable by the user only (mode 0600),
/// written atomically so a crash leaves the old file or the new one.
struct LoginFile: Sendable {
  /// The file.
  let url: URL

  /// The login file at `url`.
  init(_ url: URL) {
    self.url = url
  }

  /// The saved session, `nil` if there is none.
  ///
  /// - Throws: ``LoginFileError/notOurs(path:)`` if the file is not a saved login of this app
  ///   (it is kept); ``LoginFileError/unreadable(path:reason:)`` if it is one whose values do
  ///   not pass the checks (logging in replaces it).
  func load() throws(LoginFileError) -> LoginSession? {
    // One read, checked on the open file: what is checked is what is decoded.
    let bytes: [UInt8]
    do {
      guard
        let read = try OutsideFile.read(url.path, atMost: Self.largestFile, followingLinks: false)
      else { return nil }
      bytes = read
    } catch {
      throw .notOurs(path: url.path)
    }
    guard Self.isSavedLogin(Data(bytes)) else { throw .notOurs(path: url.path) }
    do {
      return try JSONDecoder().decode(LoginSession.self, from: Data(bytes))
    } catch {
      throw .unreadable(path: url.path, reason: "it is not a saved login")
    }
  }

  /// Saves `session`, creating the file with mode 0600 before any byte is written.
  ///
  /// The bytes go to a new temporary file of a random name beside the login file (created
  /// exclusively, so nothing already there is touched, whatever it is), then replace the login
  /// file in one rename. A login file that is not one of this app's saved logins (a file of the
  /// user's that has the name, a folder) is never replaced: ``LoginFileError/notOurs(path:)``.
  func save(_ session: LoginSession) throws(LoginFileError) {
    if FileManager.default.fileExists(atPath: url.path), !Self.holdsSavedLogin(url) {
      throw .notOurs(path: url.path)
    }
    let temporary = url.deletingLastPathComponent().appending(
      path: ".login.json.\(UUID().uuidString).partial")
    let data: Data
    do {
      data = try JSONEncoder().encode(session)
    } catch {
      throw .unwritable(path: url.path, reason: error.localizedDescription)
    }
    let descriptor = open(
      temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw .unwritable(path: url.path, reason: String(cString: strerror(errno)))
    }
    // From here the temporary file is ours: it holds the token, so it never stays behind.
    var failure: LoginFileError?
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    do {
      try handle.write(contentsOf: data)
      try handle.close()
    } catch {
      failure = .unwritable(path: url.path, reason: error.localizedDescription)
    }
    if failure == nil, rename(temporary.path, url.path) != 0 {
      failure = .unwritable(path: url.path, reason: String(cString: strerror(errno)))
    }
    if let failure {
      unlink(temporary.path)
      throw failure
    }
  }

  /// The largest file taken for a saved login: one is about 200 bytes.
  static let largestFile = 64 << 10

  /// Whether `file` is one of this app's saved logins, by its content: a regular file (not a
  /// link or a folder) of at most 64 KiB holding a JSON object with exactly the fields a saved
  /// login has, as text. A saved login whose values no longer pass the checks still counts:
  /// it is the app's own, and logging in replaces it.
  static func holdsSavedLogin(_ file: URL) -> Bool {
    guard
      let bytes = try? OutsideFile.read(file.path, atMost: largestFile, followingLinks: false)
    else { return false }
    return isSavedLogin(Data(bytes))
  }

  /// Whether `data` is a saved login: a JSON object with exactly its fields, as text.
  static func isSavedLogin(_ data: Data) -> Bool {
    guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return false }
    return Set(object.keys) == ["user", "token", "refreshToken"]
      && object.values.allSatisfy { $0 is String }
  }

  /// Deletes the saved session (logging out).
  func delete() {
    try? FileManager.default.removeItem(at: url)
  }
}

/// Why the login file could not be used.
enum LoginFileError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file exists but could not be read as a session.
  case unreadable(path: String, reason: String)
  /// The file could not be written.
  case unwritable(path: String, reason: String)
  /// A file or folder that is not a saved login of this app has the login file's name; it is
  /// kept as it is.
  case notOurs(path: String)

  /// What went wrong and what to do.
  var description: String {
    switch self {
    case .unreadable(let path, let reason):
      return "The saved login \(path) is unreadable (\(reason)); log in again to replace it."
    case .notOurs(let path):
      return
        "\(path) is not a saved login of this app, so it was left untouched and the login is not saved. Move it away to keep logins."
    case .unwritable(let path, let reason):
      return "Cannot save the login to \(path): \(reason). Check the data folder's permissions."
    }
  }
}
