#if MockServer  // the trait; without it, TraitRequirement.swift names it
  package import Foundation
  import YaiaHTTP
  import Yaia

  /// A request to the mock server's admin API, as a value: what a tester running
  /// `yaia mock-server --admin` may ask of the running server without restarting it, from a
  /// test in any language (<doc:SteeringARunningServer>).
  ///
  /// | Request | What it does |
  /// | --- | --- |
  /// | `GET /__yaia/routes` | the routes, in the order they are tried, with their scenarios |
  /// | `GET /__yaia/journal` | the requests received (admin requests aside), filtered by `method`, `path`, `query`, `header`, `body`, `since`, `until` |
  /// | `DELETE /__yaia/journal` | empties the journal |
  /// | `POST /__yaia/count` | how many requests are like the body's (`{"method": "POST", "path": "/login"}`) |
  /// | `POST /__yaia/verify` | whether `exactly`, `atLeast` or `never` that many were sent; if not, the closest with how each differs |
  /// | `GET /__yaia/near-misses` | each request no route answered, with the closest routes and why each did not |
  /// | `GET`, `POST`, `DELETE /__yaia/stubs` | the stubs added at run time; adds one (a manifest route as JSON); removes them all |
  /// | `PUT`, `DELETE /__yaia/stubs/{name}` | replaces or removes the route of that name, in memory |
  /// | `GET`, `POST`, `DELETE /__yaia/recording` | a recording of what the backend (`--proxy`) answers: its snapshot; start; stop |
  /// | `POST /__yaia/reset` | puts every sequence at its first answer and every state machine at its start |
  /// | `GET`, `PUT`, `DELETE /__yaia/scenario` | reads, sets (`{"scenario": "server-error"}`) or clears the server-wide scenario |
  /// | `GET`, `PUT`, `DELETE /__yaia/states` | reads, sets (`{"states": {"cart": "has-item", "login": null}}`) or restarts the state machines |
  /// | `GET /__yaia/openapi.json` | this API's own OpenAPI description |
  ///
  /// The prefix is reserved whether or not the API is on: a manifest cannot put a route under
  /// it, and while the API is off every request there is refused (403) saying how to turn it
  /// on. It answers only this machine, and only requests a browser page elsewhere cannot
  /// forge (see ``decide(_:enabled:fromLoopback:fixtures:)``).
  package enum MockAdminCommand: Equatable, Sendable {
    case routes
    case journal(JournalQuery)
    case clearJournal
    case count(JournalQuery)
    case verify(JournalQuery, ExpectedCount)
    case nearMisses
    case stubs
    case addStub(MockStubs.Stub)
    case replaceStub(MockStubs.Stub)
    case removeStub(String)
    case removeStubs
    case recording
    case startRecording
    case stopRecording
    case reset
    case scenario
    case setScenario(String?)
    case states
    case setStates([String: String?])
    case restartStates
    case description

    /// The reserved prefix.
    static let prefix = "/__yaia"

    /// The largest body an admin request may have; a stub's may be larger
    /// (``largestStubBody``).
    static let largestBody = 65_536

    /// The largest body of a stub: a route with its answers inline.
    static let largestStubBody = 1 << 20

    /// What the server does with one request: route it as usual, refuse it, or carry out a
    /// command.
    package enum Decision: Equatable, Sendable {
      /// Not an admin request: the routes answer it.
      case notAdmin
      /// Refused, with the status and the reason to answer with (and, for a 405, the methods
      /// allowed).
      case refused(HTTPStatus, String, allow: [String] = [])
      /// A command to carry out.
      case command(MockAdminCommand)
    }

    /// Whether `path` (as received, still percent-encoded) lies under the reserved prefix, in
    /// any case: `/__YAIA/` is refused, not routed, so that a case-insensitive proxy in front
    /// of the server cannot reach the routes under the admin's name.
    package static func isReserved(_ path: String) -> Bool {
      // By bytes, not characters: `/` followed by a combining mark is one character, and
      // would hide the prefix from a comparison of characters.
      let lower = (path.removingPercentEncoding ?? path).lowercased().utf8
      return lower.elementsEqual(prefix.utf8) || lower.starts(with: (prefix + "/").utf8)
    }

    /// What to do with `request`, given whether the API is `enabled` and whether the
    /// connection came `fromLoopback` (this machine); a stub's `file` answers are looked up in
    /// `fixtures`.
    ///
    /// Besides a loopback peer, a request must name a loopback host in its `Host` header, and
    /// carry no `Origin` but a loopback one: a page on another site that makes a browser send
    /// to `127.0.0.1` (or to a name of its own resolved there, DNS rebinding) is refused. A
    /// body must be JSON and say so, which a page cannot send to another origin without asking
    /// first (and the server never says yes).
    package static func decide(
      _ request: HTTPRequest, enabled: Bool, fromLoopback: Bool, fixtures: URL? = nil
    ) -> Decision {
      guard isReserved(request.path) else { return .notAdmin }
      guard enabled else {
        return .refused(
          403,
          "the admin API is off: start the server with --admin (MockServer.Configuration.admin)")
      }
      guard fromLoopback else {
        return .refused(403, "the admin API answers only requests from this machine")
      }
      if let host = request.headers["Host"], !isLoopbackAuthority(host) {
        return .refused(
          403,
          "the admin API answers only a Host of 127.0.0.1, localhost or [::1], not \(VisibleText.escaped(host, atMost: 80))"
        )
      }
      if let origin = request.headers["Origin"], !isLoopbackOrigin(origin) {
        return .refused(
          403,
          "the admin API answers no page of another origin (\(VisibleText.escaped(origin, atMost: 80)))"
        )
      }
      // The endpoint as spelled: `/__YAIA/routes` is reserved, and no endpoint.
      let name =
        request.path.utf8.starts(with: (prefix + "/").utf8)
        ? String(decoding: request.path.utf8.dropFirst(prefix.utf8.count), as: UTF8.self) : ""
      do {
        return .command(try command(name, request, fixtures: fixtures))
      } catch {
        return error.decision
      }
    }

    /// The command `request` asks for at endpoint `name` (`/routes`), or why it is refused.
    private static func command(_ name: String, _ request: HTTPRequest, fixtures: URL?)
      throws(Refusal) -> MockAdminCommand
    {
      let get = request.method == .get || request.method == .head
      switch name {
      case "/routes":
        try only(["GET"], request)
        return .routes
      case "/journal":
        try only(["GET", "DELETE"], request)
        guard get else { return .clearJournal }
        do {
          return .journal(try JournalQuery(rawQuery: request.rawQuery))
        } catch {
          throw Refusal(400, error.reason)
        }
      case "/count", "/verify":
        try only(["POST"], request)
        let object = try body(of: request)
        if name == "/count" { return .count(try query(object)) }
        return .verify(
          try query(object, extra: ["exactly", "atLeast", "never"]), try expectedCount(object))
      case "/near-misses":
        try only(["GET"], request)
        return .nearMisses
      case "/stubs":
        try only(["GET", "POST", "DELETE"], request)
        if get { return .stubs }
        if request.method == .delete { return .removeStubs }
        return .addStub(try stub(request, fixtures: fixtures, name: nil))
      case "/recording":
        try only(["GET", "POST", "DELETE"], request)
        return get ? .recording : request.method == .delete ? .stopRecording : .startRecording
      case "/reset":
        try only(["POST"], request)
        return .reset
      case "/scenario":
        try only(["GET", "PUT", "DELETE"], request)
        if get { return .scenario }
        if request.method == .delete { return .setScenario(nil) }
        return .setScenario(try scenario(request))
      case "/states":
        try only(["GET", "PUT", "DELETE"], request)
        if get { return .states }
        if request.method == .delete { return .restartStates }
        return .setStates(try states(request))
      case "/openapi.json":
        try only(["GET"], request)
        return .description
      default:
        if name.hasPrefix("/stubs/") {
          let encoded = name.dropFirst("/stubs/".count)
          guard let route = String(encoded).removingPercentEncoding, !route.isEmpty,
            route.utf8.count <= 256
          else {
            throw Refusal(
              400, "a route's name in the path is percent-encoded text of 1 to 256 bytes")
          }
          try only(["PUT", "DELETE"], request)
          if request.method == .delete { return .removeStub(route) }
          return .replaceStub(try stub(request, fixtures: fixtures, name: route))
        }
        throw Refusal(
          404,
          "no admin endpoint \(VisibleText.escaped(request.path, atMost: 80)); there are \(endpoints.joined(separator: ", "))"
        )
      }
    }

    /// The scenario a `PUT /__yaia/scenario` names.
    private static func scenario(_ request: HTTPRequest) throws(Refusal) -> String? {
      let object = try body(of: request)
      guard object.count == 1, let value = object["scenario"],
        value.kind == .null || value.string != nil
      else {
        throw Refusal(400, #"the body is {"scenario": "name"}, or {"scenario": null} for none"#)
      }
      return value.string
    }

    /// The states a `PUT /__yaia/states` sets.
    private static func states(_ request: HTTPRequest) throws(Refusal) -> [String: String?] {
      let object = try body(of: request)
      guard object.count == 1, let states = object["states"]?.fields,
        !states.isEmpty, states.count <= MockRouter.mostMachines
      else {
        throw Refusal(
          400,
          #"the body is {"states": {"machine": "state"}}, with null for no state, naming 1 to \#(MockRouter.mostMachines) machines"#
        )
      }
      var set: [String: String?] = [:]
      for (machine, state) in states {
        guard !machine.isEmpty, machine.utf8.count <= MockRouter.stateHeaderLimits.length,
          state.kind == .null
            || state.string.map({
              !$0.isEmpty && $0.utf8.count <= MockRouter.stateHeaderLimits.length
            }) == true
        else {
          throw Refusal(
            400,
            "machine \(VisibleText.escaped(machine, atMost: 60)): a state is text of 1 to \(MockRouter.stateHeaderLimits.length) bytes, or null for none"
          )
        }
        set[machine] = state.string
      }
      return set
    }

    /// The journal query of a count or verification body.
    private static func query(_ object: [String: JSONValue], extra: Set<String> = [])
      throws(Refusal)
      -> JournalQuery
    {
      do {
        return try JournalQuery(
          json: .object(object.sorted { $0.key < $1.key }.map { JSONMember(name: $0, value: $1) }),
          extra: extra)
      } catch {
        throw Refusal(400, error.reason)
      }
    }

    /// The count a verification expects: `{"exactly": 1}`, `{"atLeast": 2}` or
    /// `{"never": true}`; at least one when it names none.
    private static func expectedCount(_ object: [String: JSONValue]) throws(Refusal)
      -> ExpectedCount
    {
      let named = ["exactly", "atLeast", "never"].filter { object[$0] != nil }
      guard named.count <= 1 else {
        throw Refusal(
          400,
          "a verification names one of exactly, atLeast and never, not \(named.joined(separator: " and "))"
        )
      }
      switch named.first {
      case nil: return .atLeast(1)
      case "never":
        guard object["never"]?.bool == true else { throw Refusal(400, "never is true") }
        return .never
      case let key?:
        guard let number = object[key]?.number, let count = Int(exactly: number.value),
          (0...1_000_000).contains(count)
        else { throw Refusal(400, "\(key) is a whole number from 0 to 1,000,000") }
        return key == "exactly" ? .exactly(count) : .atLeast(count)
      }
    }

    /// The stub a `POST /__yaia/stubs` or `PUT /__yaia/stubs/{name}` carries: one route as a
    /// manifest writes it, read by the manifest's own reader (its checks, its limits, its
    /// fixtures folder), named `name` when the path names it.
    private static func stub(_ request: HTTPRequest, fixtures: URL?, name: String?)
      throws(Refusal) -> MockStubs.Stub
    {
      var object = try body(of: request, atMost: largestStubBody)
      if let name {
        if let given = object["name"], given.string != name {
          throw Refusal(
            400,
            "the body's name differs from the path's (\(VisibleText.escaped(name, atMost: 60))); leave it out or make them the same"
          )
        }
        object["name"] = .string(name)
      }
      let text = JSONValue.object(
        object.sorted { $0.key < $1.key }.map { JSONMember(name: $0, value: $1) }
      ).text()
      let source = Data(text.utf8)
      let manifest: MockManifest
      do {
        manifest = try MockManifest.parse(
          #"{"routes": ["# + text + "]}", file: "the stub", fixtures: fixtures)
      } catch {
        // The body was one line once re-serialized: the line says nothing, the reason all.
        if case .brokenManifest(_, _, let reason) = error { throw Refusal(422, reason) }
        throw Refusal(422, error.description)
      }
      guard let route = manifest.routes.first, manifest.routes.count == 1 else {
        throw Refusal(400, "the body is one route")
      }
      return MockStubs.Stub(route: route, source: source)
    }

    /// The endpoints, for the 404 of a mistyped one.
    static let endpoints = [
      "GET /__yaia/routes", "GET|DELETE /__yaia/journal", "POST /__yaia/count",
      "POST /__yaia/verify", "GET /__yaia/near-misses", "GET|POST|DELETE /__yaia/stubs",
      "PUT|DELETE /__yaia/stubs/{name}", "GET|POST|DELETE /__yaia/recording",
      "POST /__yaia/reset", "GET|PUT|DELETE /__yaia/scenario", "GET|PUT|DELETE /__yaia/states",
      "GET /__yaia/openapi.json",
    ]

    /// A 405 naming `methods` when `request` uses another; HEAD counts as GET.
    private static func only(_ methods: [String], _ request: HTTPRequest) throws(Refusal) {
      let method = request.method == .head ? "GET" : request.method.rawValue
      guard !methods.contains(method) else { return }
      throw Refusal(
        405,
        "\(VisibleText.escaped(request.method.rawValue, atMost: 20)) \(VisibleText.escaped(request.path, atMost: 80)) is not an admin request; it takes \(methods.joined(separator: ", "))",
        allow: methods)
    }

    /// A refusal as an error, so a reading can fail with it.
    private struct Refusal: Error {
      let decision: Decision

      init(_ status: HTTPStatus, _ reason: String, allow: [String] = []) {
        decision = .refused(status, reason, allow: allow)
      }
    }

    /// The JSON object body of `request`, or why it is refused.
    private static func body(of request: HTTPRequest, atMost limit: Int = largestBody)
      throws(Refusal) -> [String: JSONValue]
    {
      let type = (request.headers[HTTPHeaderName.contentType] ?? "").lowercased()
      guard type.hasPrefix("application/json") else {
        throw Refusal(415, "an admin request's body is JSON, sent as application/json")
      }
      guard request.body.count <= limit else {
        throw Refusal(413, "this admin request's body is at most \(limit) bytes")
      }
      switch RequestBody.reading(request.body) {
      case .json(let value):
        guard let object = value.fields else { break }
        return object
      case .pastLimits(let refusal):
        throw Refusal(400, "the body is past what an admin request may hold: \(refusal.reason)")
      case .notJSON:
        break
      }
      throw Refusal(400, "the body is not a JSON object")
    }

    /// Whether a `Host` value names this machine: `127.0.0.1`, any `127.x.y.z`, `localhost`,
    /// or `[::1]`, with or without a port.
    static func isLoopbackAuthority(_ authority: String) -> Bool {
      let text = authority.trimmingCharacters(in: .whitespaces).lowercased()
      let port: Substring?
      if text.hasPrefix("[") {
        guard let close = text.firstIndex(of: "]"),
          text[text.index(after: text.startIndex)..<close] == "::1"
        else { return false }
        let rest = text[text.index(after: close)...]
        guard rest.isEmpty || rest.hasPrefix(":") else { return false }
        port = rest.isEmpty ? nil : rest.dropFirst()
      } else {
        let colon = text.lastIndex(of: ":")
        let host = colon.map { text[..<$0] } ?? text[...]
        guard host == "localhost" || isLoopbackIPv4(host) else { return false }
        port = colon.map { text[text.index(after: $0)...] }
      }
      guard let port else { return true }
      return !port.isEmpty && port.allSatisfy { $0.isASCII && $0.isNumber } && UInt16(port) != nil
    }

    /// Whether `text` is a dotted IPv4 address in `127.0.0.0/8`.
    static func isLoopbackIPv4(_ text: some StringProtocol) -> Bool {
      let parts = text.split(separator: ".", omittingEmptySubsequences: false)
      return parts.count == 4 && parts[0] == "127"
        && parts.allSatisfy { part in
          (1...3).contains(part.count) && part.allSatisfy { $0.isASCII && $0.isNumber }
            && UInt8(part) != nil
        }
    }

    /// Whether an `Origin` value is a page of this machine: `http://` or `https://` and a
    /// loopback authority.
    static func isLoopbackOrigin(_ origin: String) -> Bool {
      let lower = origin.trimmingCharacters(in: .whitespaces).lowercased()
      for scheme in ["http://", "https://"] where lower.hasPrefix(scheme) {
        return isLoopbackAuthority(String(lower.dropFirst(scheme.count)))
      }
      return false
    }

    /// Whether a peer's address is this machine: `127.0.0.0/8`, `::1`, or an IPv4 loopback
    /// address mapped into IPv6 (`::ffff:127.0.0.1`).
    static func isLoopbackPeer(_ address: String) -> Bool {
      let lower = address.lowercased()
      return isLoopbackIPv4(lower) || lower == "::1" || lower == "0:0:0:0:0:0:0:1"
        || (lower.hasPrefix("::ffff:") && isLoopbackIPv4(lower.dropFirst(7)))
    }
  }
#endif
