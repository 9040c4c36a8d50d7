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
  private let address: InspectorAddress
  private let app: String
  private let session: String
  private let buffer: InspectorBuffer<InspectorRecord>
  private let status: InspectorStatus
  private let options: Inspector.Options
  private let urlSession: URLSession
  private let loop = LoopHandle()

  /// How long an idle sender waits before it sends an empty batch.
  static let heartbeat: Duration = .seconds(2)

  init(
    address: InspectorAddress, app: String, session: String,
    buffer: InspectorBuffer<InspectorRecord>, status: InspectorStatus,
    options: Inspector.Options
  ) {
    self.address = address
    self.app = app
    self.session = session
    self.buffer = buffer
    self.status = status
    self.options = options
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = Inspector.seconds(options.requestTimeout)
    configuration.httpMaximumConnectionsPerHost = 1
    urlSession = URLSession(configuration: configuration)
  }

  /// Sends the first batch (no messages) and waits for it to be accepted.
  func hello() async throws(InspectorError) {
    do {
      try await post(InspectorBatch(app: app, session: session, sequence: 1, messages: []))
    } catch {
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
    await loop.stop()
    urlSession.finishTasksAndInvalidate()
  }

  /// A batch on its way: the post, and what to count when it is accepted.
  private struct Flight {
    let post: Task<InspectorError?, Never>
    let delivered: Int
    let dropped: Int
  }

  private func run(from first: Int) async {
    var sequence = first
    var lastSent = ContinuousClock.now
    var reader = InspectedValue.Reader(limits: options.limits)
    var memory = InspectorRecord.Memory()
    // One batch is on the wire while the next is read and written: the two sides work at once,
    // and batches still arrive one at a time, in order.
    var flight: Flight?
    while true {
      let stopping = loop.isStopping
      status.setSending(true)
      let batch = buffer.take(upTo: options.batchSize)
      let idle = batch.entries.isEmpty && batch.droppedBefore == 0
      if idle && !stopping && (flight != nil || lastSent.duration(to: .now) < Self.heartbeat) {
        if let waiting = flight {
          flight = nil
          guard await land(waiting) else { return }
        } else {
          status.setSending(false)
          try? await Task.sleep(for: .milliseconds(5))
        }
        continue
      }
      var messages: [InspectorMessage] = []
      messages.reserveCapacity(batch.entries.count + 1)
      if batch.droppedBefore > 0 { messages.append(.dropped(count: batch.droppedBefore)) }
      for entry in batch.entries {
        messages.append(entry.message(reader: &reader, memory: &memory))
      }
      let ended = stopping && buffer.waiting == 0
      let body = InspectorBatch(
        app: app, session: session, sequence: sequence, messages: messages, ended: ended
      ).wireBytes()
      if let waiting = flight {
        flight = nil
        guard await land(waiting) else {
          status.sent(delivered: 0, dropped: batch.entries.count + batch.droppedBefore)
          return
        }
      }
      flight = Flight(
        post: Task { [self] () async -> InspectorError? in
          do throws(InspectorError) {
            try await post(body)
            return nil
          } catch {
            return error
          }
        }, delivered: batch.entries.count, dropped: batch.droppedBefore)
      sequence += 1
      lastSent = .now
      if ended, let waiting = flight {
        _ = await land(waiting)
        status.setSending(false)
        return
      }
    }
  }

  /// Waits for a batch on its way (each post is bounded by the request timeout) and counts
  /// it; returns `false`, with the connection closed, when the inspector refused it or is gone.
  private func land(_ flight: Flight) async -> Bool {
    if let error = await flight.post.value {
      status.sent(delivered: 0, dropped: flight.delivered + flight.dropped)
      status.end(problem: error.description)
      status.setSending(false)
      return false
    }
    status.sent(delivered: flight.delivered, dropped: flight.dropped)
    return true
  }

  private func post(_ batch: InspectorBatch) async throws(InspectorError) {
    try await post(batch.wireBytes())
  }

  private func post(_ bytes: [UInt8]) async throws(InspectorError) {
    let shown = address.page.host.map { "\($0):\(address.page.port ?? 0)" } ?? "the inspector"
    let body = Data(bytes)
    var request = URLRequest(url: address.endpoint)
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.timeoutInterval = Inspector.seconds(options.requestTimeout)
    request.httpBody = body
    let data: Data
    let response: URLResponse
    do {
      (data, response) = try await urlSession.data(for: request)
    } catch {
      throw .unreachable(shown, reason: error.localizedDescription)
    }
    guard let http = response as? HTTPURLResponse else {
      throw .unreachable(shown, reason: "the answer is not HTTP")
    }
    guard (200..<300).contains(http.statusCode) else {
      let said = String(decoding: data.prefix(300), as: UTF8.self)
      throw .unreachable(
        shown, reason: "it answered \(http.statusCode): \(VisibleText.escaped(said))")
    }
  }
}

/// The sender's task and its stop request.
///
/// `@unchecked Sendable`, proven: `task` and `stopping` are read and written only inside
/// `lock.withLock`.
final class LoopHandle: @unchecked Sendable {
  private let lock = NSLock()
  private var task: Task<Void, Never>?
  private var stopping = false

  var isStopping: Bool { lock.withLock { stopping } }

  func start(_ body: @escaping @Sendable () async -> Void) {
    lock.withLock { task = Task.detached(priority: .utility) { await body() } }
  }

  func stop() async {
    let running = lock.withLock {
      stopping = true
      return task
    }
    await running?.value
  }
}
