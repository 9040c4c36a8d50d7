import Foundation

/// A path with parameters, as a route or an API description writes one: literal segments,
/// segments that capture one segment, and (in a route) a final `*` that captures the rest.
///
/// The one path template of Yaia: the mock server's routes and verifications, and an OpenAPI
/// description's paths (the old `RoutePattern` and OpenAPI `PathTemplate`, which were converted
/// segment by segment). Both spellings of a parameter read the same:
///
/// ```swift
/// let route = try PathTemplate("/devices/:id/name")   // or "/devices/{id}/name"
/// route.match("/devices/kitchen%201/name")            // ["id": "kitchen 1"]
/// route.match("/devices")                             // nil
/// PathTemplate(openAPIPath: "/pets/{petId}").routeText  // "/pets/:petId"
/// ```
///
/// A request's path is split as the mock server always split it (empty and `.` segments dropped,
/// each segment decoded exactly once), so a route and a description never disagree on which
/// path a request names.
public struct PathTemplate: Hashable, Sendable, CustomStringConvertible {
  /// One segment of a template.
  public enum Segment: Hashable, Sendable {
    /// Text matched exactly (after percent-decoding the request's segment).
    case literal(String)
    /// A parameter capturing one whole segment, by name.
    case parameter(String)
    /// The rest of the path, captured under the name `*` (a route's final `*`).
    case rest
  }

  /// Why a route's path cannot be a template.
  public struct Invalid: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path as written.
    public var text: String
    /// What is wrong: `* may only end a pattern`.
    public var reason: String

    /// A problem with `text`.
    public init(text: String, reason: String) {
      self.text = text
      self.reason = reason
    }

    /// `invalid path pattern /a/*/b: * may only end a pattern`.
    public var description: String { "invalid path pattern \(text): \(reason)" }
  }

  /// The template as written.
  public let text: String
  /// Its segments; `.` segments dropped, as they are from the paths matched.
  public let segments: [Segment]

  /// A route's path: `:name` and `{name}` segments capture one segment, a final `*` the rest,
  /// any other segment is matched as written.
  ///
  /// - Throws: ``Invalid`` when it does not start with `/`, names a parameter twice or not at
  ///   all, or has `*` anywhere but at the end.
  public init(_ text: String) throws(Invalid) {
    func invalid(_ reason: String) -> Invalid { Invalid(text: text, reason: reason) }
    guard text.hasPrefix("/") else { throw invalid("a path pattern starts with /") }
    let parts = PathSegments.of(text)
    var segments: [Segment] = []
    var names: Set<String> = []
    for (index, part) in parts.enumerated() {
      if part == "*" {
        guard index == parts.count - 1 else { throw invalid("* may only end a pattern") }
        segments.append(.rest)
        continue
      }
      guard let name = Self.routeParameter(part) else {
        segments.append(.literal(part))
        continue
      }
      guard !name.isEmpty else {
        throw invalid("a parameter needs a name " + (part == ":" ? "after :" : "inside {}"))
      }
      guard names.insert(name).inserted else { throw invalid("parameter :\(name) appears twice") }
      segments.append(.parameter(name))
    }
    self.text = text
    self.segments = segments
  }

  /// An OpenAPI path (`/pets/{petId}`): only `{name}` captures, so a `:b` or `*` segment is a
  /// literal matched as written. A segment mixing text and a parameter (`{name}.json`), a name
  /// used twice or an empty one is a parameter of its own, named `_` and its index. Never
  /// fails: a description's paths are read as they are.
  public init(openAPIPath text: String) {
    var used: Set<String> = []
    self.text = text
    self.segments = PathSegments.of(text).enumerated().map { index, segment -> Segment in
      guard segment.contains("{") else { return .literal(segment) }
      var name = "_\(index)"
      if segment.hasPrefix("{"), segment.hasSuffix("}"),
        segment.dropFirst().dropLast().allSatisfy({ $0 != "{" && $0 != "}" })
      {
        name = String(segment.dropFirst().dropLast())
      }
      if name.isEmpty || used.contains(name) { name = "_\(index)" }
      used.insert(name)
      return .parameter(name)
    }
  }

  /// The name a route segment captures under (`:id` or `{id}`), or `nil` for a literal.
  private static func routeParameter(_ part: String) -> String? {
    if part.hasPrefix(":") { return String(part.dropFirst()) }
    if part.hasPrefix("{"), part.hasSuffix("}"), part.count >= 2 {
      let name = part.dropFirst().dropLast()
      return name.contains(where: { $0 == "{" || $0 == "}" }) ? nil : String(name)
    }
    return nil
  }

  /// The captured parameters (percent-decoded) when `path` is an instance of the template,
  /// `nil` when it is not. A final `*` captures the rest under the name `*`.
  public func match(_ path: String) -> [String: String]? {
    let parts = PathSegments.of(path)
    var parameters: [String: String] = [:]
    for (index, segment) in segments.enumerated() {
      switch segment {
      case .rest:
        parameters["*"] = parts[min(index, parts.count)...].map(PathSegments.decoded)
          .joined(separator: "/")
        return parameters
      case .literal(let literal):
        guard index < parts.count, PathSegments.decoded(parts[index]) == literal else {
          return nil
        }
      case .parameter(let name):
        guard index < parts.count else { return nil }
        parameters[name] = PathSegments.decoded(parts[index])
      }
    }
    return parts.count == segments.count ? parameters : nil
  }

  /// The names its parameters capture, in order.
  public var parameterNames: [String] {
    segments.compactMap { segment in
      if case .parameter(let name) = segment { return name }
      return nil
    }
  }

  /// Each parameter's place among the path's segments, and its name.
  public var parameterPlaces: [(index: Int, name: String)] {
    segments.enumerated().compactMap { index, segment in
      if case .parameter(let name) = segment { return (index, name) }
      return nil
    }
  }

  /// `/pets/:petId`: the template in route syntax, for messages.
  public var routeText: String {
    "/"
      + segments.map { segment in
        switch segment {
        case .literal(let text): text
        case .parameter(let name): ":" + name
        case .rest: "*"
        }
      }.joined(separator: "/")
  }

  /// The template as written.
  public var description: String { text }
}
