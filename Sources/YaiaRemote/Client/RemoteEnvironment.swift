public import Foundation

/// A named backend: where requests go, chosen in code or by an environment variable, as the
/// seed's Xcode schemes switched between a local mock, a shared mock and production.
///
/// ```swift
/// let environment = try RemoteEnvironment.select(
///   from: [.localMock(port: 8080), .sharedMock(sharedURL), .production(apiURL)],
///   default: .production(apiURL))          // YAIA_ENVIRONMENT=local-mock picks the first
/// ```
public struct RemoteEnvironment: Hashable, Sendable, CustomStringConvertible {
  /// The name used to choose it (`local-mock`, `shared-mock`, `production`).
  public let name: String
  /// The URL endpoints are relative to.
  public let baseURL: URL

  /// An environment with any name.
  public init(name: String, baseURL: URL) {
    self.name = name
    self.baseURL = baseURL
  }

  /// A mock server on this machine, on the loopback address.
  public static func localMock(port: Int) -> RemoteEnvironment {
    RemoteEnvironment(
      name: "local-mock",
      baseURL: URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/"))
  }

  /// A mock server the team shares.
  public static func sharedMock(_ baseURL: URL) -> RemoteEnvironment {
    RemoteEnvironment(name: "shared-mock", baseURL: baseURL)
  }

  /// The real service.
  public static func production(_ baseURL: URL) -> RemoteEnvironment {
    RemoteEnvironment(name: "production", baseURL: baseURL)
  }

  /// The environment named by `variable` in `processEnvironment`, or `default` when the
  /// variable is not set.
  ///
  /// - Throws: ``RemoteEnvironmentError`` naming the variable, its value and the choices when
  ///   the value names none of `environments`.
  public static func select(
    from environments: [RemoteEnvironment], variable: String = "YAIA_ENVIRONMENT",
    processEnvironment: [String: String] = ProcessInfo.processInfo.environment,
    default fallback: RemoteEnvironment
  ) throws(RemoteEnvironmentError) -> RemoteEnvironment {
    guard let name = processEnvironment[variable], !name.isEmpty else { return fallback }
    guard let chosen = environments.first(where: { $0.name == name }) else {
      throw RemoteEnvironmentError(
        variable: variable, value: name, choices: environments.map(\.name))
    }
    return chosen
  }

  /// `production (https://api.example.com)`.
  public var description: String { "\(name) (\(baseURL.absoluteString))" }
}

/// An environment variable names an environment that does not exist.
public struct RemoteEnvironmentError: Error, Equatable, CustomStringConvertible {
  /// The variable read.
  public let variable: String
  /// Its value.
  public let value: String
  /// The names that would have been accepted.
  public let choices: [String]

  /// Creates the error for `variable`=`value`, which names none of `choices`.
  public init(variable: String, value: String, choices: [String]) {
    self.variable = variable
    self.value = value
    self.choices = choices
  }

  public var description: String {
    "\(variable)=\(value) names no environment. Choose one of: \(choices.joined(separator: ", "))."
  }
}
