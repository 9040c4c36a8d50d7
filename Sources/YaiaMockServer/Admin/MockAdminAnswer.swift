#if MockServer  // the trait; without it, TraitRequirement.swift names it
  package import Foundation
  import Yaia
  import YaiaHTTP

  /// What the admin API answers: a status and a JSON body (none for a 204).
  package struct MockAdminAnswer: Equatable, Sendable {
    package var status: HTTPStatus
    package var body: Data

    /// A 204: done, nothing to say.
    static let done = MockAdminAnswer(status: 204, body: Data())

    /// `value` as sorted JSON with `status`.
    static func json(_ value: some Encodable, status: HTTPStatus = 200) -> MockAdminAnswer {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      // To the millisecond: a test that takes an entry's time as the next window's `since`
      // must not find the entry in it again.
      encoder.dateEncodingStrategy = .custom { date, encoder in
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var container = encoder.singleValueContainer()
        try container.encode(formatter.string(from: date))
      }
      guard let body = try? encoder.encode(value) else {
        return MockAdminAnswer(status: 500, body: Data(#"{"error":"could not encode"}"#.utf8))
      }
      return MockAdminAnswer(status: status, body: body)
    }

    /// A refusal: `{"error": reason}`.
    static func error(_ reason: String, status: HTTPStatus) -> MockAdminAnswer {
      json(["error": reason], status: status)
    }

    /// One route as `GET /__yaia/routes` lists it.
    struct Route: Encodable {
      let name: String
      /// `manifest`, or `stub` for a route the admin API added or replaced.
      let source: String
      let method: String?
      let path: String
      let scenarios: [String]
      let requiresState: String?
      let setsState: String?
    }

    /// One journal entry as `GET /__yaia/journal` lists it: the body as text when it is
    /// UTF-8, else only its size. Credentials are `REDACTED`, as a recording writes them: the
    /// token of `Authorization` (its scheme kept), each cookie's value (its name kept), every
    /// header, query item and field whose name holds a secret (``SecretNames``), and each of
    /// those values wherever else it appears (a body that echoes the token). A tester can still
    /// see that a request was authorised, and by which scheme, without the journal leaking a
    /// session to whoever reads the loopback port's output.
    struct Entry: Encodable {
      let time: Date
      let method: String
      let path: String
      let query: String
      let headers: [[String]]
      let body: String?
      let bodyBytes: Int
      let route: String?
      let scenario: String?
      let status: Int
      let closest: [String]

      /// `entry` as listed, hiding also what `secrets` names (lower-cased names, and the
      /// path segments `pattern` captures under a secret name).
      init(_ entry: MockJournalEntry, secrets: JournalSecrets = JournalSecrets()) {
        let hidden = Self.hiding(entry.request, secrets)
        time = entry.time
        method = entry.request.method.rawValue
        // `;jsessionid=…` in a path is a pair too.
        path = hidden(entry.request.path)
        query = hidden(entry.request.rawQuery)
        headers = entry.request.headers.fields.map {
          [$0.name, Self.shown($0, hidden, secrets.names)]
        }
        let multipart = MultipartRedaction(
          contentType: entry.request.headers[HTTPHeaderName.contentType])
        body =
          entry.request.body.isEmpty
          ? nil
          : String(data: entry.request.body, encoding: .utf8).map { text in
            Self.shown(
              body: multipart?.redact(text, alsoNamed: secrets.names) ?? text, hidden)
          }
        bodyBytes = entry.request.body.count
        route = entry.route
        scenario = entry.scenario
        status = entry.status.code
        closest = entry.closest.map(hidden)
      }

      /// What hides `request`'s credentials in text that shows them: pairs by name
      /// (`token=…`), then every credential the request carried, wherever it stands.
      static func hiding(_ request: HTTPRequest, _ secrets: JournalSecrets = JournalSecrets())
        -> @Sendable (String) -> String
      {
        let credentials = SentCredentials(
          request: request, alsoNamed: secrets.names, pathValues: secrets.pathValues(of: request))
        let names = secrets.names
        return { text in
          credentials.redact(PairRedaction.redact(text, alsoNamed: names).text).text
        }
      }

      /// A body as the listing shows it: JSON with every value under a secret name blanked
      /// (however short: `"cvv": "123"`), re-indented only when something was; then pairs and
      /// the request's credentials wherever they appear.
      private static func shown(body: String, _ hidden: (String) -> String) -> String {
        let first = body.first { !$0.isWhitespace }
        guard first == "{" || first == "[" else { return hidden(body) }
        switch RequestBody.reading(Data(body.utf8)) {
        case .json(let value):
          let rewritten = JSONRedaction(secrets: []).rewrite(value)
          return hidden(rewritten.redactions > 0 ? rewritten.text : body)
        case .pastLimits(let refusal):
          // Its secret names cannot be looked for value by value: not shown.
          return "(a JSON body the reader does not walk, not shown: \(refusal.reason))"
        case .notJSON:
          return hidden(body)
        }
      }

      /// A header's value as the listing shows it.
      private static func shown(
        _ field: HTTPHeaders.Field, _ hidden: (String) -> String, _ names: Set<String>
      ) -> String {
        let name = field.name.lowercased()
        switch name {
        case "authorization", "proxy-authorization":
          guard let token = SentCredentials.schemeToken(field.value) else { return "REDACTED" }
          return String(field.value[..<token.startIndex]) + "REDACTED"
        case "cookie":
          return field.value.split(separator: ";").map { pair in
            guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
            return String(pair[...equals]) + "REDACTED"
          }.joined(separator: ";")
        default:
          return SecretNames.isSecret(name) || names.contains(name)
            ? "REDACTED" : hidden(field.value)
        }
      }
    }

    /// The journal's listing.
    struct Journal: Encodable {
      let entries: [Entry]
      let dropped: Int
    }

    /// The answer of `POST /__yaia/count`: how many requests were like the body's, of how many
    /// kept (and dropped before them).
    struct Count: Encodable {
      let count: Int
      let received: Int
      let dropped: Int
    }

    /// The answer of `POST /__yaia/verify`: 200 when the count is right, else 422 with the
    /// closest requests and how each differs, credentials redacted as the journal shows them.
    struct Verification: Encodable {
      struct Received: Encodable {
        let position: Int
        let request: String
        let differences: [String]
      }
      let verified: Bool
      let expected: String
      let count: String
      let matched: Int
      let received: Int
      let dropped: Int
      let failure: String?
      let closest: [Received]
    }

    /// Verifies `count` requests like `query`'s among `journal` (the entries kept, oldest
    /// first, after `dropped` others).
    static func verification(
      _ query: JournalQuery, _ count: ExpectedCount, journal: [MockJournalEntry], dropped: Int,
      secrets: JournalSecrets = JournalSecrets()
    ) -> MockAdminAnswer {
      // The window first; positions stay those of the whole journal.
      let window = journal.indices.filter { index in
        var unfiltered = query
        unfiltered.expected = nil
        return unfiltered.selects(journal[index])
      }
      let expected = query.expected ?? (try? ExpectedRequest(nil, "/*"))
      guard let expected else { return .error("no expectation", status: 500) }
      let verification = RequestVerification(expected, count)
      let failure = verification.failure(in: window.map { journal[$0] })
      let matched =
        failure?.matched ?? window.count(where: { expected.matches(journal[$0].request) })
      let closest = (failure?.closest ?? []).map { received in
        let index = window[received.position - 1]
        let hidden = Entry.hiding(journal[index].request, secrets)
        return Verification.Received(
          position: dropped + index + 1, request: hidden(received.summary),
          differences: received.differences.map(hidden))
      }
      return .json(
        Verification(
          verified: failure == nil, expected: expected.description, count: count.description,
          matched: matched, received: window.count, dropped: dropped,
          failure: failure.map { _ in
            "expected \(count) request(s) like \(expected), and \(matched) came"
              + (window.count == journal.count ? "" : " in the window")
          }, closest: closest),
        status: failure == nil ? 200 : 422)
    }

    /// One request no route answered, with the routes closest to answering it and why each
    /// did not, as `GET /__yaia/near-misses` lists it.
    struct Unmatched: Encodable {
      let time: Date
      let request: String
      let nearMisses: [MockRouter.NearMiss]

      init(
        _ entry: MockJournalEntry, nearMisses: [MockRouter.NearMiss],
        secrets: JournalSecrets = JournalSecrets()
      ) {
        let hidden = Entry.hiding(entry.request, secrets)
        time = entry.time
        request = hidden(entry.request.summary)
        self.nearMisses = nearMisses.map { .init(route: $0.route, reason: hidden($0.reason)) }
      }
    }

    /// The stubs added, replaced and removed at run time, as `GET /__yaia/stubs` lists them:
    /// `routes` holds each added or replacing route as the JSON it was given, newest first,
    /// so that `{"routes": […]}` is a manifest a tester may save.
    static func stubs(_ stubs: MockStubs, status: HTTPStatus = 200) -> MockAdminAnswer {
      let routes = (stubs.added + stubs.replaced.keys.sorted().compactMap { stubs.replaced[$0] })
        .compactMap { try? JSONReader.parse($0.source) }
      let names = { (names: [String]) in JSONValue.array(names.map(JSONValue.string)) }
      let object = JSONValue.object([
        JSONMember(name: "added", value: names(stubs.added.map(\.route.name))),
        JSONMember(name: "removed", value: names(stubs.removed.sorted())),
        JSONMember(name: "replaced", value: names(stubs.replaced.keys.sorted())),
        JSONMember(name: "routes", value: .array(routes)),
      ])
      return MockAdminAnswer(status: status, body: Data(object.text().utf8))
    }

    /// A change to the stubs refused: 409 for a name taken, 404 for none, 507 past the limit.
    static func refusal(_ refusal: MockStubs.Refusal) -> MockAdminAnswer {
      switch refusal {
      case .nameTaken(let name):
        let shown = VisibleText.escaped(name, atMost: 80)
        return .error(
          "a route named \(shown) is there already: give the stub a name of its own, or PUT /__yaia/stubs/{name} to replace it",
          status: 409)
      case .noSuchRoute(let name):
        return .error(
          "no route is named \(VisibleText.escaped(name, atMost: 80)); GET /__yaia/routes lists them",
          status: 404)
      case .ambiguous(let name, let count):
        return .error(
          "\(count) routes are named \(VisibleText.escaped(name, atMost: 80)): give each a name of its own in the manifest (`name:`) to replace or remove one",
          status: 409)
      case .tooMany:
        return .error(
          "at most \(MockStubs.mostStubs) stubs are added or replaced at run time; DELETE /__yaia/stubs removes them",
          status: 507)
      }
    }
  }

  extension MockRouter {
    /// Carries out an admin `command` that concerns the routes, the scenario or the states,
    /// and says what came of it. A scenario no route has, or a state no route requires or
    /// sets, is refused (422) naming the known ones: a typo would otherwise change nothing, in
    /// silence. The journal's commands are the server's (``MockServerState``).
    package mutating func perform(_ command: MockAdminCommand, stubNames: Set<String> = [])
      -> MockAdminAnswer
    {
      switch command {
      case .routes:
        return .json([
          "routes": routes.map { route in
            MockAdminAnswer.Route(
              name: route.name, source: stubNames.contains(route.name) ? "stub" : "manifest",
              method: route.method?.rawValue, path: route.pattern.text,
              scenarios: route.scenarios.keys.sorted(),
              requiresState: route.requiredStateValue.map { "\($0.machine)=\($0.state)" },
              setsState: route.nextStateValue.map { "\($0.machine)=\($0.state)" })
          }
        ])
      case .reset:
        resetAll()
        return .done
      case .scenario:
        return .json(["scenario": scenario])
      case .setScenario(let name):
        if let name {
          let known = Set(routes.flatMap(\.scenarios.keys))
          guard known.contains(name) else {
            return .error(
              "no route has the scenario \(VisibleText.escaped(name, atMost: 60)); "
                + (known.isEmpty
                  ? "no route has any" : "known: \(known.sorted().joined(separator: ", "))"),
              status: 422)
          }
        }
        scenario = name
        return .json(["scenario": scenario])
      case .states:
        return .json(["states": allStates])
      case .setStates(let wanted):
        let known = knownStates
        for (machine, state) in wanted.sorted(by: { $0.key < $1.key }) {
          guard let states = known[machine] else {
            return .error(
              "no route or starting state names the machine \(VisibleText.escaped(machine, atMost: 60)); "
                + (known.isEmpty
                  ? "there are none" : "known: \(known.keys.sorted().joined(separator: ", "))"),
              status: 422)
          }
          if let state, !states.contains(state) {
            return .error(
              "no route requires or sets \(VisibleText.escaped(machine, atMost: 60))=\(VisibleText.escaped(state, atMost: 60)); known states: \(states.sorted().joined(separator: ", "))",
              status: 422)
          }
        }
        for (machine, state) in wanted { setState(state, of: machine) }
        return .json(["states": allStates])
      case .restartStates:
        for machine in Set(allStates.keys).union(initialStates.keys) { resetState(of: machine) }
        return .json(["states": allStates])
      default:
        return .error("this command is the server's", status: 500)
      }
    }

    /// Every machine a route requires or sets, or the manifest starts, with its states.
    var knownStates: [String: Set<String>] {
      var known: [String: Set<String>] = [:]
      for (machine, state) in initialStates { known[machine, default: []].insert(state) }
      for route in routes {
        for reference in [route.requiredStateValue, route.nextStateValue].compactMap({ $0 }) {
          known[reference.machine, default: []].insert(reference.state)
        }
      }
      return known
    }
  }
#endif
