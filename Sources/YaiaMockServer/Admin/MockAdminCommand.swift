#if MockServer  // the trait; without it, TraitRequirement.swift names it
  import Foundation
  import Yaia

  /// A request to the mock server's admin API, as a value: what a tester running
  /// `yaia mock-server --admin` may ask of the running server without restarting it.
  ///
  /// | Request | What it does |
  /// | --- | --- |
  /// | `GET /__yaia/routes` | the routes, in the order they are tried, with their scenarios |
  /// | `GET /__yaia/journal` | the requests received (admin requests aside) and how many were dropped |
  /// | `DELETE /__yaia/journal` | empties the journal |
  /// | `POST /__yaia/reset` | puts every sequence at its first answer and every state machine at its start |
  /// | `GET`, `PUT`, `DELETE /__yaia/scenario` | reads, sets (`{"scenario": "server-error"}`) or clears the server-wide scenario |
  /// | `GET`, `PUT`, `DELETE /__yaia/states` | reads, sets (`{"states": {"cart": "has-item", "login": null}}`) or restarts the state machines |
  ///
  /// The prefix is reserved whether or not the API is on: a manifest cannot put a route under
  /// it, and while the API is off every request there is refused (403) saying how to turn it
  /// on. It answers only this machine, and only requests a browser page elsewhere cannot
  /// forge (see ``decide(_:enabled:fromLoopback:)``).
  package enum MockAdminCommand: Equatable, Sendable {
    case routes
    case journal
    case clearJournal
    case reset
    case scenario
    case setScenario(String?)
    case states
    case setStates([String: String?])
    case restartStates

    /// The reserved prefix.
    static let prefix = "/__yaia"

    /// The largest body an admin request may have.
    static let largestBody = 65_536

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
    static func isReserved(_ path: String) -> Bool {
      // By bytes, not characters: `/` followed by a combining mark is one character, and
      // would hide the prefix from a comparison of characters.
      let lower = (path.removingPercentEncoding ?? path).lowercased().utf8
      return lower.elementsEqual(prefix.utf8) || lower.starts(with: (prefix + "/").utf8)
    }

    /// What to do with `request`, given whether the API is `enabled` and whether the
    /// connection came `fromLoopback` (this machine).
    ///
    /// Besides a loopback peer, a request must name a loopback host in its `Host` header, and
    /// carry no `Origin` but a loopback one: a page on another site that makes a browser send
    /// to `127.0.0.1` (or to a name of its own resolved there, DNS rebinding) is refused. A
    /// body must be JSON and say so, which a page cannot send to another origin without asking
    /// first (and the server never says yes).
    package static func decide(_ request: MockRequest, enabled: Bool, fromLoopback: Bool)
      -> Decision
    {
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
      switch name {
      case "/routes":
        return only(["GET"], request) ?? .command(.routes)
      case "/journal":
        if let refusal = only(["GET", "DELETE"], request) { return refusal }
        return .command(request.method == .delete ? .clearJournal : .journal)
      case "/reset":
        return only(["POST"], request) ?? .command(.reset)
      case "/scenario":
        if let refusal = only(["GET", "PUT", "DELETE"], request) { return refusal }
        switch request.method {
        case .get, .head: return .command(.scenario)
        case .delete: return .command(.setScenario(nil))
        default:
          switch body(of: request) {
          case .failure(let refusal): return refusal.decision
          case .success(let object):
            guard object.count == 1, let value = object["scenario"],
              value is NSNull || value is String
            else {
              return .refused(
                400, #"the body is {"scenario": "name"}, or {"scenario": null} for none"#)
            }
            return .command(.setScenario(value as? String))
          }
        }
      case "/states":
        if let refusal = only(["GET", "PUT", "DELETE"], request) { return refusal }
        switch request.method {
        case .get, .head: return .command(.states)
        case .delete: return .command(.restartStates)
        default:
          switch body(of: request) {
          case .failure(let refusal): return refusal.decision
          case .success(let object):
            guard object.count == 1, let states = object["states"] as? [String: Any],
              !states.isEmpty, states.count <= MockRouter.mostMachines
            else {
              return .refused(
                400,
                #"the body is {"states": {"machine": "state"}}, with null for no state, naming 1 to \#(MockRouter.mostMachines) machines"#
              )
            }
            var set: [String: String?] = [:]
            for (machine, state) in states {
              guard !machine.isEmpty, machine.utf8.count <= MockRouter.stateHeaderLimits.length,
                state is NSNull
                  || (state as? String).map({
                    !$0.isEmpty && $0.utf8.count <= MockRouter.stateHeaderLimits.length
                  }) == true
              else {
                return .refused(
                  400,
                  "machine \(VisibleText.escaped(machine, atMost: 60)): a state is text of 1 to \(MockRouter.stateHeaderLimits.length) bytes, or null for none"
                )
              }
              set[machine] = state as? String
            }
            return .command(.setStates(set))
          }
        }
      default:
        return .refused(
          404,
          "no admin endpoint \(VisibleText.escaped(request.path, atMost: 80)); there are \(endpoints.joined(separator: ", "))"
        )
      }
    }

    /// The endpoints, for the 404 of a mistyped one.
    static let endpoints = [
      "GET /__yaia/routes", "GET|DELETE /__yaia/journal", "POST /__yaia/reset",
      "GET|PUT|DELETE /__yaia/scenario", "GET|PUT|DELETE /__yaia/states",
    ]

    /// A 405 naming `methods` when `request` uses another; HEAD counts as GET.
    private static func only(_ methods: [String], _ request: MockRequest) -> Decision? {
      let method = request.method == .head ? "GET" : request.method.rawValue
      guard !methods.contains(method) else { return nil }
      return .refused(
        405,
        "\(VisibleText.escaped(request.method.rawValue, atMost: 20)) \(VisibleText.escaped(request.path, atMost: 80)) is not an admin request; it takes \(methods.joined(separator: ", "))",
        allow: methods)
    }

    /// A refusal as an error, so a body reading can fail with it.
    private struct Refusal: Error {
      let decision: Decision
    }

    /// The JSON object body of `request`, or why it is refused.
    private static func body(of request: MockRequest) -> Result<[String: Any], Refusal> {
      let type = (request.headers[HTTPHeaderName.contentType] ?? "").lowercased()
      guard type.hasPrefix("application/json") else {
        return .failure(
          Refusal(
            decision: .refused(415, "an admin request's body is JSON, sent as application/json")))
      }
      guard request.body.count <= largestBody else {
        return .failure(
          Refusal(
            decision: .refused(413, "an admin request's body is at most \(largestBody) bytes")))
      }
      guard
        let object = (try? JSONSerialization.jsonObject(with: request.body)) as? [String: Any]
      else {
        return .failure(Refusal(decision: .refused(400, "the body is not a JSON object")))
      }
      return .success(object)
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
