import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A loopback HTTP server on threads of its own, for responses no well-behaved server sends:
/// `GET /endless` streams a chunked body until the client goes away (or `cap` bytes, which a
/// client that stops consuming never lets it reach), `GET /bomb` sends `bomb` as a gzip body,
/// anything else gets a small 200.
///
/// Blocking threads, not the cooperative pool: what it measures is whether the client stops
/// reading, so it must keep writing whatever the client's tasks do.
final class StreamingServer: Sendable {
  let port: Int
  private let listener: Int32
  private let bomb: Data
  private let cap: Int
  private let streams = Mutex((open: 0, started: 0, capped: 0))
  /// Set by stop(): the accepting thread closes the listener and ends.
  private let stopping = Mutex(false)

  /// Starts listening on 127.0.0.1 and a free port.
  init(bomb: Data = Data(), cap: Int = 1 << 30) throws {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, length) == 0 && listen(fd, 128) == 0 && getsockname(fd, $0, &length) == 0
      }
    }
    guard fd >= 0, bound else { throw POSIXError(.EADDRNOTAVAIL) }
    // Non-blocking, waited on with poll: another server's accept loop that outlives its own
    // closed socket, and calls accept on a number this one reused, must never block on it.
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    self.listener = fd
    self.port = Int(UInt16(bigEndian: address.sin_port))
    self.bomb = bomb
    self.cap = cap
    let accepting = Thread { [self] in acceptLoop() }
    accepting.start()
  }

  var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }
  /// Endless bodies being written now.
  var openStreams: Int { streams.withLock { $0.open } }
  /// Endless bodies begun so far.
  var startedStreams: Int { streams.withLock { $0.started } }
  /// Endless bodies that reached the cap: a client that never stopped reading.
  var cappedStreams: Int { streams.withLock { $0.capped } }

  /// Stops accepting (streams end when their clients go away). The accepting thread closes the
  /// listener within a tenth of a second: closed here, its number could be reused by another
  /// socket before the thread's next accept.
  func stop() {
    stopping.withLock { $0 = true }
  }

  private func acceptLoop() {
    var ready = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
    while !stopping.withLock({ $0 }) {
      let client = accept(listener, nil, nil)
      guard client >= 0 else {
        // Nothing to accept, or out of descriptors for now: look again shortly, and whether
        // to stop.
        _ = poll(&ready, 1, 100)
        continue
      }
      // Served blocking (a BSD socket inherits O_NONBLOCK from its listener; Linux's does not).
      _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) & ~O_NONBLOCK)
      Thread { [self] in serve(client) }.start()
    }
    close(listener)
  }

  private func serve(_ fd: Int32) {
    defer { close(fd) }
    var time = timeval(tv_sec: 30, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    while let path = readHead(fd) {
      switch path {
      case "/endless":
        streamEndlessly(fd)
        return
      case "/bomb":
        let head =
          "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Encoding: gzip\r\nContent-Length: \(bomb.count)\r\n\r\n"
        guard write(fd, Data(head.utf8) + bomb) else { return }
      default:
        let body = #"{"ok":true}"#
        let head =
          "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n"
        guard write(fd, Data((head + body).utf8)) else { return }
      }
    }
  }

  /// The path of the next request on `fd`, or `nil` when the client closed.
  private func readHead(_ fd: Int32) -> String? {
    var received: [UInt8] = []
    var byte: UInt8 = 0
    while received.count < 16_384 {
      guard recv(fd, &byte, 1, 0) == 1 else { return nil }
      received.append(byte)
      if received.suffix(4) == Array("\r\n\r\n".utf8) {
        let line = String(decoding: received, as: UTF8.self).split(separator: " ")
        return line.count > 1 ? String(line[1]) : "/"
      }
    }
    return nil
  }

  private func streamEndlessly(_ fd: Int32) {
    streams.withLock {
      $0.open += 1
      $0.started += 1
    }
    defer { streams.withLock { $0.open -= 1 } }
    let head = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n"
    guard write(fd, Data(head.utf8)) else { return }
    let chunk = Data("4000\r\n".utf8) + Data(repeating: 0x61, count: 0x4000) + Data("\r\n".utf8)
    var sent = 0
    while sent < cap {
      guard write(fd, chunk) else { return }
      sent += chunk.count
    }
    streams.withLock { $0.capped += 1 }
  }

  private func write(_ fd: Int32, _ data: Data) -> Bool {
    data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let count = send(
          fd, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
        if count <= 0 { return false }
        offset += count
      }
      return true
    }
  }
}

/// A gzip stream that inflates to `count` zero bytes, written by hand with DEFLATE's fixed
/// Huffman codes (RFC 1951 §3.2.6): one literal zero, then matches of 258 bytes at distance 1,
/// 13 bits each. 64 MiB of zeros take 420 KB: a small body that inflates 160 times.
enum GzipBomb {
  static func zeros(_ count: Int) -> Data {
    var bits = BitWriter()
    bits.write(1, count: 1)  // the final block
    bits.write(1, count: 2)  // fixed Huffman codes
    bits.writeCode(0b0011_0000, count: 8)  // the literal 0
    var left = count - 1
    while left >= 258 {
      bits.writeCode(0b1100_0101, count: 8)  // length 258 (code 285)
      bits.writeCode(0, count: 5)  // distance 1 (code 0)
      left -= 258
    }
    while left > 0 {
      bits.writeCode(0b0011_0000, count: 8)
      left -= 1
    }
    bits.writeCode(0, count: 7)  // end of block
    var gzip = Data([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff])
    gzip.append(contentsOf: bits.finished)
    // The CRC-32 is computed for small streams only (a client that stops at its bound never
    // reaches it, and 64 Mi rounds of it take seconds in a debug build).
    let crc = count <= 1 << 20 ? crc32(zeros: count) : 0
    gzip.append(contentsOf: (0..<4).map { UInt8(truncatingIfNeeded: crc >> (8 * $0)) })
    let size = UInt32(truncatingIfNeeded: count)
    gzip.append(contentsOf: (0..<4).map { UInt8(truncatingIfNeeded: size >> (8 * $0)) })
    return gzip
  }

  /// The CRC-32 (as gzip computes it) of `count` zero bytes.
  static func crc32(zeros count: Int) -> UInt32 {
    var crc: UInt32 = 0xffff_ffff
    for _ in 0..<count {
      crc ^= 0
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xedb8_8320 : crc >> 1 }
    }
    return ~crc
  }

  /// DEFLATE's bit order: values least significant bit first, Huffman codes most significant
  /// bit first.
  struct BitWriter {
    var bytes: [UInt8] = []
    private var current: UInt8 = 0
    private var used = 0

    mutating func write(_ value: Int, count: Int) {
      for index in 0..<count { push((value >> index) & 1) }
    }

    mutating func writeCode(_ code: Int, count: Int) {
      for index in stride(from: count - 1, through: 0, by: -1) { push((code >> index) & 1) }
    }

    private mutating func push(_ bit: Int) {
      current |= UInt8(bit) << used
      used += 1
      if used == 8 { flush() }
    }

    private mutating func flush() {
      bytes.append(current)
      current = 0
      used = 0
    }

    /// The bytes, the last one padded with zeros.
    var finished: [UInt8] {
      used == 0 ? bytes : bytes + [current]
    }
  }
}
