#if OpenAPI  // the trait; without it, TraitRequirement.swift names it
  /// An OpenAPI path template (`/pets/{petId}`) as segments: literals matched as written (a
  /// `:b` or `*` segment included) and parameters that capture one segment.
  ///
  /// ```swift
  /// let template = PathTemplate("/pets/{petId}")
  /// template.match("/pets/7")   // ["petId": "7"]
  /// template.match("/pets")     // nil
  /// ```
  public struct PathTemplate: Hashable, Sendable, CustomStringConvertible {
    /// One segment of a template.
    public enum Segment: Hashable, Sendable {
      /// Text matched exactly (after percent-decoding the request's segment).
      case literal(String)
      /// A parameter capturing one whole segment, by name. A segment that mixes text and a
      /// parameter (`{name}.json`) is a parameter of its own, named `_` and its index.
      case parameter(String)
    }

    /// The template as the description writes it.
    public let text: String
    /// Its segments; empty and `.` segments dropped, as they are from the paths matched.
    public let segments: [Segment]

    /// The template `text` as OpenAPI writes it.
    public init(_ text: String) {
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

    /// The captured parameters (percent-decoded) when `path` is an instance of the template,
    /// `nil` when it is not.
    public func match(_ path: String) -> [String: String]? {
      let parts = PathSegments.of(path)
      guard parts.count == segments.count else { return nil }
      var parameters: [String: String] = [:]
      for (segment, part) in zip(segments, parts) {
        switch segment {
        case .literal(let literal):
          guard PathSegments.decoded(part) == literal else { return nil }
        case .parameter(let name):
          parameters[name] = PathSegments.decoded(part)
        }
      }
      return parameters
    }

    /// `/pets/:petId`: the template in the mock server's route syntax, for messages.
    public var routeText: String {
      "/"
        + segments.map { segment in
          switch segment {
          case .literal(let text): text
          case .parameter(let name): ":" + name
          }
        }.joined(separator: "/")
    }

    public var description: String { text }
  }
#endif
