import Foundation
import Yaia

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The inspector's side of the app: a task that takes what the main actor buffered, reads the
/// values, and posts them to the inspector in numbered batches, one at a time (so they arrive in
/// order). It sends an empty batch every two seconds when idle, so the page can tell a quiet
/// app from a gone one, and a last batch marked `ended` on ``stop()``.
final class InspectorSender: Sendable {
  /// Where the inspector is: read again from its file before each try to reconnect, when it
  /// came from one.
  private let located: Locked<InspectorAddress>
  private var address: InspectorAddress { located.value }
  private let app: String
  private let session: String
  private let buffer: InspectorBuffer<InspectorRecord>
  private let status: InspectorStatus
  private let options: Inspector.Options
  private let urlSession: URLSession
  private let loop = LoopHandle()
  /// The connection as a value: what each outcome does and what the app is told.
  private let link: Locked<InspectorLink>
  /// Told what the inspector asks of the app in its answers (jumps back in time).
  private let onAnswer: @Sendable (InspectorAnswer) -> Void

  /// How long an idle sender waits before it sends an empty batch.
  static let heartbeat: Duration = .seconds(2)
  /// The same while a shell travels in time: the page's jumps come back in the answers to
  /// batches, and a jump should land within a quarter of a second.
  static let quickHeartbeat: Duration = .milliseconds(250)

  init(
    address: InspectorAddress, app: String, session: String,
    buffer: InspectorBuffer<InspectorRecord>, status: InspectorStatus,
    options: Inspector.Options, onAnswer: @escaping @Sendable (InspectorAnswer) -> Void = { _ in }
  ) {
    self.onAnswer = onAnswer
    self.located = Locked(address)
    self.app = app
    self.session = session
    self.buffer = buffer
    self.status = status
    self.options = options
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = Inspector.seconds(options.requestTimeout)
    // Each exchange bounded as a whole too, not only between bytes: what answers a handshake
    // has proved nothing yet, and may trickle an endless answer.
    configuration.timeoutIntervalForResource = max(
      60, 4 * Inspector.seconds(options.requestTimeout))
    configuration.httpMaximumConnectionsPerHost = 1
    urlSession = URLSession(configuration: configuration)
    link = Locked(
      InspectorLink(
        reconnects: options.reconnects, firstDelay: options.reconnectDelay,
        longestDelay: options.longestReconnectDelay))
  }

  /// Proves the inspector is the app's own (``InspectorHandshake``), then sends the first
  /// batch (no messages) and waits for it to be accepted.
  func hello() async throws(InspectorError) {
    let outcome = await connect(as: session)
    switch outcome {
    case .accepted: return
    case .lost(let error), .notItsOwn(let error), .refused(let error):
      status.end(problem: error.description)
      throw error
    }
  }

  /// Starts sending what the buffer receives.
  func start() {
    loop.start { [self] in await run(from: 2) }
  }

  /// Asks the loop to send a last batch and stop, and waits for it (each post is bounded by
  /// the request timeout).
  func stop() async {
    // The app is leaving: the last batch is sent, and nothing more is tried or told.
    link.withLock { $0.end() }
    await loop.stop()
    urlSession.finishTasksAndInvalidate()
  }

  /// A batch on its way: the post, and what to count when it is accepted.
  private struct Flight {
    let post: Task<Outcome, Never>
    let delivered: Int
    let dropped: Int
  }

  /// What became of one post or handshake.
  enum Outcome: Sendable {
    /// The inspector took the batch.
    case accepted
    /// Nothing answered (refused, reset, timed out): the inspector may come back.
    case lost(InspectorError)
    /// Something answered at the inspector's address without proving it holds the token:
    /// nothing was sent to it.
    case notItsOwn(InspectorError)
    /// The inspector answered and refused the batch (a wrong token): it will not take more.
    case refused(InspectorError)

    /// The same, as the connection's value takes it.
    var link: InspectorLink.Outcome {
      switch self {
      case .accepted: .accepted
      case .lost(let error): .lost(reason: error.description)
      case .notItsOwn(let error): .notItsOwn(reason: error.description)
      case .refused(let error): .refused(reason: error.description)
      }
    }
  }

  /// Runs the batch loop (``InspectorBatching``, where every decision is) against the buffer,
  /// the clock and the network. One batch is on the wire while the next is read and written:
  /// the two sides work at once, and batches still arrive one at a time, in order.
  private func run(from first: Int) async {
    var batching = InspectorBatching(
      session: session, sequence: first, batchSize: options.batchSize, limits: options.limits,
      now: .now)
    var flight: Flight?
    /// After a lost batch: connects again under a new session, whose first batch tells the
    /// new inspector of every shell; `false` when the loop must end.
    func recover() async -> Bool {
      // What `land` made of the outcome decides: reconnecting, or the end.
      guard link.withLock({ $0.phase }) == .reconnecting,
        let next = await reconnect(as: batching.nextSession)
      else { return false }
      batching.reconnected(as: next)
      return true
    }
    while true {
      let stopping = loop.isStopping
      status.setSending(true)
      let arrival = buffer.nextArrival  // before finding the buffer empty: no arrival missed
      let batch = buffer.take(upTo: batching.take)
      let step = batching.step(
        taken: batch.entries.count, dropped: batch.droppedBefore, stopping: stopping,
        inFlight: flight != nil, now: .now,
        heartbeat: status.travelsInTime ? Self.quickHeartbeat : Self.heartbeat)
      switch step {
      case .land:
        guard let waiting = flight else { continue }
        flight = nil
        if case .accepted = await land(waiting, session: batching.session) { continue }
        guard await recover() else { return }
        continue
      case .idle(let due):
        status.setSending(false)
        await Signal.wait(forAnyOf: [arrival, loop.stopped], until: due)
        continue
      case .send:
        break
      }
      let messages = batching.messages(entries: batch.entries, dropped: batch.droppedBefore)
      let ended = stopping && buffer.waiting == 0
      // Usually one body; a batch whose entries turned out large is split, so that no body
      // nears what an inspector takes (16 MiB by default), and the next take is smaller.
      let (session, first) = (batching.session, batching.sequence)
      let bodies = Self.bodies(
        of: messages[...], entries: batch.entries.count, dropped: batch.droppedBefore
      ) { part, number, last in
        InspectorBatch(
          app: app, session: session, sequence: first + number, messages: Array(part),
          ended: ended && last
        ).wireBytes()
      }
      batching.wrote(
        bytes: bodies.reduce(0) { $0 + $1.bytes.count }, entries: batch.entries.count)
      var lostOne = false
      for (number, body) in bodies.enumerated() {
        if let waiting = flight {
          flight = nil
          if case .accepted = await land(waiting, session: session) {
          } else {
            // What follows was read against what the lost batch said: it goes too, and the
            // new inspector hears each shell's latest view model instead.
            let unsent = bodies[number...].reduce(0) { $0 + $1.entries + $1.dropped }
            status.sent(delivered: 0, dropped: unsent)
            guard await recover() else { return }
            lostOne = true
            break
          }
        }
        let bytes = body.bytes
        flight = Flight(
          post: Task { [self] in await attempt(bytes) }, delivered: body.entries,
          dropped: body.dropped)
        batching.posted(at: .now)
      }
      if lostOne { continue }
      if ended, let waiting = flight {
        _ = await land(waiting, session: session)
        status.setSending(false)
        return
      }
    }
  }

  /// The size a batch aims at: large enough that a batch's own costs (a request, a parse)
  /// vanish per entry, far enough below an inspector's limit (16 MiB) to be taken.
  static let targetBatchBytes = 4 << 20
  /// The largest body sent: a batch past it is split in halves.
  static let largestBody = 12 << 20

  /// One request's body and what it carries.
  struct Body {
    var bytes: [UInt8]
    var entries: Int
    var dropped: Int
  }

  /// `messages` written by `write` as one body, or split in halves until each is at most
  /// `limit` (a single message is never split), numbered from 0 in order. The last
  /// `entries` messages are buffer entries (before them: shells announced again, a count of
  /// dropped entries); `dropped` is counted with the first body. Tests pass a small `limit`
  /// so that splitting costs milliseconds rather than writing tens of megabytes.
  static func bodies(
    of messages: ArraySlice<InspectorMessage>, entries: Int, dropped: Int,
    limit: Int = largestBody,
    write: (ArraySlice<InspectorMessage>, _ number: Int, _ last: Bool) -> [UInt8]
  ) -> [Body] {
    let whole = write(messages, 0, true)
    guard whole.count > limit, messages.count > 1 else {
      return [Body(bytes: whole, entries: entries, dropped: dropped)]
    }
    // Rare: find the parts (by size), then write each with its own number.
    var parts: [ArraySlice<InspectorMessage>] = []
    func split(_ part: ArraySlice<InspectorMessage>) {
      guard part.count > 1, write(part, 0, false).count > limit else {
        parts.append(part)
        return
      }
      let middle = part.startIndex + part.count / 2
      split(part[..<middle])
      split(part[middle...])
    }
    let middle = messages.startIndex + messages.count / 2
    split(messages[..<middle])
    split(messages[middle...])
    let firstEntry = messages.endIndex - entries
    return parts.enumerated().map { number, part in
      Body(
        bytes: write(part, number, number == parts.count - 1),
        entries: part.indices.count { $0 >= firstEntry },
        dropped: number == 0 ? dropped : 0)
    }
  }

  /// Waits for a batch on its way (each post is bounded by the request timeout) and counts
  /// it; a refusal ends the connection for good.
  private func land(_ flight: Flight, session: String) async -> Outcome {
    let outcome = await flight.post.value
    switch outcome {
    case .accepted:
      status.sent(delivered: flight.delivered, dropped: flight.dropped)
    case .lost, .notItsOwn, .refused:
      status.sent(delivered: 0, dropped: flight.delivered + flight.dropped)
      take(outcome, session: session)
    }
    return outcome
  }

  /// Hands `outcome` to the connection's value, tells the app what it decides, and keeps the
  /// status in line with it.
  private func take(_ outcome: Outcome, session: String) {
    let (change, phase) = link.withLock { link in
      (link.take(outcome.link, session: session), link.phase)
    }
    switch phase {
    case .connected:
      _ = status.regain()
    case .reconnecting:
      if case .lost(let error) = outcome { _ = status.lose(problem: error.description) }
      if case .notItsOwn(let error) = outcome { _ = status.lose(problem: error.description) }
      status.setSending(false)
    case .ended:
      switch outcome {
      case .lost(let error), .notItsOwn(let error), .refused(let error):
        status.end(problem: error.description)
      case .accepted: status.end(problem: nil)
      }
      status.setSending(false)
    }
    if let change { options.onConnectionChange?(change) }
  }

  /// Tries, with growing pauses, to reach the inspector again under `session`; what the app
  /// is told (lost, not its own, back) the connection's value decides. `nil` when the app
  /// stops first or the inspector refuses it.
  private func reconnect(as session: String) async -> String? {
    status.setSending(false)
    while !loop.isStopping {
      let delay = link.withLock { $0.delay }
      // A real clock (the back-off), cut short by a stop.
      await Signal.wait(forAnyOf: [loop.stopped], until: .now + delay)
      if loop.isStopping { return nil }
      findAgain()
      let outcome = await connect(as: session)
      take(outcome, session: session)
      switch link.withLock({ $0.phase }) {
      case .connected: return session
      case .ended: return nil
      case .reconnecting: continue
      }
    }
    return nil
  }

  /// Reads the address again from the file it came from (``InspectorAddress/find(environment:stateFile:)``):
  /// `yaia inspect` restarted on another port (its old one taken) or with a new token saves
  /// them there. A file that cannot be read now leaves the address as it was.
  private func findAgain() {
    guard let file = address.foundIn, let saved = try? file.read(),
      let found = try? saved.address, found != address
    else { return }
    located.withLock { $0 = found.found(in: file) }
  }

  /// Opens a connection under `session`: a first, empty batch.
  private func connect(as session: String) async -> Outcome {
    let hello = InspectorBatch(app: app, session: session, sequence: 1, messages: [])
    return await attempt(hello.wireBytes())
  }

  /// Where the inspector is, as messages name it.
  private var shownAddress: String {
    address.page.host.map { "\($0):\(address.page.port ?? 0)" } ?? "the inspector"
  }

  /// What a proven handshake gives: the header its one batch carries.
  private enum Handshake {
    case proven(header: String)
    case failed(Outcome)
  }

  /// Asks what answers at the address to prove it holds the token (``InspectorHandshake``),
  /// sending only a fresh nonce. Made before every batch: the inspector may have stopped since
  /// the last one and another program taken its port, and a proof is good for one batch.
  private func handshake(_ address: InspectorAddress) async -> Handshake {
    let shown = shownAddress
    let appNonce = InspectorHandshake.nonce()
    guard var components = URLComponents(url: address.endpoint, resolvingAgainstBaseURL: false)
    else { return .failed(.refused(.unreachable(shown, reason: "not a URL"))) }
    components.path = "/api/connect"
    components.queryItems = [URLQueryItem(name: "nonce", value: appNonce)]
    guard let url = components.url else {
      return .failed(.refused(.unreachable(shown, reason: "not a URL")))
    }
    var request = URLRequest(url: url)
    request.httpMethod = "POST"
    request.httpBody = Data()  // said with Content-Length: 0, so no server waits for a body
    let data: Data
    let response: URLResponse
    switch await exchange(request) {
    case .success(let answer): (data, response) = answer
    case .failure(let lost): return .failed(.lost(lost))
    }
    func notItsOwn(_ why: String) -> Handshake {
      .failed(
        .notItsOwn(
          .notItsOwn(
            shown,
            reason: "\(why), so it cannot prove it holds the token yaia inspect printed (another "
              + "program may have taken the port, or yaia inspect made a new token); nothing was "
              + "sent to it")))
    }
    guard let http = response as? HTTPURLResponse else {
      return notItsOwn("the answer is not HTTP")
    }
    guard http.statusCode == 200 else { return notItsOwn("it answered \(http.statusCode)") }
    let handshake: InspectorHandshake
    switch InspectorHandshake.read(
      answer: data, appNonce: appNonce, token: address.token, port: address.page.port ?? 0)
    {
    case .success(let proven): handshake = proven
    case .failure(let unproven): return notItsOwn(unproven.reason)
    }
    return .proven(header: handshake.headerValue(token: address.token))
  }

  /// Sends `request` within the request timeout, away from the cooperative pool (on Linux the
  /// call waits for every other transfer to queue it); `.lost` when nothing answered.
  private func exchange(_ request: URLRequest) async -> Result<(Data, URLResponse), InspectorError>
  {
    var request = request
    request.timeoutInterval = Inspector.seconds(options.requestTimeout)
    do {
      return .success(
        try await awayFromCooperativePool { try await urlSession.data(for: request) })
    } catch {
      return .failure(.unreachable(shownAddress, reason: error.localizedDescription))
    }
  }

  /// Posts one batch, after a handshake of its own.
  private func attempt(_ bytes: [UInt8]) async -> Outcome {
    let address = address
    let credential: String
    switch await handshake(address) {
    case .proven(let header): credential = header
    case .failed(let outcome): return outcome
    }
    let shown = shownAddress
    let body = Data(bytes)
    var request = URLRequest(url: address.endpoint)
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.setValue(credential, forHTTPHeaderField: InspectorHandshake.header)
    request.httpBody = body
    let data: Data
    let response: URLResponse
    switch await exchange(request) {
    case .success(let answer): (data, response) = answer
    case .failure(let lost): return .lost(lost)
    }
    guard let http = response as? HTTPURLResponse else {
      return .refused(.unreachable(shown, reason: "the answer is not HTTP"))
    }
    if http.statusCode == 409 {
      // An inspector that does not know this connection: it was restarted at the same
      // address. Connecting again tells it of the shells.
      return .lost(.unreachable(shown, reason: "it was restarted"))
    }
    guard (200..<300).contains(http.statusCode) else {
      let said = String(decoding: data.prefix(300), as: UTF8.self)
      return .refused(
        .unreachable(
          shown, reason: "it answered \(http.statusCode): \(VisibleText.escaped(said))"))
    }
    // An answer with a body asks something of the app; one it cannot read is ignored (the
    // batch was taken all the same).
    if http.statusCode == 200, !data.isEmpty, let answer = try? InspectorAnswer(wire: data),
      !answer.jumps.isEmpty || !answer.events.isEmpty
    {
      onAnswer(answer)
    }
    return .accepted
  }
}

/// The sender's task and its stop request.
struct LoopHandle: Sendable {
  private struct State {
    var task: Task<Void, Never>?
    var stopping = false
  }
  private let state = Locked(State())
  /// Fired when the loop is asked to stop: its waits end at once.
  let stopped = Signal()

  var isStopping: Bool { state.withLock { $0.stopping } }

  func start(_ body: @escaping @Sendable () async -> Void) {
    state.withLock { $0.task = Task.detached(priority: .utility) { await body() } }
  }

  func stop() async {
    let running = state.withLock { state in
      state.stopping = true
      return state.task
    }
    stopped.fire()
    await running?.value
  }
}
