#if MockServer  // the trait; without it, TraitRequirement.swift names it
  import Foundation
  import YaiaHTTP

  /// What the journal listing hides beyond what every request's own credentials show: the
  /// names an API sends its keys under that ``SecretNames`` does not know (an `apiKey` scheme's
  /// `appid`, from ``MockServer/Configuration/secretNames`` or the request contract), and the
  /// path segments a route captures under a secret name (`/reset/:token`).
  struct JournalSecrets: Sendable {
    /// Lower-cased names whose values are hidden wherever they stand.
    var names: Set<String> = []
    /// The route patterns with a parameter whose name is secret, and those names.
    var patterns: [(pattern: PathTemplate, secret: [String])] = []

    /// Secrets named by `names`, and by the parameters of `routes`.
    init(names: Set<String> = [], routes: [MockRoute] = []) {
      self.names = Set(names.map { $0.lowercased() })
      for route in routes {
        let secret = route.pattern.parameterNames.filter {
          SecretNames.isSecret($0) || self.names.contains($0.lowercased())
        }
        if !secret.isEmpty { patterns.append((route.pattern, secret)) }
      }
    }

    /// The values of `request`'s path that a route names as secrets: each segment as sent
    /// (however it was percent-encoded: `ab%2bcd%3D`) and decoded.
    func pathValues(of request: HTTPRequest) -> [String] {
      var values: [String] = []
      let segments = PathSegments.of(request.path)
      for (pattern, secret) in patterns where pattern.match(request.path) != nil {
        for (index, name) in pattern.parameterPlaces where secret.contains(name) {
          guard index < segments.count else { continue }
          values.append(segments[index])
          values.append(PathSegments.decoded(segments[index]))
        }
      }
      return values
    }
  }
#endif
