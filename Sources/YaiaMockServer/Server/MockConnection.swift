import FlyingSocks
import Foundation

/// One client connection of a mock server: reads requests with bounded memory and time,
/// answers each through the ``MockResponder``, and closes on anything it cannot trust.
///
/// The shell around three values, ``RequestHeadParser``, ``BodyFraming`` and ``ChunkedBody``: it only moves
/// bytes between them and the socket, and waits through ``ConnectionWaits``.
struct MockConnection {
  let socket: Socket
  let waits: ConnectionWaits
  let responder: MockResponder
  let limits: RequestHeadLimits
  let maxBodyBytes: Int
  let requestTimeout: Duration

  /// Serves requests until the client closes, a limit is hit, or the task is cancelled; the
  /// socket is closed on return.
  func serve() async {
    defer { try? socket.close() }
    var pending: [UInt8] = []
    do {
      while !Task.isCancelled {
        guard let next = try await serveOne(after: pending) else { return }
        pending = next
      }
    } catch {
      // The client left, waited too long, or the server is stopping: nothing to answer.
    }
  }

  /// Reads and answers one request, starting with `pending` bytes already received; the bytes
  /// after it, or `nil` when the connection must close.
  private func serveOne(after pending: [UInt8]) async throws -> [UInt8]? {
    var parser = RequestHeadParser(limits: limits)
    var deadline: ContinuousClock.Instant?
    var step = parser.append(pending)
    while step == .needMore {
      if parser.hasStarted, deadline == nil {
        deadline = ContinuousClock.now.advanced(by: requestTimeout)
      }
      guard let bytes = try await read(deadline: deadline, timedOut: parser.hasStarted) else {
        return nil
      }
      step = parser.append(bytes)
    }
    switch step {
    case .needMore:
      return nil
    case .failed(let failure):
      try await write(.failure(failure), keepAlive: false, head: false)
      return nil
    case .head(let head, let rest):
      return try await answer(head, rest: rest, deadline: deadline ?? .now + requestTimeout)
    }
  }

  /// Reads the body of `head` (whatever its framing, within the limit) and answers it.
  private func answer(
    _ head: RequestHead, rest: [UInt8], deadline: ContinuousClock.Instant
  ) async throws -> [UInt8]? {
    let isHead = head.method == "HEAD"
    let body: Data
    var rest = rest
    switch BodyFraming.of(head) {
    case .failure(let failure):
      return try await refuse(failure)
    case .success(.chunked):
      try await sendContinue(head)
      var decoder = ChunkedBody(limit: maxBodyBytes)
      var step = decoder.append(rest)
      while step == .needMore {
        guard let bytes = try await read(deadline: deadline, timedOut: true) else { return nil }
        step = decoder.append(bytes)
      }
      switch step {
      case .needMore: return nil
      case .failed(let failure) where failure.status == 413:
        return try await refuseBody(head)
      case .failed(let failure): return try await refuse(failure)
      case .done(let after):
        body = Data(decoder.body)
        rest = after
      }
    case .success(.length(let count)):
      guard count <= maxBodyBytes else { return try await refuseBody(head) }
      if count > rest.count { try await sendContinue(head) }
      while rest.count < count {
        guard let bytes = try await read(deadline: deadline, timedOut: true) else { return nil }
        rest += bytes
      }
      body = Data(rest[..<count])
      rest = Array(rest[count...])
    }
    let response = await responder.respond(to: MockResponder.request(head, body: body))
    var keepAlive = head.keepsAlive
    if case .cut = response.delivery { keepAlive = false }
    try await write(response, keepAlive: keepAlive, head: isHead)
    return keepAlive ? rest : nil
  }

  /// Answers an `Expect: 100-continue` request before its body is read, as curl waits for it.
  private func sendContinue(_ head: RequestHead) async throws {
    guard head.field("expect")?.lowercased() == "100-continue", head.version == "HTTP/1.1" else {
      return
    }
    try await write(Data("HTTP/1.1 100 Continue\r\n\r\n".utf8))
  }

  /// Answers a request whose framing cannot be read, and closes.
  private func refuse(_ failure: WireFailure) async throws -> [UInt8]? {
    try await write(.failure(failure), keepAlive: false, head: false)
    return nil
  }

  /// Records and answers a request whose body is over the limit, and closes: the rest of the
  /// body is never read.
  private func refuseBody(_ head: RequestHead) async throws -> [UInt8]? {
    let response = await responder.refuseBody(of: MockResponder.request(head, body: Data()))
    try await write(response, keepAlive: false, head: false)
    return nil
  }

  /// The next bytes from the client, or `nil` when it closed. A wait ending at the request's
  /// deadline is answered with 408 when the request had begun (`timedOut`).
  private func read(deadline: ContinuousClock.Instant?, timedOut: Bool) async throws -> [UInt8]? {
    while true {
      try Task.checkCancellation()
      do {
        return try socket.read(atMost: 65_536)
      } catch SocketError.blocked {
        do {
          try await waits.read(socket, deadline: deadline)
        } catch ConnectionWaits.Ended.deadline where timedOut {
          let failure = WireFailure(
            status: 408, reason: "the request did not arrive within \(requestTimeout)")
          try? await write(.failure(failure), keepAlive: false, head: false)
          return nil
        }
      } catch SocketError.disconnected {
        return nil
      }
    }
  }

  /// Writes `response`: the head, then the body as its delivery says.
  private func write(_ response: WireResponse, keepAlive: Bool, head isHead: Bool) async throws {
    let head = response.head(keepAlive: keepAlive)
    let body = response.hasBody && !isHead ? response.body : Data()
    switch response.delivery {
    case .whole:
      try await write(head + body)
    case .cut(let count):
      try await write(head + body.prefix(count))
    case .trickle(let bytes, let interval):
      try await write(head)
      var offset = 0
      while offset < body.count {
        if offset > 0 { try await Task.sleep(for: interval) }
        let end = min(body.count, offset + bytes)
        try await write(body.subdata(in: offset..<end))
        offset = end
      }
    }
  }

  /// Writes all of `data`, waiting (boundedly) while the client's buffer is full.
  private func write(_ data: Data) async throws {
    var sent = data.startIndex
    while sent < data.endIndex {
      try Task.checkCancellation()
      do {
        sent = try socket.write(data, from: sent)
      } catch SocketError.blocked {
        try await waits.write(socket)
      }
    }
  }
}
