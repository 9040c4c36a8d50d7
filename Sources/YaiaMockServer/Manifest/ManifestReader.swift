#if MockServer  // the trait; without it, TraitRequirement.swift names it
  import Foundation
  import Yaia
  import YaiaHTTP
  import YaiaOpenAPI
  import Yams

  /// Turns manifest nodes into routes, naming the line of every problem.
  struct ManifestReader {
    let file: String
    let fixtures: URL?
    /// What the manifest's bodies may cost, together: every `json` body expanded and every
    /// template read (inline, in a header, or in a fixture). One budget for the document, so
    /// that a large body aliased by many routes is counted each time it is used.
    private var budget = InputBudget(ManifestReader.limits)
    /// The fixture files already read as templates: a fixture used by many routes is read once.
    private var checkedFixtures: Set<String> = []
    /// The manifest's `credential-salt`, which its routes' credential fingerprints are made
    /// with.
    private var credentialSalt: String?

    init(file: String, fixtures: URL?) {
      self.file = file
      self.fixtures = fixtures
    }

    /// The routes of manifest `text`, in order, with their lines and the initial states.
    mutating func manifest(in text: String) throws(MockServerError) -> MockManifest {
      let root: Node?
      do {
        root = try Yams.compose(yaml: text)
      } catch let error as YamlError {
        throw syntaxError(error)
      } catch {
        throw .brokenManifest(file: file, line: 0, reason: "\(error)")
      }
      guard let root, let routes = root["routes"] else {
        throw .brokenManifest(
          file: file, line: root?.mark?.line ?? 1, reason: "expected a top-level `routes:` list")
      }
      guard case .sequence(let list) = routes else {
        throw error(routes, "`routes` must be a list")
      }
      if let salt = root["credential-salt"] {
        guard let text = salt.string, (1...128).contains(text.utf8.count) else {
          throw error(
            salt, "`credential-salt` is text of 1 to 128 characters, as a recording writes it")
        }
        credentialSalt = text
      }
      var parsed: [MockRoute] = []
      for node in list { parsed.append(try route(node)) }
      var initialStates: [String: String] = [:]
      if let states = root["states"] {
        guard case .mapping(let mapping) = states else {
          throw error(states, "`states` maps each machine to the state it starts in")
        }
        for (key, value) in mapping {
          guard let machine = key.string, !machine.isEmpty, let state = value.string, !state.isEmpty
          else { throw error(key, "a machine's start is written `cart: empty`") }
          initialStates[machine] = state
        }
      }
      return MockManifest(
        routes: parsed, initialStates: initialStates, routeLines: list.map { $0.mark?.line ?? 0 })
    }

    /// A problem at `node`'s line. The reason is shown escaped and bounded, whatever quotes of
    /// the manifest it holds: it reaches a terminal, and the admin API's answers for a stub.
    func error(_ node: Node, _ reason: String) -> MockServerError {
      .brokenManifest(
        file: file, line: node.mark?.line ?? 0, reason: VisibleText.escaped(reason, atMost: 400))
    }

    func syntaxError(_ error: YamlError) -> MockServerError {
      switch error {
      case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _),
        .composer(_, let problem, let mark, _):
        return .brokenManifest(
          file: file, line: mark.line,
          reason: "not valid YAML or JSON: \(VisibleText.escaped(problem, atMost: 300))")
      default:
        // Yams quotes the offending text (a control character it refuses, a line end) in its
        // description, which reaches a terminal and the admin API's answers: shown escaped.
        return .brokenManifest(
          file: file, line: 0,
          reason: "not valid YAML or JSON: \(VisibleText.escaped("\(error)", atMost: 300))")
      }
    }

    mutating func route(_ node: Node) throws(MockServerError) -> MockRoute {
      guard case .mapping = node else {
        throw error(node, "a route must be a mapping with at least `path`")
      }
      try onlyKeys(
        node,
        [
          "method", "path", "name", "query", "exact-query", "headers", "body", "response",
          "sequence", "scenarios", "requires-state", "sets-state", "credential",
        ])
      guard let path = node["path"]?.string else {
        throw error(node, "a route needs a `path`, such as /devices/:id")
      }
      if MockAdminCommand.isReserved(path) {
        throw error(
          node["path"] ?? node,
          "paths under \(MockAdminCommand.prefix)/ are the admin API's; a route cannot use them")
      }
      let responses = try responses(
        of: node, what: "route \(VisibleText.escaped(path, atMost: 80))")
      var scenarios: [String: MockResponses] = [:]
      if let list = node["scenarios"] {
        guard case .mapping(let mapping) = list else {
          throw error(list, "`scenarios` maps names to responses")
        }
        for (key, value) in mapping {
          guard let name = key.string else { throw error(key, "a scenario name must be text") }
          if value["sequence"] != nil {
            scenarios[name] = try self.responses(
              of: value, what: "scenario \(VisibleText.escaped(name, atMost: 80))")
          } else {
            scenarios[name] = .single(try response(value))
          }
        }
      }
      var route: MockRoute
      do {
        route = try MockRoute(
          node["method"]?.string.map(HTTPMethod.init(rawValue:)), path, name: node["name"]?.string,
          query: try strings(node["query"]), headers: try headers(node["headers"]),
          bodyFields: try strings(node["body"]),
          responses: responses,
          scenarios: scenarios)
      } catch {
        throw self.error(node["path"] ?? node, error.description)
      }
      if let exact = node["exact-query"] {
        if let flag = exact.bool {
          route.exactQuery = flag ? [] : nil
        } else if case .sequence(let names) = exact, names.allSatisfy({ $0.string != nil }) {
          route.exactQuery = Set(names.compactMap(\.string))
        } else {
          throw error(
            exact,
            "`exact-query` is true, false, or the list of items that may come with any value")
        }
      }
      route.credential = try credential(node["credential"])
      route.requiredState = try state(node["requires-state"])
      route.nextState = try state(node["sets-state"])
      return route
    }

    private mutating func responses(of node: Node, what: String) throws(MockServerError)
      -> MockResponses
    {
      if let sequence = node["sequence"] {
        guard case .sequence(let list) = sequence, !list.isEmpty else {
          throw error(sequence, "`sequence` must be a non-empty list of responses")
        }
        var responses: [MockResponse] = []
        for item in list { responses.append(try response(item)) }
        return .sequence(responses)
      }
      guard let response = node["response"] else {
        throw error(node, "\(what) needs a `response` or a `sequence`")
      }
      return .single(try self.response(response))
    }

    mutating func response(_ node: Node) throws(MockServerError) -> MockResponse {
      guard case .mapping = node else {
        throw error(
          node, "a response must be a mapping (status, headers, body, json, file, delay, fault)")
      }
      try onlyKeys(
        node,
        [
          "status", "headers", "body", "json", "file", "delay", "fault", "trickle", "template",
          "off-contract",
        ])
      var response = MockResponse()
      response.lines.response = node.mark?.line ?? 0
      response.lines.status = node["status"]?.mark?.line ?? response.lines.response
      response.lines.body =
        (node["body"] ?? node["json"] ?? node["file"])?.mark?.line ?? response.lines.response
      if let status = node["status"] {
        guard let code = status.int, (100...599).contains(code) else {
          throw error(status, "`status` must be a number from 100 to 599")
        }
        response.status = HTTPStatus(code)
      }
      response.headers = try headers(node["headers"])
      let bodies = ["body", "json", "file"].filter { node[$0] != nil }
      guard bodies.count <= 1 else {
        throw error(
          node, "a response has one body: `\(bodies.joined(separator: "`, `"))` are given")
      }
      if let text = node["body"] {
        guard let string = text.string else {
          throw error(text, "`body` must be text; use `json` for structured JSON")
        }
        response.body = .text(string)
      } else if let json = node["json"] {
        response.body = .text(try jsonText(json))
        if response.headers[HTTPHeaderName.contentType] == nil {
          response.headers[HTTPHeaderName.contentType] = "application/json"
        }
      } else if let fileNode = node["file"] {
        guard let name = fileNode.string else {
          throw error(fileNode, "`file` must be a path in the fixtures folder")
        }
        if let fixtures {
          do {
            _ = try FixturePath.resolve(name, in: fixtures)
          } catch {
            throw self.error(fileNode, error.description)
          }
        }
        response.body = .file(name)
        if name.hasSuffix(".json"), response.headers[HTTPHeaderName.contentType] == nil {
          response.headers[HTTPHeaderName.contentType] = "application/json"
        }
      }
      if let delay = node["delay"] { response.delay = try delayRange(delay) }
      if let fault = node["fault"] {
        response.fault = try self.fault(fault, trickle: node["trickle"])
      }
      if let template = node["template"] {
        guard let flag = template.bool else {
          throw error(template, "`template` is true or false")
        }
        response.isTemplate = flag
        if flag { try checkTemplates(of: response, at: node) }
      }
      if let offContract = node["off-contract"] {
        guard let flag = offContract.bool else {
          throw error(offContract, "`off-contract` is true or false")
        }
        response.isOffContract = flag
      }
      return response
    }

    /// Reads every template of `response` (its body, inline or in a fixture file, and its header
    /// values), so that a mistake is reported at load with its line, not as a 500 per request.
    /// Each template read spends its bytes from the manifest's budget: a templated body aliased
    /// by thousands of routes is refused at load, not read thousands of times.
    private mutating func checkTemplates(
      of response: MockResponse, at node: Node
    ) throws(MockServerError) {
      let json =
        response.headers[HTTPHeaderName.contentType]?.lowercased().contains("json") ?? false
      for field in response.headers where ResponseTemplate.hasPlaceholders(field.value) {
        try spend(templateBytes: field.value.utf8.count, at: node)
        do {
          _ = try ResponseTemplate(field.value, json: false)
        } catch {
          throw self.error(node["headers"] ?? node, "header \(field.name): \(error.reason)")
        }
      }
      switch response.body {
      case .empty:
        break
      case .text(let text):
        try spend(templateBytes: text.utf8.count, at: node)
        do {
          _ = try ResponseTemplate(text, json: json)
        } catch {
          throw self.error(node, "template \(error)")
        }
      case .file(let name):
        guard let fixtures, checkedFixtures.insert(name).inserted else { return }
        let url: URL
        let bytes: [UInt8]?
        do {
          url = try FixturePath.resolve(name, in: fixtures)
          bytes = try OutsideFile.read(url.path, atMost: ResponseTemplate.largestRendering)
        } catch let error as MockServerError {
          throw error
        } catch let error as OutsideFile.Failure {
          if case .tooLarge = error {
            throw self.error(
              node, "template \(name) is larger than \(ResponseTemplate.largestRendering) bytes")
          }
          throw self.error(node, "template \(name): \(error)")
        } catch {
          throw self.error(node, "\(error)")
        }
        guard let bytes else { throw self.error(node, "template \(name) does not exist") }
        try spend(templateBytes: bytes.count, at: node)
        guard let text = String(validating: bytes, as: UTF8.self) else {
          throw self.error(node, "template \(name) cannot be read as UTF-8 text")
        }
        do {
          _ = try ResponseTemplate(text, json: json)
        } catch {
          throw .brokenManifest(file: url.path, line: error.line, reason: error.reason)
        }
      }
    }

    /// Spends `count` bytes of template text from the manifest's budget.
    private mutating func spend(templateBytes count: Int, at node: Node) throws(MockServerError) {
      do {
        try budget.spend(bytes: count, elements: 0)
      } catch {
        throw self.error(
          node,
          "the templates and `json` bodies of the manifest \(error) (YAML aliases repeat whole"
            + " nodes, and every body of the manifest counts); use `file`, read once however"
            + " many routes name it")
      }
    }

    private func fault(_ node: Node, trickle: Node?) throws(MockServerError) -> MockResponse.Fault {
      switch node.string {
      case "malformed-json": return .malformedJSON
      case "empty-body": return .emptyBody
      case "truncated-body", "close-mid-body": return .truncatedBody
      case "reset-connection": return .resetConnection
      case "malformed-response": return .malformedResponse
      case "close-connection": return .closeConnection
      case "trickle":
        guard let trickle, let bytes = trickle["bytes"]?.int, bytes > 0,
          let interval = trickle["interval"]
        else {
          throw error(node, "`fault: trickle` needs `trickle: { bytes: N, interval: 50ms }`")
        }
        guard bytes <= Self.largestTrickle else {
          throw error(trickle, "`trickle` sends from 1 to \(Self.largestTrickle) bytes at a time")
        }
        return .trickle(bytes: bytes, interval: try duration(interval))
      default:
        throw error(
          node,
          "unknown fault; use malformed-json, empty-body, truncated-body (or close-mid-body), close-connection, reset-connection, malformed-response or trickle"
        )
      }
    }

    private func delayRange(_ node: Node) throws(MockServerError) -> ClosedRange<Duration> {
      guard let text = node.string else {
        throw error(node, "`delay` must be like 300ms, 2s or 100ms...500ms")
      }
      let parts = text.components(separatedBy: "...")
      let low = try duration(text: parts[0], at: node)
      let high = parts.count > 1 ? try duration(text: parts[1], at: node) : low
      guard parts.count <= 2, low <= high else {
        throw error(node, "`delay` range must go from low to high, like 100ms...500ms")
      }
      return low...high
    }

    private func duration(_ node: Node) throws(MockServerError) -> Duration {
      guard let text = node.string else { throw error(node, "a duration must be like 300ms or 2s") }
      return try duration(text: text, at: node)
    }

    private func duration(text: String, at node: Node) throws(MockServerError) -> Duration {
      switch DurationText.parse(text, atMost: Self.longestDelay) {
      case .success(let duration):
        return duration
      case .failure(.notADuration):
        throw error(
          node, "`\(VisibleText.escaped(text, atMost: 80))` is not a duration; write 300ms or 2s")
      case .failure(.outOfRange):
        throw error(
          node,
          "`\(VisibleText.escaped(text, atMost: 80))` is out of range: a duration goes from 0ms to \(DurationText.format(Self.longestDelay))"
        )
      }
    }

    /// The longest delay or trickle interval a manifest may ask for (one hour): longer is a
    /// mistake, and far longer cannot be held by `Duration` at all.
    static let longestDelay: Duration = .seconds(3600)

    /// The most bytes a trickle may send at a time.
    static let largestTrickle = 1 << 20

    /// What the bodies of one manifest may cost, all together, once YAML aliases are
    /// followed: `json` bodies 64 levels deep and 100,000 values, and 32 MiB of text between
    /// the `json` bodies and the templates read (twice the largest manifest; a templated
    /// fixture counts its size once).
    static let limits = InputBudget.Limits(depth: 64, bytes: 32 << 20, elements: 100_000)

    private func strings(_ node: Node?) throws(MockServerError) -> [String: String] {
      guard let node else { return [:] }
      guard case .mapping(let mapping) = node else {
        throw error(node, "expected a mapping of names to values")
      }
      var result: [String: String] = [:]
      for (key, value) in mapping {
        guard let name = key.string, case .scalar(let scalar) = value else {
          throw error(value, "expected a name and a plain value")
        }
        result[name] = scalar.string
      }
      return result
    }

    /// A mapping of header fields, each a token name and a value a response may carry: no
    /// CR, LF or other control character, which would end the field early and let the rest of
    /// the value be read as fields or a body of its own.
    private func headers(_ node: Node?) throws(MockServerError) -> HTTPHeaders {
      let fields = try strings(node)
      guard case .mapping(let mapping)? = node else { return HTTPHeaders(fields) }
      for (key, value) in mapping {
        let name = key.string ?? ""
        guard !name.isEmpty, name.utf8.allSatisfy(RequestHeadParser.isTokenByte) else {
          throw error(key, "`\(VisibleText.escaped(name))` is not a header name")
        }
        let text = value.string ?? ""
        guard
          text.unicodeScalars.allSatisfy({ $0 == "\t" || ($0.value >= 0x20 && $0.value != 0x7F) })
        else {
          throw error(
            value,
            "the value of header `\(VisibleText.escaped(name, atMost: 80))` holds a line break or a control character: "
              + "\(VisibleText.escaped(text))")
        }
      }
      return HTTPHeaders(fields)
    }

    /// A route's `credential`: `none`, `sent`, or a list of fingerprints made with the
    /// manifest's `credential-salt`.
    private func credential(_ node: Node?) throws(MockServerError) -> MockRoute.Credential? {
      guard let node else { return nil }
      switch node.string {
      case "none": return .notSent
      case "sent": return .sent
      default: break
      }
      guard case .sequence(let items) = node, !items.isEmpty, items.count <= 64 else {
        throw error(
          node,
          "`credential` is none, sent, or a list of up to 64 fingerprints a recording wrote, like [\"5e21\"]"
        )
      }
      var fingerprints: Set<String> = []
      for item in items {
        guard let text = item.string, MockRoute.Credential.isFingerprint(text) else {
          throw error(item, "a credential fingerprint is four lower-case hex digits, like \"5e21\"")
        }
        fingerprints.insert(text)
      }
      guard let credentialSalt else {
        throw error(
          node,
          "credential fingerprints need the manifest's top-level `credential-salt`, which the recording that wrote them wrote too"
        )
      }
      return .fingerprinted(salt: credentialSalt, fingerprints: fingerprints)
    }

    private func state(_ node: Node?) throws(MockServerError) -> (machine: String, state: String)? {
      guard let node else { return nil }
      let parts = node.string?.split(separator: "=", maxSplits: 1).map(String.init) ?? []
      guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
        throw error(node, "a state is written machine=state, like session=logged-in")
      }
      return (parts[0], parts[1])
    }

    private func onlyKeys(_ node: Node, _ allowed: Set<String>) throws(MockServerError) {
      guard case .mapping(let mapping) = node else { return }
      for key in mapping.keys {
        guard let name = key.string, allowed.contains(name) else {
          throw error(
            key,
            "unknown key `\(VisibleText.escaped(key.string ?? "?", atMost: 80))`; expected one of \(allowed.sorted().joined(separator: ", "))"
          )
        }
      }
    }

    /// A YAML/JSON node as compact JSON text.
    ///
    /// YAML aliases repeat a node without copying it, so a few lines can stand for billions of
    /// values ("billion laughs"), or for a chain of aliases nested far deeper than any YAML
    /// parser allows in text. Expansion spends the manifest's ``budget``: the depth is checked
    /// before each level is entered, and values and bytes are counted across every body.
    private mutating func jsonText(_ node: Node) throws(MockServerError) -> String {
      do {
        // The same reading as an OpenAPI description's examples: plain numbers as written when
        // JSON writes them so (`1.50`, a 20-digit id), YAML's own (`0x1F`) as the number.
        return try JSONValue(node, budget: &budget).text()
      } catch {
        throw self.error(
          node,
          "`json` bodies \(error) (YAML aliases repeat whole nodes, and every body of the manifest"
            + " counts); write the body out or use `file`")
      }
    }
  }
#endif
