#if MockServer  // the trait; without it, TraitRequirement.swift names it
  public import Foundation
  import Yaia
  import Yams

  /// One way a manifest or a fixture breaks the OpenAPI description: the file and line, and
  /// what is wrong.
  public struct ContractProblem: Equatable, Sendable, CustomStringConvertible {
    /// The manifest or fixture file.
    public var file: String
    /// The line, from 1; 0 when unknown.
    public var line: Int
    /// What is wrong.
    public var message: String

    /// `file:line: message`, as compilers and editors read it.
    public var description: String { "\(file)\(line > 0 ? ":\(line)" : ""): \(message)" }
  }

  /// What a contract check found and how much it covered.
  public struct ContractReport: Sendable {
    /// The problems, in manifest order.
    public var problems: [ContractProblem] = []
    /// How many routes were compared with an operation.
    public var routesChecked = 0
    /// How many responses were compared with their documented response.
    public var responsesChecked = 0
    /// What was left out, and why (a template, a wildcard path, a deliberate fault).
    public var notChecked: [String] = []
  }

  /// Checks a fixtures folder against an OpenAPI description, so that a mock cannot drift from
  /// the API it stands for: every route must be an operation of the description (its path,
  /// its method, its query items), and every response a documented status whose JSON body
  /// conforms to the schema (types, required fields, enums, the ``SchemaFormat``s).
  ///
  /// Responses with a deliberate fault, templates, and wildcard routes are not checked; the
  /// report says which.
  public enum ContractCheck {
    /// The most problems one check reports.
    public static let mostProblems = 1_000

    /// Checks `manifest` (read from `manifestFile`, its fixtures in `fixtures`) against `spec`.
    public static func check(
      _ manifest: MockManifest, manifestFile: String, fixtures: URL?, against spec: OpenAPIDocument
    ) -> ContractReport {
      var report = ContractReport()
      var files = FixtureCache()
      for (index, route) in manifest.routes.enumerated() {
        guard report.problems.count < mostProblems else { break }
        let line = index < manifest.routeLines.count ? manifest.routeLines[index] : 0
        /// A problem at `at` (a response's own line) or, when that is unknown, the route's.
        func problem(_ message: String, at: Int = 0) {
          report.problems.append(
            ContractProblem(file: manifestFile, line: at > 0 ? at : line, message: message))
        }
        if route.pattern.segments.last == .rest {
          report.notChecked.append("\(route.name): a wildcard path")
          continue
        }
        let candidates = spec.operations.filter { covers($0.template, route.pattern) }
        guard !candidates.isEmpty else {
          let closest = spec.closestPaths(to: route.pattern.text)
          problem(
            "route \(route.name): no operation of the description has the path \(route.pattern.text)"
              + (closest.isEmpty ? "" : " (closest: \(closest.joined(separator: ", ")))"))
          continue
        }
        let operations =
          route.method.map { method in
            candidates.filter { $0.method == method }
          } ?? candidates
        guard let operation = operations.first else {
          let methods = Set(candidates.map(\.method.rawValue)).sorted().joined(separator: ", ")
          problem(
            "route \(route.name): the description has \(methods) for \(candidates[0].path), not \(route.method?.rawValue ?? "")"
          )
          continue
        }
        report.routesChecked += 1
        for name in route.query.keys.sorted()
        where !operation.parameters.contains(where: { $0.location == .query && $0.name == name }) {
          problem(
            "route \(route.name): the query item \(name) is not a parameter of \(operation.name)")
        }
        var responses: [(String, MockResponse)] = []
        func add(_ set: MockResponses, _ label: String) {
          switch set {
          case .single(let response): responses.append((label, response))
          case .sequence(let list):
            for (step, response) in list.enumerated() {
              responses.append(("\(label), step \(step + 1)", response))
            }
          }
        }
        add(route.responses, "")
        for (scenario, set) in route.scenarios.sorted(by: { $0.key < $1.key }) {
          add(set, ", scenario \(scenario)")
        }
        for (label, response) in responses {
          let what = "route \(route.name)\(label)"
          if let fault = response.fault, !isTrickle(fault) {
            report.notChecked.append("\(what): a deliberate fault")
            continue
          }
          if response.isOffContract {
            report.notChecked.append("\(what): off the contract on purpose")
            continue
          }
          if response.isTemplate {
            report.notChecked.append("\(what): a template")
            continue
          }
          guard let documented = operation.response(for: response.status) else {
            let codes = operation.responses.map(\.status).joined(separator: ", ")
            problem(
              "\(what): status \(response.status.code) is not documented for \(operation.name) (documented: \(codes))",
              at: response.lines.status)
            continue
          }
          report.responsesChecked += 1
          guard documented.hasJSONBody, let schema = documented.schema else { continue }
          let body: (file: String, value: JSONValue?)
          switch response.body {
          case .empty:
            guard response.status != 204, response.status != 304 else { continue }
            problem(
              "\(what): the response has no body; the description documents a JSON body for \(documented.status)",
              at: response.lines.response)
            continue
          case .text(let text):
            body = (manifestFile, files.json(text: text))
          case .file(let name):
            guard let fixtures, let url = try? FixturePath.resolve(name, in: fixtures) else {
              problem(
                "\(what): the fixture \(VisibleText.escaped(name, atMost: 200)) cannot be found in the fixtures folder",
                at: response.lines.body)
              continue
            }
            let shown = manifestFolder(manifestFile).map { $0 + name } ?? name
            body = (shown, files.json(file: url))
          }
          guard let value = body.value else {
            report.problems.append(
              ContractProblem(
                file: body.file,
                line: body.file == manifestFile ? max(line, response.lines.body) : 1,
                message: "\(what): the body is not JSON, or is too large to check"))
            continue
          }
          var validator = SchemaValidator(schemas: spec.schemas)
          for violation in validator.violations(of: value, against: schema) {
            // An inline body is shown at its own line in the manifest; a fixture at the value's.
            let at =
              body.file == manifestFile
              ? (response.lines.body > 0 ? response.lines.body : line) : max(1, violation.line)
            report.problems.append(
              ContractProblem(
                file: body.file, line: at,
                message:
                  "\(what), \(operation.name) \(documented.status): \(violation.path): \(violation.reason)"
              ))
          }
        }
      }
      report.problems = Array(report.problems.prefix(mostProblems))
      return report
    }

    private static func isTrickle(_ fault: MockResponse.Fault) -> Bool {
      if case .trickle = fault { return true }
      return false
    }

    /// The folder of the manifest as written, with a trailing `/`, to name fixtures as the
    /// user named the folder.
    private static func manifestFolder(_ file: String) -> String? {
      guard let slash = file.lastIndex(of: "/") else { return nil }
      return String(file[...slash])
    }

    /// Whether an operation's path covers a route's: literals equal, and an operation's
    /// parameter takes a route's parameter or any literal (`/speakers/kitchen` is an instance
    /// of `/speakers/{id}`).
    static func covers(_ operation: PathTemplate, _ route: PathTemplate) -> Bool {
      guard operation.segments.count == route.segments.count else { return false }
      for (spec, mine) in zip(operation.segments, route.segments) {
        switch (spec, mine) {
        case (.literal(let a), .literal(let b)) where a == (b.removingPercentEncoding ?? b):
          continue
        case (.parameter, .literal), (.parameter, .parameter): continue
        default: return false
        }
      }
      return true
    }

    /// Fixture bodies read once each, however many routes name them.
    struct FixtureCache {
      private var files: [URL: JSONValue?] = [:]

      mutating func json(file: URL) -> JSONValue? {
        if let known = files[file] { return known }
        // Type and size checked on the open file: a FIFO or device named as a fixture is not
        // read (a FIFO would hang the check), and a file past the limit is not read whole.
        var value: JSONValue?
        if let bytes = try? OutsideFile.read(file.path, atMost: OpenAPIDocument.largestFile),
          let text = String(validating: bytes, as: UTF8.self)
        {
          value = json(text: text)
        }
        files[file] = value
        return value
      }

      /// JSON text as a value with its lines, `nil` when it is not JSON: strictly, since JSON as
      /// the server sends it must be JSON to a client.
      func json(text: String) -> JSONValue? {
        try? JSONReader.parse(text.utf8, limits: OpenAPIReader.limits)
      }
    }
  }
#endif
