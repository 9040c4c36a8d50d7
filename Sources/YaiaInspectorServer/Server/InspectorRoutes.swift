import FlyingFox
import Foundation
import Yaia
import YaiaHTTP
import YaiaInspector

import struct YaiaHTTP.HTTPStatus

/// The inspector's requests, each through the gate first (``InspectorGate``): the page's files
/// and `/api/connect` need no proof, a batch needs an app's (``InspectorHandshake``), and every
/// other request a page's (``PageProof``), as its last query item `proof`:
///
/// | request | answer |
/// | --- | --- |
/// | `GET /`, `/inspector.js`, `/inspector.css` | the page |
/// | `POST /api/connect?nonce=A` | the inspector's nonce and proof (``InspectorHandshake``) |
/// | `POST /api/connect?role=page&nonce=P` | a page's session nonce and the inspector's proof (``PageProof``) |
/// | `POST /api/apps` | takes an app's batch (204, or 400 with what was wrong) |
/// | `POST /api/pages[?reuse=P]` | a new page's id, or `P` again for a reloaded page |
/// | `GET /api/updates?after=N&page=P` | the records after `N` |
/// | `GET /api/stream?after=N&page=P` | the same answers, pushed as server-sent events (``InspectorStream``); 503 past the most streams |
/// | `POST /api/watch?page=P&shell=S[&takeOver=1]` | gives the shell to the page (409 if another holds it) |
/// | `GET /api/step?shell=S&index=N` | step N's view model and its changes (0: the first view model) |
/// | `POST /api/jump?shell=S&index=N&page=P` | asks the running app to jump back (202), or why not |
/// | `POST /api/skip?shell=S&index=N&apply=0\|1&page=P` | asks the running app to handle the steps after N again without it (202), and with `apply=1` to take the state recomputed; the app's answer comes as a `recomputed` record |
/// | `POST /api/recording?shell=S&paused=1\|0&page=P` | pauses or resumes keeping the shell's steps (204) |
/// | `POST /api/send?shell=S&page=P&body=D` | an event (its JSON the body) for a shell that takes them (202), or why not |
/// | `GET /api/journal?shell=S` | the shell's journal as a file |
/// | `GET /api/test?shell=S&state=E[&from=N&through=M&…]` | the shell's session as a Swift test file (``InspectorTestExport``), or 400 with why not |
/// | `POST /api/import?name=F` | adds a journal file as a shell (400 with why, if it is not one) |
final class InspectorRoutes: HTTPHandler, Sendable {
  private let hub: InspectorHub
  private let token: String
  private let largestBatch: Int
  /// The port the server listens on, known once it does: the gate checks `Host` against it.
  private let port = Locked(0)
  private let page: PageFiles
  /// The handshakes' nonces not used yet: each proves one batch.
  private let issued = Locked(IssuedNonces())
  /// The pages' sessions: each request of a page opens once (``PageProof``).
  private let pages = Locked(PageSessions())
  /// How many handshakes were answered.
  private let answered = Locked(0)

  /// How many handshakes were answered, for tests.
  var handshakesAnswered: Int { answered.value }

  /// The most records one answer carries; the page asks again while `more` is set.
  static let recordsPerAnswer = 5_000

  /// Where each batch taken is kept, if the server keeps a history.
  private let history: InspectorHistory?
  /// Whether the history's first failure to write was noted (later ones are not).
  private let historyFailed = Locked(false)

  init(hub: InspectorHub, token: String, largestBatch: Int, history: InspectorHistory? = nil) {
    self.hub = hub
    self.history = history
    self.token = token
    self.largestBatch = largestBatch
    self.page = PageFiles()
  }

  func setPort(_ value: Int) { port.withLock { $0 = value } }

  /// The pages' streams open now (see ``InspectorStreamLease``).
  private let streams = Locked(0)
  /// Fired when the server stops: the streams end.
  private let closing = Signal()

  /// Ends the pages' streams: the server stops.
  func endStreams() { closing.fire() }

  /// Closes the history's file: the server stopped.
  func closeHistory() { history?.close() }

  func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
    let gate = InspectorGate(token: token, port: port.value)
    let items = request.query.map { (name: $0.name, value: $0.value) }
    let query = InspectorQuery(items)
    if let refusal = gate.refusal(
      host: request.headers[.host], origin: request.headers[HTTPHeader("Origin")])
    {
      return Self.error(refusal.status, refusal.message)
    }
    switch Self.door(request.method, request.path) {
    case .open:
      break
    case .app:
      // An app's proof is good for its batch only, with a nonce this run handed out.
      let connection = request.headers[HTTPHeader(InspectorHandshake.header)]
      if let refusal = gate.refusal(appConnection: connection) {
        hub.noteProblem("An app was refused: \(refusal.message).")
        return Self.error(refusal.status, refusal.message)
      }
      let nonce = connection?.split(separator: " ").dropFirst().first.map(String.init) ?? ""
      guard issued.withLock({ $0.use(nonce) }) else {
        return Self.error(
          409,
          "this inspector did not hand out that connection's nonce, or it was used already "
            + "(the inspector was restarted): connect again")
      }
    case .page:
      switch gate.pageProof(method: request.method.rawValue, path: request.path, items: items) {
      case .failure(let refusal):
        return Self.error(refusal.status, refusal.message)
      case .success(let proof):
        switch pages.withLock({ $0.use(session: proof.session, counter: proof.counter) }) {
        case nil: break
        case .unknownSession?:
          return Self.error(
            401,
            "this inspector did not hand out that page's session (it was restarted, or the page "
              + "was idle long): the page connects again")
        case .replayed?:
          return Self.error(401, "that proof was used already: each opens one request, once")
        }
      }
    }
    if let problem = query.problem { return Self.error(400, problem.description) }
    switch (request.method, request.path) {
    case (.GET, "/"), (.GET, "/index.html"):
      return page.response(for: "index.html")
    case (.GET, "/inspector.js"), (.GET, "/inspector.css"):
      return page.response(for: String(request.path.dropFirst()))
    case (.POST, "/api/connect") where query["role"] == PageProof.role:
      return provePage(query["nonce"], port: gate.port)
    case (.POST, "/api/connect"):
      return proveItself(to: query["nonce"], port: gate.port)
    case (.POST, "/api/apps"):
      return await receiveBatch(request)
    case (.POST, "/api/import"):
      return await importJournal(request, file: query["name"] ?? "journal")
    case (.POST, "/api/send"):
      return await sendEvent(request, query)
    case (.POST, "/api/pages"):
      return Self.json { json in
        json.key("page")
        json.int(hub.openPage(reusing: query.number("reuse")))
      }
    case (.GET, "/api/updates"):
      let after = query.number("after") ?? 0
      let page = query.number("page")
      var json = JSONWriter(capacity: 64 << 10)
      hub.updates(after: max(0, after), page: page, limit: Self.recordsPerAnswer).write(to: &json)
      return Self.json(bytes: json.bytes)
    case (.GET, "/api/stream"):
      return stream(request, query: query)
    case (.POST, "/api/watch"):
      do throws(InspectorQuery.Missing) {
        let key = try query.shell(for: "watching")
        let page = try query.required("page", for: "watching")
        switch hub.watch(key, page: page, takeOver: query["takeOver"] == "1") {
        case .success: return HTTPResponse(statusCode: .noContent)
        case .failure(let refusal): return Self.error(refusal.status, refusal.message)
        }
      } catch {
        return Self.error(400, error.description)
      }
    case (.GET, "/api/step"):
      do throws(InspectorQuery.Missing) {
        let key = try query.shell(for: "a step")
        let index = try query.required("index", for: "a step")
        switch hub.stepDetail(key, index: index) {
        case .success(let bytes): return Self.json(bytes: bytes)
        case .failure(let failure): return Self.error(failure.status, failure.message)
        }
      } catch {
        return Self.error(400, error.description)
      }
    case (.POST, "/api/recording"):
      do throws(InspectorQuery.Missing) {
        let key = try query.shell(for: "recording")
        let page = try query.required("page", for: "recording")
        let paused = try query.required("paused", for: "recording")
        guard paused == 0 || paused == 1 else {
          return Self.error(400, "paused is 1 (pause recording) or 0 (resume), not \(paused)")
        }
        if let refusal = hub.setRecording(key, paused: paused == 1, page: page) {
          return Self.error(refusal.status, refusal.message)
        }
        return HTTPResponse(statusCode: .noContent)
      } catch {
        return Self.error(400, error.description)
      }
    case (.POST, "/api/jump"):
      do throws(InspectorQuery.Missing) {
        let key = try query.shell(for: "a jump")
        let index = try query.required("index", for: "a jump")
        let page = try query.required("page", for: "a jump")
        if let refusal = hub.requestJump(key, to: index, page: page) {
          return Self.error(refusal.status, refusal.message)
        }
        return HTTPResponse(statusCode: .accepted)
      } catch {
        return Self.error(400, error.description)
      }
    case (.POST, "/api/skip"):
      do throws(InspectorQuery.Missing) {
        let key = try query.shell(for: "a skip")
        let index = try query.required("index", for: "a skip")
        let page = try query.required("page", for: "a skip")
        let apply = try query.required("apply", for: "a skip")
        guard apply == 0 || apply == 1 else {
          return Self.error(
            400,
            "apply is 1 (put the app in the state recomputed) or 0 (only show it), not \(apply)")
        }
        if let refusal = hub.requestSkip(key, step: index, apply: apply == 1, page: page) {
          return Self.error(refusal.status, refusal.message)
        }
        return HTTPResponse(statusCode: .accepted)
      } catch {
        return Self.error(400, error.description)
      }
    case (.GET, "/api/journal"):
      let key: InspectorLog.ShellKey
      do throws(InspectorQuery.Missing) {
        key = try query.shell(for: "a journal")
      } catch {
        return Self.error(400, error.description)
      }
      guard let (name, data) = hub.journal(key) else {
        return Self.error(404, "no shell \(key) here: it was never heard, or was let go")
      }
      let file = name.filter { $0.isLetter || $0.isNumber || $0 == "-" }.prefix(60)
      return HTTPResponse(
        statusCode: .ok,
        headers: [
          .contentType: "application/json",
          HTTPHeader("Content-Disposition"):
            "attachment; filename=\"\(file.isEmpty ? "shell" : String(file)).yaiajournal.json\"",
        ], body: data)
    case (.GET, "/api/test"):
      let key: InspectorLog.ShellKey
      do throws(InspectorQuery.Missing) {
        key = try query.shell(for: "a test")
      } catch {
        return Self.error(400, error.description)
      }
      guard let journal = hub.exported(key) else {
        return Self.error(404, "no shell \(key) here: it was never heard, or was let go")
      }
      return Self.testFile(of: journal, query)
    default:
      return Self.error(404, "nothing here: the page is at /")
    }
  }

  /// Which proof a request needs past the gate's host and origin checks.
  enum Door: Equatable {
    /// None: the page's own files and the handshakes' first step hold nothing secret.
    case open
    /// An app's proof (`Yaia-Connection`), good for one batch.
    case app
    /// A page's proof (`proof`), good for this one request.
    case page
  }

  /// The door `method` and `path` go through.
  static func door(_ method: HTTPMethod, _ path: String) -> Door {
    switch (method, path) {
    case (.GET, "/"), (.GET, "/index.html"), (.GET, "/inspector.js"), (.GET, "/inspector.css"),
      (.POST, "/api/connect"):
      .open
    case (.POST, "/api/apps"): .app
    default: .page
    }
  }

  /// A page's handshake: a session nonce for the page's requests, and the proof that this
  /// inspector holds the token and listens on `port` (``PageProof``).
  private func provePage(_ pageNonce: String?, port: Int) -> HTTPResponse {
    guard let pageNonce, InspectorHandshake.isNonce(pageNonce) else {
      return Self.error(
        400,
        "a page's connection needs nonce: \(InspectorHandshake.nonceLength) lowercase hexadecimal digits"
      )
    }
    var session = InspectorHandshake.nonce()
    while session == pageNonce { session = InspectorHandshake.nonce() }
    pages.withLock { $0.issue(session) }
    return Self.json { json in
      json.member("nonce", session)
      json.member(
        "proof",
        PageProof.inspectorProof(token: token, port: port, pageNonce: pageNonce, session: session))
    }
  }

  /// The handshake's first step: proves to an app that this inspector holds the token, for the
  /// port it listens on, without the app having sent anything but its nonce.
  private func proveItself(to appNonce: String?, port: Int) -> HTTPResponse {
    guard let appNonce, InspectorHandshake.isNonce(appNonce) else {
      return Self.error(
        400,
        "a connection needs nonce: \(InspectorHandshake.nonceLength) lowercase hexadecimal digits")
    }
    var inspectorNonce = InspectorHandshake.nonce()
    while inspectorNonce == appNonce { inspectorNonce = InspectorHandshake.nonce() }
    issued.withLock { $0.issue(inspectorNonce) }
    answered.withLock { $0 += 1 }
    let handshake = InspectorHandshake(
      appNonce: appNonce, inspectorNonce: inspectorNonce, port: port)
    return Self.json { json in
      json.member("nonce", inspectorNonce)
      json.member("proof", handshake.inspectorProof(token: token))
    }
  }

  /// A page's stream of updates, from the cursor in `Last-Event-ID` (a browser resuming) or
  /// `after`.
  private func stream(_ request: HTTPRequest, query: InspectorQuery) -> HTTPResponse {
    // The header is a cursor like `after`, from whoever holds the token: checked at the door
    // as the query's numbers are, before it is taken or added to.
    let resumed: Int?
    switch InspectorQuery.cursor(
      request.headers[HTTPHeader("Last-Event-ID")], named: "Last-Event-ID")
    {
    case .success(let cursor): resumed = cursor
    case .failure(let problem): return Self.error(400, problem.description)
    }
    guard let lease = InspectorStreamLease.take(from: streams) else {
      return Self.error(
        503,
        "\(InspectorStreamLease.most) pages are streaming already: this one asks for news instead")
    }
    let after = resumed ?? query.number("after") ?? 0
    let stream = InspectorStream(
      hub: hub, page: query.number("page"), after: after, limit: Self.recordsPerAnswer,
      closing: closing, lease: lease)
    return HTTPResponse(
      statusCode: .ok,
      headers: [.contentType: "text/event-stream", HTTPHeader("Cache-Control"): "no-store"],
      body: HTTPBodySequence(from: stream))
  }

  /// An event from the page for a shell that takes them: queued for the app's next batch
  /// (202), or why not.
  private func sendEvent(_ request: HTTPRequest, _ query: InspectorQuery) async -> HTTPResponse {
    let key: InspectorLog.ShellKey
    let page: Int
    do throws(InspectorQuery.Missing) {
      key = try query.shell(for: "an event")
      page = try query.required("page", for: "an event")
    } catch {
      return Self.error(400, error.description)
    }
    let body: Data
    switch await Self.body(of: request, limit: InspectorEventRequest.longest) {
    case .success(let data): body = data
    case .failure(let failure): return Self.error(failure.status, "an event \(failure.message)")
    }
    // Bound to the page's proof: a request seen on its way carries no other event.
    guard let digest = query[PageProof.bodyItem],
      InspectorHandshake.sameText(digest, PageProof.bodyDigest(body))
    else {
      return Self.error(
        400, "an event's `\(PageProof.bodyItem)` must be the SHA-256 of its JSON, in hexadecimal")
    }
    guard let json = String(data: body, encoding: .utf8) else {
      return Self.error(400, "an event is JSON text in UTF-8")
    }
    if let refusal = hub.requestEvent(key, json: json, page: page) {
      return Self.error(refusal.status, refusal.message)
    }
    return HTTPResponse(statusCode: .accepted)
  }

  private func importJournal(_ request: HTTPRequest, file: String) async -> HTTPResponse {
    let body: Data
    switch await Self.body(of: request, limit: InspectorJournal.largestFile) {
    case .success(let data): body = data
    case .failure(let failure):
      return Self.error(failure.status, "a journal file \(failure.message)")
    }
    let journal: InspectorJournal
    do {
      journal = try InspectorJournal(data: body)
    } catch {
      return Self.error(400, error.description)
    }
    switch hub.importJournal(journal, file: file) {
    case .success(let key):
      return Self.json { json in json.member("shell", key.description) }
    case .failure(let refusal): return Self.error(refusal.status, refusal.message)
    }
  }

  /// The body of `request`, read up to `limit` bytes.
  static func body(of request: HTTPRequest, limit: Int) async -> Result<Data, Refusal> {
    if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
      return .failure(Refusal(status: 413, message: "is at most \(limit) bytes, not \(length)"))
    }
    var body = Data()
    do {
      for try await chunk in request.bodySequence {
        body.append(chunk)
        guard body.count <= limit else {
          return .failure(Refusal(status: 413, message: "is at most \(limit) bytes"))
        }
      }
    } catch {
      return .failure(Refusal(status: 400, message: "ended before its declared length"))
    }
    return .success(body)
  }

  private func receiveBatch(_ request: HTTPRequest) async -> HTTPResponse {
    let body: Data
    switch await Self.body(of: request, limit: largestBatch) {
    case .success(let data): body = data
    case .failure(let failure):
      hub.noteProblem("A batch was refused: it \(failure.message).")
      return Self.error(failure.status, "a batch \(failure.message)")
    }
    let batch: InspectorBatch
    do {
      batch = try InspectorBatch(wire: body)
    } catch {
      hub.noteProblem("A batch could not be read: \(error.description).")
      return Self.error(400, "not an inspector batch: \(error.description)")
    }
    let taken = hub.receive(batch)
    if case .success = taken, let history,
      let problem = history.append(body, checkpoint: { hub.checkpoint() })
    {
      let first = historyFailed.withLock { failed in
        defer { failed = true }
        return !failed
      }
      if first { hub.noteProblem("The history is not kept any more: \(problem.description).") }
    }
    switch taken {
    case .success(let answer) where answer.jumps.isEmpty && answer.events.isEmpty:
      return HTTPResponse(statusCode: .noContent)
    case .success(let answer):
      // The answer carries what the page asks of the app: jumps back in time, events to send.
      return Self.json(bytes: answer.wireBytes())
    case .failure(let refusal):
      hub.noteProblem(
        "A batch from \(InspectorLog.clean(batch.app, limit: 100)) was refused: \(refusal.message)."
      )
      return Self.error(refusal.status, refusal.message)
    }
  }

  /// A 200 with an object whose members `members` writes: every answer goes through the
  /// wire's one JSON writer.
  static func json(_ members: (inout JSONWriter) -> Void) -> HTTPResponse {
    var writer = JSONWriter(capacity: 256)
    writer.object(members)
    return json(bytes: writer.bytes)
  }

  /// A 200 with JSON already written.
  static func json(bytes: [UInt8]) -> HTTPResponse {
    HTTPResponse(
      statusCode: .ok,
      headers: [.contentType: "application/json", HTTPHeader("Cache-Control"): "no-store"],
      body: Data(bytes))
  }

  /// The longest text a test's settings may be: a Swift expression, a module's name.
  static let longestTestSetting = 1_000

  /// `journal` as a Swift Testing file ("Make a test" on the page): the settings are the
  /// query's `state`, `eventType`, `screenTypes`, `testable` (modules, comma-separated),
  /// `name`, `from` and `through`.
  static func testFile(of journal: InspectorJournal, _ query: InspectorQuery) -> HTTPResponse {
    for name in ["state", "eventType", "screenTypes", "testable", "name"] {
      if let text = query[name], text.utf8.count > longestTestSetting {
        return error(400, "`\(name)` is longer than \(longestTestSetting) bytes")
      }
    }
    guard let state = query.text("state") else {
      return error(
        400,
        "a test needs `state`: the Swift expression of the state the shell started from, e.g. LoginState()"
      )
    }
    var export = InspectorTestExport(journal: journal, state: state)
    export.eventType = query.text("eventType")
    export.screenTypes = query.text("screenTypes")
    export.testableImports =
      query.text("testable")?.split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces)
      }.filter { !$0.isEmpty } ?? []
    export.testName = query.text("name") ?? export.testName
    export.firstAsserted = query.number("from") ?? 1
    export.lastStep = query.number("through")
    let source: String
    do {
      source = try export.swiftSource()
    } catch {
      return Self.error(400, error.description)
    }
    return HTTPResponse(
      statusCode: .ok,
      headers: [
        .contentType: "text/x-swift; charset=utf-8",
        HTTPHeader("Content-Disposition"): "attachment; filename=\"\(export.testName).swift\"",
      ], body: Data(source.utf8))
  }

  static func error(_ status: HTTPStatus, _ message: String) -> HTTPResponse {
    var json = JSONWriter(capacity: 64 + message.utf8.count)
    json.object { json in json.member("error", message) }
    return HTTPResponse(
      statusCode: HTTPStatusCode(status.code, phrase: status.reasonPhrase),
      headers: [.contentType: "application/json"], body: Data(json.bytes))
  }
}
