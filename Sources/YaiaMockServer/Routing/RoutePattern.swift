#if MockServer  // the trait; without it, TraitRequirement.swift names it
  import Foundation
  /// A path pattern such as `/devices/:id` or `/images/*`: literal segments, `:name` segments
  /// that capture one segment, and a final `*` that matches the rest.
  ///
  /// ```swift
  /// let pattern = try RoutePattern("/devices/:id/name")
  /// pattern.match("/devices/kitchen%201/name")   // ["id": "kitchen 1"]
  /// pattern.match("/devices")                    // nil
  /// ```
  public struct RoutePattern: Hashable, Sendable, CustomStringConvertible {
    enum Segment: Hashable, Sendable {
      case literal(String)
      case parameter(String)
      case rest
    }

    /// The pattern as written.
    public let text: String
    let segments: [Segment]

    /// Parses `text`.
    ///
    /// - Throws: ``MockServerError/invalidPattern(_:reason:)`` if it does not start with `/`,
    ///   names a parameter twice or not at all, or has `*` anywhere but at the end. A `.`
    ///   segment is dropped, as it is from the paths matched.
    public init(_ text: String) throws(MockServerError) {
      guard text.hasPrefix("/") else {
        throw .invalidPattern(text, reason: "a path pattern starts with /")
      }
      var segments: [Segment] = []
      var names: Set<String> = []
      let parts = text.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
      for (index, part) in parts.enumerated() {
        if part == "." {
          // A request's path is matched with its `.` segments dropped (`/a/./b` is `/a/b`),
          // so a pattern's are too: kept, `.` would match nothing.
          continue
        } else if part == "*" {
          guard index == parts.count - 1 else {
            throw .invalidPattern(text, reason: "* may only end a pattern")
          }
          segments.append(.rest)
        } else if part.hasPrefix(":") {
          let name = String(part.dropFirst())
          guard !name.isEmpty else {
            throw .invalidPattern(text, reason: "a parameter needs a name after :")
          }
          guard names.insert(name).inserted else {
            throw .invalidPattern(text, reason: "parameter :\(name) appears twice")
          }
          segments.append(.parameter(name))
        } else {
          segments.append(.literal(part))
        }
      }
      self.text = text
      self.segments = segments
    }

    /// A pattern of `segments` as they are, shown as `text`: for a path that names its
    /// parameters another way (OpenAPI's `{id}`), whose literal segments may begin with `:` or
    /// be `*` and must still match only themselves. `.` segments are dropped, as in
    /// ``init(_:)``.
    init(segments: [Segment], text: String) {
      self.text = text
      self.segments = segments.filter { $0 != .literal(".") }
    }

    /// Each `:name` segment's place among the path's segments, and its name.
    var parameterPlaces: [(index: Int, name: String)] {
      segments.enumerated().compactMap { index, segment in
        if case .parameter(let name) = segment { return (index, name) }
        return nil
      }
    }

    /// The names its `:name` segments capture, in order.
    var parameterNames: [String] {
      segments.compactMap { segment in
        if case .parameter(let name) = segment { return name }
        return nil
      }
    }

    /// The captured parameters if `path` matches (percent-decoded), `nil` if it does not. A
    /// trailing `*` captures the rest under the name `*`.
    public func match(_ path: String) -> [String: String]? {
      let parts = PathSegments.of(path)
      var parameters: [String: String] = [:]
      for (index, segment) in segments.enumerated() {
        switch segment {
        case .rest:
          parameters["*"] = parts[min(index, parts.count)...].map(Self.decoded).joined(
            separator: "/")
          return parameters
        case .literal(let literal):
          guard index < parts.count, Self.decoded(parts[index]) == literal else { return nil }
        case .parameter(let name):
          guard index < parts.count else { return nil }
          parameters[name] = Self.decoded(parts[index])
        }
      }
      return parts.count == segments.count ? parameters : nil
    }

    public var description: String { text }

    private static func decoded(_ segment: String) -> String { PathSegments.decoded(segment) }
  }
#endif
