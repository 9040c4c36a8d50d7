#if MockServer  // the trait; without it, TraitRequirement.swift names it
  import Foundation
  import YaiaHTTP
  import Yaia
  import YaiaToolSupport

  /// The mock server's decisions as a value: which route answers a request, with which scenario
  /// and which step of a sequence, and what the state machines become. The server shell holds
  /// one and does the I/O; tests drive it with plain requests.
  ///
  /// Routes are tried in order; the first whose method, path, query, headers, body fields,
  /// credential (``MockRoute/Credential``) and required state all match answers. State machines start in their initial states (a
  /// manifest's `states:`), move when a route that sets one answers, and can be set by a test
  /// (``setState(_:of:)``) or by a request's `X-Mock-State: cart=has-item` header; every answer
  /// of a server with states carries them in its own `X-Mock-State` header. The scenario is the request's `X-Mock-Scenario` header
  /// or `_scenario` query item, else the server-wide one, else none; a route without that
  /// scenario answers with its default responses.
  public struct MockRouter: Sendable {
    /// The outcome of routing one request.
    public enum Outcome: Equatable, Sendable {
      /// A route answers: its name, the scenario used (if any), the response, and the path
      /// parameters.
      case matched(
        route: String, scenario: String?, response: MockResponse, parameters: [String: String])
      /// No route answers; the closest routes, best first, for the 404 and the journal.
      case unmatched(closest: [String])
    }

    /// The routes, in the order they are tried.
    public private(set) var routes: [MockRoute]
    /// The scenario for every request that does not name one; `nil` for the defaults.
    public var scenario: String?
    /// The state each machine starts in (and returns to on reset); a machine not named starts
    /// in no state, which no route requires.
    public private(set) var initialStates: [String: String]
    private var sequencePositions: [String: Int] = [:]
    private var states: [String: String]

    /// The query item a request names its scenario with.
    public static let scenarioQueryItem = "_scenario"

    /// The most machines a request's `X-Mock-State` header may set, and the longest name or
    /// state it may use: past them, the rest of the header is ignored.
    public static let stateHeaderLimits = (machines: 32, length: 128)

    /// The most machines the router holds in all, the manifest's included: a request may set
    /// a known machine's state, or make a new one only while fewer are held. Every answer
    /// carries every machine's state, so without a total, a client that names 32 new machines
    /// per request soon makes every answer's head too large for any client to read.
    public static let mostMachines = 64

    /// A router over `routes`, its machines starting in `initialStates`.
    public init(
      routes: [MockRoute], scenario: String? = nil, initialStates: [String: String] = [:]
    ) {
      self.routes = routes
      self.scenario = scenario
      self.initialStates = initialStates
      self.states = initialStates
    }

    /// Routes `request`, advancing sequences and state machines.
    public mutating func route(_ request: HTTPRequest) -> Outcome {
      for (machine, state) in Self.states(inHeader: request.headers[HTTPHeaderName.mockState])
      where states[machine] != nil || states.count < Self.mostMachines {
        states[machine] = state
      }
      let requested =
        request.headers[HTTPHeaderName.mockScenario] ?? request.query[Self.scenarioQueryItem]
        ?? scenario
      // The request's credentials, read once and only when a route asks about them.
      var credentials: [String]?
      for route in routes {
        guard let parameters = matches(route, request, credentials: &credentials) else {
          continue
        }
        let chosen = requested.flatMap { route.scenarios[$0] != nil ? $0 : nil }
        let responses = chosen.flatMap { route.scenarios[$0] } ?? route.responses
        var response: MockResponse
        switch responses {
        case .single(let single):
          response = single
        case .sequence(let sequence):
          let key = "\(route.name)#\(chosen ?? "")"
          let position = sequencePositions[key, default: 0]
          response =
            sequence.isEmpty
            ? MockResponse(status: 204) : sequence[min(position, sequence.count - 1)]
          sequencePositions[key] = position + 1
        }
        if let next = route.nextStateValue { states[next.machine] = next.state }
        if !states.isEmpty { response.headers[HTTPHeaderName.mockState] = stateHeader }
        return .matched(
          route: route.name, scenario: chosen, response: response, parameters: parameters)
      }
      return .unmatched(closest: closestRoutes(to: request))
    }

    /// Puts every sequence back at its first response and every state machine back at its
    /// start.
    public mutating func resetAll() {
      sequencePositions.removeAll()
      states = initialStates
    }

    /// Puts the sequences of the route named `name` back at their first response.
    public mutating func resetSequences(of name: String) {
      sequencePositions = sequencePositions.filter { !$0.key.hasPrefix(name + "#") }
    }

    /// Puts state machine `machine` back at its start.
    public mutating func resetState(of machine: String) {
      states[machine] = initialStates[machine]
    }

    /// The state `machine` is in; `nil` when it has none (a machine never named).
    public func state(of machine: String) -> String? { states[machine] }

    /// Every machine's state.
    public var allStates: [String: String] { states }

    /// Puts `machine` in `state` (`nil` for none), as a route that sets it would.
    public mutating func setState(_ state: String?, of machine: String) {
      states[machine] = state
    }

    /// The states as the `X-Mock-State` header writes them: `cart=has-item, login=locked`,
    /// sorted by machine.
    var stateHeader: String {
      states.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
    }

    /// The `machine=state` pairs of an `X-Mock-State` header, within ``stateHeaderLimits``; a
    /// pair that is not one is skipped.
    static func states(inHeader header: String?) -> [(machine: String, state: String)] {
      guard let header else { return [] }
      var pairs: [(String, String)] = []
      for item in header.split(separator: ",").prefix(stateHeaderLimits.machines) {
        let parts = item.split(separator: "=", maxSplits: 1).map {
          $0.trimmingCharacters(in: .whitespaces)
        }
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty,
          parts.allSatisfy({ $0.utf8.count <= stateHeaderLimits.length })
        else { continue }
        pairs.append((parts[0], parts[1]))
      }
      return pairs
    }

    private func matches(
      _ route: MockRoute, _ request: HTTPRequest, credentials: inout [String]?
    ) -> [String: String]? {
      // HEAD is GET without the body (RFC 9110 §9.3.2): a GET route answers it too.
      if let method = route.method, method != request.method,
        !(method == .get && request.method == .head)
      {
        return nil
      }
      guard let parameters = route.pattern.match(request.path) else { return nil }
      for (name, value) in route.query where request.query[name] != value { return nil }
      if Self.exactQueryMiss(route, request) != nil { return nil }
      for (name, value) in route.headers where request.headers[name] != value { return nil }
      if !route.bodyFields.isEmpty {
        guard let json = RequestBody.json(request.body) else { return nil }
        for (path, expected) in route.bodyFields where Self.value(at: path, in: json) != expected {
          return nil
        }
      }
      if let rule = route.credential {
        let carried = credentials ?? RequestCredentials.values(in: request)
        credentials = carried
        guard rule.admits(carried) else { return nil }
      }
      if let required = route.requiredStateValue, states[required.machine] != required.state {
        return nil
      }
      return parameters
    }

    /// The JSON value at a dotted key path, as text (`true`, `42`, `kitchen`), or `nil`.
    static func value(at path: String, in json: JSONValue) -> String? {
      json.value(at: JSONPath.steps(path))?.comparableText
    }

    /// Up to three route names, closest first, by edit distance between `METHOD /path` and
    /// each route's `METHOD pattern`.
    func closestRoutes(to request: HTTPRequest) -> [String] {
      let target = Array(request.summary)
      var ranked: [(name: String, distance: Int)] = []
      for route in routes {
        // A route whose method and path match missed on something else: it comes first, and
        // says what (a query item, a header, a body field, a state).
        if let miss = missedOnlyOn(route, request) {
          ranked.append(("\(route.name): the path matches, but \(miss)", -1))
          continue
        }
        let method = route.method ?? request.method
        let candidate: [Character] = Array(method.rawValue + " " + route.pattern.text)
        ranked.append((route.name, EditDistance.between(target, candidate)))
      }
      ranked.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.name < $1.name }
      return ranked.prefix(3).map(\.name)
    }

    /// One route that did not answer a request, and why: what `GET /__yaia/near-misses` lists.
    struct NearMiss: Equatable, Sendable, Encodable {
      /// The route's name.
      let route: String
      /// Why it did not answer: the one thing it missed when the method and path match,
      /// else how its method or path differs.
      let reason: String
    }

    /// The routes closest to answering `request`, best first (as ``closestRoutes(to:)`` ranks
    /// them), each with why it did not.
    func nearMisses(to request: HTTPRequest, atMost count: Int = 3) -> [NearMiss] {
      let target = Array(request.summary)
      var ranked: [(miss: NearMiss, distance: Int)] = []
      for route in routes {
        if let miss = missedOnlyOn(route, request) {
          ranked.append((NearMiss(route: route.name, reason: miss), -1))
          continue
        }
        let method = route.method ?? request.method
        var reasons: [String] = []
        if method != request.method, !(method == .get && request.method == .head) {
          reasons.append("it answers \(method.rawValue), not \(request.method.rawValue)")
        }
        if route.pattern.match(request.path) == nil {
          reasons.append("its path \(route.pattern.text) does not match")
        }
        if reasons.isEmpty { reasons.append("it matches now") }
        let candidate = Array(method.rawValue + " " + route.pattern.text)
        ranked.append(
          (
            NearMiss(route: route.name, reason: reasons.joined(separator: ", and ")),
            EditDistance.between(target, candidate)
          ))
      }
      ranked.sort {
        $0.distance != $1.distance ? $0.distance < $1.distance : $0.miss.route < $1.miss.route
      }
      return ranked.prefix(count).map(\.miss)
    }

    /// Tries `routes` from now on, keeping the scenario, the states and the place of every
    /// sequence except those of the routes named in `restarting` (the ones a test changed).
    mutating func setRoutes(_ routes: [MockRoute], restarting: Set<String>) {
      self.routes = routes
      for name in restarting { resetSequences(of: name) }
    }

    /// What `request` lacks for `route`, when its method and path match the route's; `nil` when
    /// they do not (or nothing is missing).
    /// How `request`'s query misses `route`'s exact one: an item it names that the route does
    /// not take, or an any-value item it lacks; `nil` when it fits or the route takes any query.
    static func exactQueryMiss(_ route: MockRoute, _ request: HTTPRequest) -> String? {
      guard let anyValue = route.exactQuery else { return nil }
      if let extra = request.query.keys.sorted().first(where: { name in
        route.query[name] == nil && !anyValue.contains(name) && name != scenarioQueryItem
      }) {
        return "its query takes no item \(VisibleText.escaped(extra, atMost: 60))"
      }
      if let lacking = anyValue.sorted().first(where: { request.query[$0] == nil }) {
        return "its query needs \(VisibleText.escaped(lacking, atMost: 60)) (any value)"
      }
      return nil
    }

    private func missedOnlyOn(_ route: MockRoute, _ request: HTTPRequest) -> String? {
      if let method = route.method, method != request.method,
        !(method == .get && request.method == .head)
      {
        return nil
      }
      guard route.pattern.match(request.path) != nil else { return nil }
      for (name, value) in route.query.sorted(by: { $0.key < $1.key })
      where request.query[name] != value {
        // A credential the route expects is the tester's, and the one sent the app's: neither
        // is written into a 404 or a near miss.
        if SecretNames.isSecret(name) {
          let got = request.query[name] == nil ? "none" : "another"
          return "its query needs \(name) (a value of its own) and the request has \(got)"
        }
        let got = request.query[name].map { "\(name)=\($0)" } ?? "no \(name)"
        return "its query needs \(name)=\(value) and the request has \(got)"
      }
      if let miss = Self.exactQueryMiss(route, request) { return miss }
      for (name, value) in route.headers where request.headers[name] != value {
        if SecretNames.isSecret(name.lowercased()) {
          return "it needs the header \(name) (a value of its own)"
        }
        return "it needs the header \(name): \(value)"
      }
      if !route.bodyFields.isEmpty {
        let json = RequestBody.json(request.body)
        for (path, expected) in route.bodyFields.sorted(by: { $0.key < $1.key })
        where json.flatMap({ Self.value(at: path, in: $0) }) != expected {
          return "its body needs \(path) = \(expected)"
        }
      }
      if let miss = route.credential?.miss(RequestCredentials.values(in: request)) {
        return miss
      }
      if let required = route.requiredStateValue, states[required.machine] != required.state {
        let now = states[required.machine].map { "it is in \($0)" } ?? "it has no state"
        return "it answers only in state \(required.state) of \(required.machine), and \(now)"
      }
      return nil
    }
  }
#endif
