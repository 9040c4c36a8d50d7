#if MockServer  // the trait; without it, TraitRequirement.swift names it
  /// What is wrong with a mock server's routes, fixtures or configuration, with where and what
  /// to do.
  public enum MockServerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A route's path pattern cannot be used.
    case invalidPattern(String, reason: String)
    /// A fixture path tries to leave the fixtures folder (`../`, an absolute path, a link).
    case fixtureOutsideFolder(path: String, folder: String)
    /// A fixture file the manifest names does not exist.
    case missingFixture(path: String)
    /// A fixtures folder has no manifest (`manifest.yaml`, `.yml` or `.json`).
    case missingManifest(folder: String)
    /// The manifest cannot be read: the file, the line (0 if unknown) and why.
    case brokenManifest(file: String, line: Int, reason: String)
    /// A test's server received requests no route answered: each with its closest routes.
    case unmatchedRequests([String])
    /// The server cannot listen at `host`:`port`: the address is not one, the port is taken,
    /// or the system refused; `reason` says which.
    case cannotListen(host: String, port: UInt16, reason: String)

    public var description: String {
      switch self {
      case .invalidPattern(let pattern, let reason):
        return "Invalid route pattern \(pattern): \(reason)."
      case .fixtureOutsideFolder(let path, let folder):
        return
          "Fixture path \(path) leaves the fixtures folder \(folder). Keep fixtures inside it and name them relative to it."
      case .missingFixture(let path):
        return "Fixture \(path) does not exist. Add the file or fix the name in the manifest."
      case .missingManifest(let folder):
        return "No manifest in \(folder): add manifest.yaml (or .yml, .json) listing the routes."
      case .brokenManifest(let file, let line, let reason):
        return "\(file)\(line > 0 ? ":\(line)" : ""): \(reason)"
      case .cannotListen(let host, let port, let reason):
        let shown = host.contains(":") ? "[\(host)]" : host
        return "Cannot listen at \(shown):\(port): \(reason)."
      case .unmatchedRequests(let requests):
        return "The mock server received \(requests.count) request(s) that no route answers:\n"
          + requests.map { "  \($0)" }.joined(separator: "\n")
          + "\nAdd routes for them, or fix the requests."
      }
    }
  }

  extension PathTemplate {
    /// A route's path (`/devices/:id`, `/devices/{id}`, `/images/*`), a bad one reported as
    /// the mock server reports every manifest problem.
    static func route(_ text: String) throws(MockServerError) -> PathTemplate {
      do {
        return try PathTemplate(text)
      } catch {
        throw .invalidPattern(error.text, reason: error.reason)
      }
    }
  }
#endif
