#if MockServer  // the trait; without it, TraitRequirement.swift names it
  package import Foundation
  import Yaia

  /// The shell between the wire and the router: turns a request head and body into a
  /// ``HTTPRequest``, asks the router, records the journal, and renders the response (with its
  /// delay and fault, which the connection carries out).
  package struct MockResponder: Sendable {
    let state: MockServerState
    let configuration: MockServer.Configuration

    /// The router's request for `head` and `body`.
    package static func request(_ head: RequestHead, body: Data) -> HTTPRequest {
      let (target, rawQuery) = head.pathAndQuery
      // The path as received, still percent-encoded, with its dot segments resolved: routing
      // decodes each segment exactly once, so an encoded `/` stays inside its segment.
      let path = withoutDotSegments(target)
      var headers = HTTPHeaders()
      for field in head.fields { headers.add(field.name, field.value) }
      // The query is read by HTTPRequest, by hand (a client chooses it, and Foundation's
      // reader traps on some).
      return HTTPRequest(
        method: HTTPMethod(rawValue: head.method), path: path, headers: headers, body: body,
        rawQuery: String(rawQuery))
    }

    /// The largest fixture served, in bytes.
    static let largestFixture = 64 << 20

    /// The answer to `request`, recorded in the journal; an admin request (under
    /// ``MockAdminCommand/prefix``) is carried out or refused instead, and not journaled.
    /// `fromLoopback` says whether the connection came from this machine.
    func respond(to request: HTTPRequest, fromLoopback: Bool) async -> WireResponse {
      switch MockAdminCommand.decide(
        request, enabled: configuration.admin, fromLoopback: fromLoopback,
        fixtures: configuration.fixtures)
      {
      case .notAdmin:
        break
      case .refused(let status, let reason, let allow):
        let answer = MockAdminAnswer.error(reason, status: status)
        return WireResponse(
          status: status,
          fields: [("Content-Type", "application/json")]
            + (allow.isEmpty ? [] : [("Allow", allow.joined(separator: ", "))]),
          body: answer.body)
      case .command(let command):
        let answer = await state.perform(command)
        return WireResponse(
          status: answer.status,
          fields: answer.body.isEmpty ? [] : [("Content-Type", "application/json")],
          body: answer.body)
      }
      if let contract = configuration.requestContract,
        let problems = contract.problems(
          with: request, strict: configuration.strictRequestContract),
        !problems.isEmpty
      {
        await state.record(
          MockJournalEntry(request: request, time: Date(), route: nil, scenario: nil, status: 400))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body = try? encoder.encode(OffContract(request: request.summary, problems: problems))
        return WireResponse(
          status: 400, fields: [("Content-Type", "application/json")], body: body ?? Data())
      }
      if let upstream = configuration.upstream, upstream.mode == .everything {
        return await forward(request, to: upstream)
      }
      let answered = await state.answer(
        request, pickingDelay: Self.pick(in:), journalingUnmatched: configuration.upstream == nil)
      switch answered.outcome {
      case .unmatched(let closest):
        if let upstream = configuration.upstream { return await forward(request, to: upstream) }
        guard configuration.strict,
          let body = try? JSONEncoder().encode(
            Unmatched(request: request.summary, closest: closest))
        else { return WireResponse(status: 404, fields: [], body: Data()) }
        return WireResponse(
          status: 404, fields: [("Content-Type", "application/json")], body: body)
      case .matched(_, _, let response, let parameters):
        var answer: WireResponse
        do {
          answer = try render(response)
          if var generator = answered.generator {
            try fill(&answer, from: request, parameters: parameters, generator: &generator)
          }
        } catch {
          answer = .json(#"{"error":\#(Self.jsonString("\(error)"))}"#, status: 500)
        }
        // The connection sleeps through the delay, where the server can tell it is a pause.
        answer.delay = answered.delay
        return answer
      }
    }

    /// The backend's answer to `request`, journaled under ``MockUpstream/routeName`` and told to
    /// the upstream's `onExchange` (a recorder); a 502 saying why when the backend did not
    /// answer.
    private func forward(_ request: HTTPRequest, to upstream: MockUpstream) async -> WireResponse {
      let started = ContinuousClock.now
      do {
        let response = try await upstream.send(request)
        await upstream.onExchange?(request, response)
        await state.recordExchange(request, response)
        await state.record(
          MockJournalEntry(
            request: request, time: Date(), route: MockUpstream.routeName, scenario: nil,
            status: response.status, latency: ContinuousClock.now - started))
        return WireResponse(
          status: response.status,
          fields: MockUpstream.passedOn(response.headers).fields.map { ($0.name, $0.value) },
          body: response.body)
      } catch {
        await state.record(
          MockJournalEntry(
            request: request, time: Date(), route: MockUpstream.routeName, scenario: nil,
            status: 502, latency: ContinuousClock.now - started))
        let body = try? JSONEncoder().encode(
          Unreachable(request: request.summary, reason: String(describing: error)))
        return WireResponse(
          status: 502, fields: [("Content-Type", "application/json")], body: body ?? Data())
      }
    }

    /// The journal entry of a request refused for its body size, and the 413 to answer it with.
    func refuseBody(of request: HTTPRequest) async -> WireResponse {
      await state.record(
        MockJournalEntry(request: request, time: Date(), route: nil, scenario: nil, status: 413))
      return .failure(
        WireFailure(
          status: 413, reason: "request body larger than \(configuration.maxBodyBytes) bytes"))
    }

    /// `path` with its `.` and `..` segments resolved (RFC 3986 §5.2.4) on the encoded text, so
    /// that an encoded dot (`%2E%2E`) stays data: a segment, not a step up.
    static func withoutDotSegments(_ path: String) -> String {
      var kept: [Substring] = []
      for segment in path.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
        switch segment {
        case ".": continue
        case "..": _ = kept.popLast()
        default: kept.append(segment)
        }
      }
      return "/" + kept.joined(separator: "/")
    }

    /// The 502 body of a request the backend did not answer.
    struct Unreachable: Encodable {
      let error = "the backend did not answer"
      let request: String
      let reason: String
    }

    /// The 400 body of a request that breaks the description.
    struct OffContract: Encodable {
      let error = "the request does not match the OpenAPI description"
      let request: String
      let problems: [String]
    }

    /// The 404 body of strict mode.
    struct Unmatched: Encodable {
      let error = "no route matches this request"
      let request: String
      let closest: [String]
    }

    private func render(_ response: MockResponse) throws -> WireResponse {
      var body: Data
      switch response.body {
      case .empty: body = Data()
      case .text(let text): body = Data(text.utf8)
      case .file(let name):
        guard let folder = configuration.fixtures else {
          throw MockServerError.missingFixture(path: name)
        }
        // Read on every request, so bounded: a fixture that grew (or a sparse file of 3 GB)
        // is a 500 naming it, never a read of the whole of it.
        let path = try FixturePath.resolve(name, in: folder).path
        guard let bytes = try OutsideFile.read(path, atMost: Self.largestFixture) else {
          throw MockServerError.missingFixture(path: name)
        }
        body = Data(bytes)
      }
      var answer = WireResponse(
        status: response.status, fields: response.headers.fields.map { ($0.name, $0.value) },
        body: body)
      switch response.fault {
      case nil:
        break
      case .malformedJSON:
        answer.fields.removeAll { $0.name.lowercased() == "content-type" }
        answer.fields.append(("Content-Type", "application/json"))
        answer.body = Data(#"{"malformed": [1, 2"#.utf8)
      case .emptyBody:
        answer.body = Data()
      case .truncatedBody:
        // Declares the whole length, sends half, then closes.
        if answer.body.count < 2 { answer.body = Data("{}".utf8) }
        answer.delivery = .cut(after: answer.body.count / 2)
      case .closeConnection:
        // The closest HTTP comes to "no response": the head, then the connection closes
        // before a single body byte.
        if answer.body.isEmpty { answer.body = Data("x".utf8) }
        answer.delivery = .cut(after: 0)
      case .trickle(let bytes, let interval):
        answer.delivery = .trickle(bytes: Swift.max(1, bytes), interval: interval)
      case .resetConnection:
        answer.delivery = .reset
      case .malformedResponse:
        answer.delivery = .raw(
          Data("HTTP/1.1 2OO OK\r\nContent-Length: -7\r\nno colon here\r\n\r\n{".utf8))
      }
      return answer
    }

    /// Fills the templates of a rendered answer (its body and header values) from `request`.
    private func fill(
      _ answer: inout WireResponse, from request: HTTPRequest, parameters: [String: String],
      generator: inout TemplateGenerator
    ) throws(TemplateError) {
      let type = answer.fields.first { $0.name.lowercased() == "content-type" }?.value ?? ""
      let text = String(decoding: answer.body, as: UTF8.self)
      if ResponseTemplate.hasPlaceholders(text) {
        let template = try ResponseTemplate(text, json: type.lowercased().contains("json"))
        answer.body = Data(
          try template.render(request, parameters: parameters, generator: &generator).utf8)
      }
      for index in answer.fields.indices
      where ResponseTemplate.hasPlaceholders(answer.fields[index].value) {
        let template = try ResponseTemplate(answer.fields[index].value, json: false)
        answer.fields[index].value = try template.render(
          request, parameters: parameters, generator: &generator)
      }
    }

    /// `text` as a JSON string literal.
    private static func jsonString(_ text: String) -> String {
      (try? JSONEncoder().encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
    }

    /// A delay picked at random within `range`: a route's random delay.
    static func pick(in range: ClosedRange<Duration>) -> Duration {
      guard range.lowerBound < range.upperBound else { return range.lowerBound }
      let span = (range.upperBound - range.lowerBound) / 1_000_000
      return range.lowerBound + span * Int.random(in: 0...1_000_000)
    }
  }
#endif
