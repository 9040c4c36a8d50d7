#if MockServer  // the trait; without it, TraitRequirement.swift names it
  import FlyingSocks
  import Foundation
  import Yaia

  /// One client connection of a mock server: reads requests with bounded memory and time,
  /// answers each through the ``MockResponder``, and closes on anything it cannot trust.
  ///
  /// The shell around three values, ``RequestHeadParser``, ``BodyFraming`` and ``ChunkedBody``: it
  /// only moves bytes between them and the socket, waits through ``ConnectionWaits``, and tells
  /// the ``ConnectionRegistry`` what it is doing (through its ``ConnectionTicket``), which may
  /// close it to make room.
  struct MockConnection {
    let socket: Socket
    let ticket: ConnectionTicket
    let waits: ConnectionWaits
    let responder: MockResponder
    let limits: RequestHeadLimits
    let maxBodyBytes: Int
    let requestTimeout: Duration
    let responseTimeout: Duration

    /// Whether the client is on this machine, by its address: the admin API answers no other.
    var fromLoopback: Bool {
      switch try? socket.remotePeer() {
      case .ip4(let address, _), .ip6(let address, _):
        return MockAdminCommand.isLoopbackPeer(address)
      default: return false
      }
    }

    /// Serves requests until the client closes, a limit is hit, the registry closes the
    /// connection to make room, or the task is cancelled; the socket is closed on return.
    func serve() async {
      defer {
        ticket.leave()
        try? socket.close()
      }
      await withTaskGroup(of: Void.self) { group in
        group.addTask { await serveRequests() }
        group.addTask { await ticket.signal.wait() }
        await group.next()
        group.cancelAll()
      }
    }

    private func serveRequests() async {
      var pending: [UInt8] = []
      var served = false
      do {
        while !Task.isCancelled {
          guard let next = try await serveOne(after: pending, served: served) else { return }
          pending = next
          served = true
        }
      } catch {
        // The client left, waited too long, read too slowly, or the server is stopping or
        // needed the room: nothing to answer.
      }
    }

    /// Reads and answers one request, starting with `pending` bytes already received; the bytes
    /// after it, or `nil` when the connection must close.
    private func serveOne(after pending: [UInt8], served: Bool) async throws -> [UInt8]? {
      var parser = RequestHeadParser(limits: limits)
      var deadline = RequestDeadline(timeout: requestTimeout)
      var started = ContinuousClock.now
      var step = parser.append(pending)
      // A new connection is already silent in the ledger, since it was accepted.
      if served, !parser.hasStarted { ticket.set(.idle(since: .now)) }
      while step == .needMore {
        if parser.hasStarted, !deadline.isRunning {
          started = .now
          deadline.start(at: started)
          ticket.set(.reading(since: started))
        }
        guard let bytes = try await read(deadline: &deadline) else { return nil }
        deadline.earn(bytes.count, at: .now)
        step = parser.append(bytes)
      }
      if !deadline.isRunning {
        deadline.start(at: started)
        ticket.set(.reading(since: started))
      }
      switch step {
      case .needMore:
        return nil
      case .failed(let failure):
        try await write(.failure(failure), keepAlive: false, head: false)
        return nil
      case .head(let head, let rest):
        return try await answer(head, rest: rest, started: started, deadline: deadline)
      }
    }

    /// Reads the body of `head` (whatever its framing, within the limit) and answers it.
    private func answer(
      _ head: RequestHead, rest: [UInt8], started: ContinuousClock.Instant,
      deadline: RequestDeadline
    ) async throws -> [UInt8]? {
      let isHead = head.method == "HEAD"
      let body: Data
      var rest = rest
      var deadline = deadline
      switch BodyFraming.of(head) {
      case .failure(let failure):
        return try await refuse(failure)
      case .success(.chunked):
        try await sendContinue(head, started: started)
        var decoder = ChunkedBody(limit: maxBodyBytes)
        var step = decoder.append(rest)
        while step == .needMore {
          guard let bytes = try await read(deadline: &deadline) else { return nil }
          // Only the body earns time: chunk-size lines and extensions are framing, and a client
          // sending mostly framing (4 KiB lines around one-byte chunks) would otherwise hold
          // the connection without end.
          let before = decoder.body.count
          step = decoder.append(bytes)
          deadline.earn(decoder.body.count - before, at: .now)
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
        if count > rest.count { try await sendContinue(head, started: started) }
        while rest.count < count {
          guard let bytes = try await read(deadline: &deadline) else { return nil }
          deadline.earn(min(bytes.count, count - rest.count), at: .now)
          rest += bytes
        }
        body = Data(rest[..<count])
        rest = Array(rest[count...])
      }
      ticket.set(.responding)
      let response = await responder.respond(
        to: MockResponder.request(head, body: body), fromLoopback: fromLoopback)
      if let delay = response.delay {
        ticket.set(.pausing(since: .now))
        try await Task.sleep(for: delay)
      }
      var keepAlive = head.keepsAlive
      switch response.delivery {
      case .whole, .trickle: break
      case .cut, .raw: keepAlive = false
      case .reset:
        // SO_LINGER with a zero timeout makes close() send RST instead of FIN.
        try? socket.setValue(linger(l_onoff: 1, l_linger: 0), for: LingerOption())
        return nil
      }
      try await write(response, keepAlive: keepAlive, head: isHead)
      return keepAlive ? rest : nil
    }

    /// Answers an `Expect: 100-continue` request before its body is read, as curl waits for it.
    private func sendContinue(_ head: RequestHead, started: ContinuousClock.Instant) async throws {
      guard head.field("expect")?.lowercased() == "100-continue", head.version == "HTTP/1.1" else {
        return
      }
      var writing = Writing(deadline: .now + responseTimeout)
      try await write(Data("HTTP/1.1 100 Continue\r\n\r\n".utf8), &writing)
      ticket.set(.reading(since: started))
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

    /// The next bytes from the client, or `nil` when it closed or ran out of time. Once the
    /// request has begun, a wait ends at its deadline; the one read allowed past it (see
    /// ``RequestDeadline``) takes what arrived, since a server starved of CPU on a busy machine
    /// wakes late to bytes that came in time; a request out of time is answered with 408.
    private func read(deadline: inout RequestDeadline) async throws -> [UInt8]? {
      while true {
        try Task.checkCancellation()
        switch deadline.read(at: .now) {
        case .inTime: break
        case .grace:
          if let late = try? socket.read(atMost: 65_536), !late.isEmpty { return late }
          return try await timeOut()
        case .expired:
          return try await timeOut()
        }
        do {
          return try socket.read(atMost: 65_536)
        } catch SocketError.blocked {
          do {
            try await waits.read(socket, deadline: deadline.instant)
          } catch ConnectionWaits.Ended.deadline {
            // The next turn of the loop reads once more, or answers 408.
          }
        } catch SocketError.disconnected {
          return nil
        }
      }
    }

    /// Answers 408 for a request that did not arrive in time, and closes.
    private func timeOut() async throws -> [UInt8]? {
      let failure = WireFailure(
        status: 408, reason: "the request did not arrive within \(requestTimeout)")
      try? await write(.failure(failure), keepAlive: false, head: false)
      return nil
    }

    /// Writes `response`: the head, then the body as its delivery says, within the response
    /// timeout (the pauses of a trickle not counted).
    private func write(_ response: WireResponse, keepAlive: Bool, head isHead: Bool) async throws {
      let head = response.head(keepAlive: keepAlive)
      let body = response.hasBody && !isHead ? response.body : Data()
      var writing = Writing(deadline: .now + responseTimeout)
      ticket.set(.writing(blocked: .zero, since: nil))
      switch response.delivery {
      case .whole:
        try await write(head + body, &writing)
      case .cut(let count):
        try await write(head + body.prefix(count), &writing)
      case .raw(let bytes):
        try await write(bytes, &writing)
      case .reset:
        break
      case .trickle(let bytes, let interval):
        try await write(head, &writing)
        var offset = 0
        while offset < body.count {
          if offset > 0 {
            ticket.set(.pausing(since: .now))
            try await Task.sleep(for: interval)
            writing.deadline = writing.deadline.advanced(by: interval)
            ticket.set(.writing(blocked: writing.blocked, since: nil))
          }
          let end = min(body.count, offset + bytes)
          try await write(body.subdata(in: offset..<end), &writing)
          offset = end
        }
      }
    }

    /// `SO_LINGER`, which FlyingSocks does not name.
    private struct LingerOption: SocketOption {
      var name: Int32 { SO_LINGER }
      func makeValue(from socketValue: linger) -> linger { socketValue }
      func makeSocketValue(from value: linger) -> linger { value }
    }

    /// How one response's writing stands: when it must be done by, and how long it has waited
    /// on a client that did not read (what the registry weighs when room is needed).
    private struct Writing {
      var deadline: ContinuousClock.Instant
      var blocked: Duration = .zero
    }

    /// Writes all of `data`, waiting while the client's buffer is full, never past the
    /// response's deadline.
    private func write(_ data: Data, _ writing: inout Writing) async throws {
      var sent = data.startIndex
      while sent < data.endIndex {
        try Task.checkCancellation()
        do {
          sent = try socket.write(data, from: sent)
        } catch SocketError.blocked {
          let start = ContinuousClock.now
          ticket.set(.writing(blocked: writing.blocked, since: start))
          try await waits.write(socket, deadline: writing.deadline)
          writing.blocked += ContinuousClock.now - start
          ticket.set(.writing(blocked: writing.blocked, since: nil))
        }
      }
    }
  }
#endif
