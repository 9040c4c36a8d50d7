public import Foundation
import Yaia

/// Turns URLs into routes, as a pure function: a list of path patterns, each with the routes
/// it opens.
///
/// ```swift
/// var links = DeepLinkMap<AppRoute>(scheme: "yaia")
/// links.add("/speakers/:id") { parameters in [.home, .speaker(id: parameters["id"]!)] }
/// try links.routes(for: URL(string: "yaia://app/speakers/kitchen")!)   // [.home, .speaker(id: "kitchen")]
/// ```
///
/// The host is ignored (`yaia://app/x` and `yaia:///x` are the same link); universal links
/// use `https` as the scheme. Patterns use `:name` for one segment; query items are passed to
/// the closure too, under their names.
public struct DeepLinkMap<Route: Sendable>: Sendable {
  /// Makes routes from a link's parameters (path `:names` and query items); throws
  /// ``DeepLinkError/malformed(_:reason:)`` for values it cannot use.
  public typealias Make =
    @Sendable (_ parameters: [String: String]) throws(DeepLinkError) -> [Route]

  /// The URL scheme links must use.
  public let scheme: String
  private var entries: [(segments: [String], make: Make)] = []

  /// An empty map for links with `scheme`.
  public init(scheme: String) {
    self.scheme = scheme.lowercased()
  }

  /// Adds a pattern such as `/speakers/:id`.
  public mutating func add(_ pattern: String, _ make: @escaping Make) {
    entries.append((pattern.split(separator: "/").map(String.init), make))
  }

  /// The routes `url` opens.
  ///
  /// - Throws: ``DeepLinkError/wrongScheme(_:expected:)``, ``DeepLinkError/unknownLink(_:)``
  ///   when no pattern matches, ``DeepLinkError/malformed(_:reason:)`` from a pattern.
  public func routes(for url: URL) throws(DeepLinkError) -> [Route] {
    guard url.scheme?.lowercased() == scheme else {
      throw .wrongScheme(url.absoluteString, expected: scheme)
    }
    let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    let path = (components?.percentEncodedPath ?? url.path).split(separator: "/").map {
      String($0).removingPercentEncoding ?? String($0)
    }
    for entry in entries where entry.segments.count == path.count {
      var parameters: [String: String] = [:]
      for item in components?.queryItems ?? [] { parameters[item.name] = item.value ?? "" }
      var matched = true
      for (segment, value) in zip(entry.segments, path) {
        if segment.hasPrefix(":") {
          parameters[String(segment.dropFirst())] = value
        } else if segment != value {
          matched = false
          break
        }
      }
      if matched { return try entry.make(parameters) }
    }
    throw .unknownLink(url.absoluteString)
  }
}

/// Why a URL opens nothing.
public enum DeepLinkError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The URL's scheme is not the app's.
  case wrongScheme(String, expected: String)
  /// No pattern matches the URL.
  case unknownLink(String)
  /// A pattern matched but a value is unusable (an id that is not a number…).
  case malformed(String, reason: String)

  /// What went wrong, naming the link as ``shown(_:)`` shows it: a link comes from outside
  /// the app, and this text reaches screens and terminals.
  public var description: String {
    switch self {
    case .wrongScheme(let url, let expected):
      return "\(Self.shown(url)) is not a \(Self.shown(expected)):// link."
    case .unknownLink(let url):
      return "\(Self.shown(url)) opens nothing in this app: no deep link pattern matches it."
    case .malformed(let url, let reason):
      return "\(Self.shown(url)) is malformed: \(Self.shown(reason))."
    }
  }

  /// The most Unicode scalars of a link an error shows, escapes included.
  public static let shownLength = 120

  /// `text` escaped (control and format characters as `\u{…}`) and cut to ``shownLength``
  /// Unicode scalars, escapes included, not characters: one character can hold any number of
  /// combining marks.
  public static func shown(_ text: String) -> String {
    VisibleText.escaped(text, atMost: shownLength)
  }
}
