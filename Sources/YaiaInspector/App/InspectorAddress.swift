public import Foundation
import Yaia

/// Where an app sends what it inspects: the URL `yaia inspect` prints
/// (`http://127.0.0.1:PORT/#token=…`), checked before anything is sent.
///
/// The token is in the address's fragment, which a browser never sends to the server: the
/// page reads it there and proves the server before it sends anything. An older address with
/// the token in its query (`/?token=…`) is read the same.
public struct InspectorAddress: Sendable, Equatable, CustomStringConvertible {
  /// The address apps post their batches to (`/api/apps`). It carries no token: an app proves
  /// it holds the token without sending it, once the inspector has proved it holds it too.
  public let endpoint: URL
  /// The page's address, as printed: the token in its fragment.
  public let page: URL
  /// The token that apps and pages prove they hold; never sent itself.
  public let token: String
  /// The file this address was read from, if it was (``find(environment:stateFile:)``): an app
  /// reads it again before each try to reconnect, so it finds an inspector that came back on
  /// another port, or with a new token, as an app started then would.
  private(set) var foundIn: InspectorStateFile?

  /// Two addresses are the same when they lead to the same inspector with the same token,
  /// wherever they were read.
  public static func == (a: Self, b: Self) -> Bool {
    a.endpoint == b.endpoint && a.page == b.page && a.token == b.token
  }

  /// The longest token accepted: a token is 32 hexadecimal digits; anything much longer is not
  /// one.
  static let longestToken = 128

  /// Reads the URL `yaia inspect` printed.
  ///
  /// - Throws: ``InspectorError/invalidAddress(_:reason:)`` when it is not an `http` URL with a
  ///   host, a port and a `token` of letters and digits in its fragment (`#token=…`) or query.
  public init(_ text: String) throws(InspectorError) {
    let shown = VisibleText.escaped(text.prefix(200))
    guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased()
    else { throw .invalidAddress(shown, reason: "not a URL") }
    guard scheme == "http" else {
      throw .invalidAddress(shown, reason: "the inspector is served over http on this machine")
    }
    guard let host = components.host, !host.isEmpty else {
      throw .invalidAddress(shown, reason: "no host")
    }
    guard let port = components.port, (1...65_535).contains(port) else {
      throw .invalidAddress(shown, reason: "no port (yaia inspect prints it)")
    }
    let fragment = components.fragment.flatMap { URLComponents(string: "?" + $0) }
    let items = (fragment?.queryItems ?? []) + (components.queryItems ?? [])
    guard let token = items.first(where: { $0.name == "token" })?.value, !token.isEmpty
    else {
      throw .invalidAddress(shown, reason: "no token: copy the whole URL yaia inspect printed")
    }
    guard items.allSatisfy({ $0.name != "token" || $0.value == token }) else {
      throw .invalidAddress(shown, reason: "it holds two different tokens")
    }
    guard token.count <= Self.longestToken,
      token.unicodeScalars.allSatisfy({
        $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))
      })
    else { throw .invalidAddress(shown, reason: "the token must be letters and digits") }
    var base = URLComponents()
    base.scheme = "http"
    // Apps dial the address the inspector listens on, 127.0.0.1: `localhost` may resolve to
    // ::1 first, where another program could listen on the same port.
    base.host = host.lowercased() == "localhost" ? "127.0.0.1" : host
    base.port = port
    base.path = "/api/apps"
    var page = base
    page.host = host
    page.path = "/"
    page.fragment = "token=\(token)"
    guard let endpoint = base.url, let pageURL = page.url else {
      throw .invalidAddress(shown, reason: "not a URL")
    }
    self.endpoint = endpoint
    self.page = pageURL
    self.token = token
    self.foundIn = nil
  }

  /// The page's address.
  public var description: String { page.absoluteString }

  /// This address, noted as read from `file`.
  func found(in file: InspectorStateFile) -> InspectorAddress {
    var found = self
    found.foundIn = file
    return found
  }

  /// The name of the environment variable that gives an app the inspector's URL.
  public static let environmentVariable = "YAIA_INSPECTOR"

  /// The inspector an app on this machine connects to, found without the token on its command
  /// line (where other local users could read it): the URL in the environment variable
  /// `YAIA_INSPECTOR`, else the address `yaia inspect` saved for this user in `stateFile`.
  /// `nil` when neither is there. An address read from the file is read again each time the
  /// app tries to reconnect: an inspector restarted on another port is found.
  ///
  /// - Throws: ``InspectorError/invalidAddress(_:reason:)`` for a variable that is not the URL
  ///   `yaia inspect` printed; ``InspectorStateFileError`` for a saved address that cannot be
  ///   trusted or read.
  public static func find(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    stateFile: InspectorStateFile? = nil
  ) throws -> InspectorAddress? {
    if let text = environment[environmentVariable], !text.isEmpty {
      return try InspectorAddress(text)
    }
    let file = stateFile ?? InspectorStateFile.standard(environment: environment)
    return try file.read()?.address.found(in: file)
  }
}

/// What can go wrong connecting an app to an inspector.
public enum InspectorError: Error, Equatable, CustomStringConvertible {
  /// The address is not one `yaia inspect` printed.
  case invalidAddress(String, reason: String)
  /// The inspector could not be reached, or refused the app.
  case unreachable(String, reason: String)
  /// Something answered at the address without proving it holds the app's token (another
  /// program took the port, or `yaia inspect --new-token` made a new one): the app sent it
  /// nothing.
  case notItsOwn(String, reason: String)

  /// The problem in a sentence.
  public var description: String {
    switch self {
    case .invalidAddress(let address, let reason):
      "Inspector address \"\(address)\" is not usable: \(reason)."
    case .unreachable(let address, let reason):
      "Inspector at \(address) cannot be reached: \(reason)."
    case .notItsOwn(let address, let reason):
      "What answers at \(address) is not this app's inspector: \(reason)."
    }
  }
}
