#if MockServer  // the trait; without it, TraitRequirement.swift names it
  import Foundation

  /// What the journal listing hides beyond what every request's own credentials show: the
  /// names an API sends its keys under that ``SecretNames`` does not know (an `apiKey` scheme's
  /// `appid`, from ``MockServer/Configuration/secretNames`` or the request contract), and the
  /// path segments a route captures under a secret name (`/reset/:token`).
  struct JournalSecrets: Sendable {
    /// Lower-cased names whose values are hidden wherever they stand.
    var names: Set<String> = []
    /// The route patterns with a parameter whose name is secret, and those names.
    var patterns: [(pattern: RoutePattern, secret: [String])] = []

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

    /// The values of `request`'s path that a route names as secrets, decoded and as sent.
    func pathValues(of request: MockRequest) -> [String] {
      var values: [String] = []
      for (pattern, secret) in patterns {
        guard let parameters = pattern.match(request.path) else { continue }
        for name in secret {
          guard let value = parameters[name] else { continue }
          values.append(value)
          if let sent = value.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) {
            values.append(sent)
          }
        }
      }
      return values
    }
  }
#endif
