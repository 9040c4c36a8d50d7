import Foundation
import Testing
import Yaia
import YaiaInspector
import YaiaInspectorServer
import YaiaTesting

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A page's stream of news (`GET /api/stream`), read as a browser's EventSource reads it: a
/// blocking socket on a thread of its own, each read bounded by the socket's 30 s timeout.
final class EventStreamReader: Sendable {
  private let fd: Int32

  /// Opens the stream with the inspector at `base`, resuming after `lastEventID` if given.
  init(_ base: URL, token: String, after: Int = 0, lastEventID: String? = nil) async throws {
    let port = try #require(base.port)
    let target = try await pageTarget(
      base, token: token, method: "GET", path: "/api/stream", items: [("after", "\(after)")])
    fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var time = timeval(tv_sec: 30, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = UInt16(port).bigEndian
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
    guard connected else { throw POSIXError(.ECONNREFUSED) }
    let resume = lastEventID.map { "Last-Event-ID: \($0)\r\n" } ?? ""
    let head =
      "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\(resume)Accept: text/event-stream\r\n\r\n"
    _ = head.utf8CString.withUnsafeBufferPointer { send(fd, $0.baseAddress, $0.count - 1, 0) }
  }

  deinit { close(fd) }

  /// Everything read until the text read so far contains `marker`, or the stream ends (the
  /// server closed it), or 30 s pass without a byte.
  func read(until marker: String) async throws -> String {
    try await readWithEnd(until: marker).text
  }

  /// What ``read(until:)`` reads, and whether the server closed the connection (rather than the
  /// marker being found, or the 30 s receive timeout passing).
  func readWithEnd(until marker: String) async throws -> (text: String, closed: Bool) {
    let fd = fd
    return try #require(
      try await value(
        of: onThread {
          var bytes: [UInt8] = []
          var buffer = [UInt8](repeating: 0, count: 4_096)
          var closed = false
          while !String(decoding: bytes, as: UTF8.self).contains(marker) {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK) {
              closed = true
            }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
          }
          return (String(decoding: bytes, as: UTF8.self), closed)
        }, timeout: .seconds(60)))
  }
}

@Suite("the page's news pushed as server-sent events")
struct InspectorStreamTests {
  @Test(
    "a stream sends the log at once, then each batch as it arrives; a resumed one goes on from its last id; the server's stop ends it"
  )
  @MainActor
  func pushed() async throws {
    try await withInspector { server, base, token in
      let stream = try await EventStreamReader(base, token: token)
      let first = try await stream.read(until: "\n\n")
      #expect(first.contains("HTTP/1.1 200"))
      #expect(first.contains("text/event-stream"))
      // The first event says at once which run of the inspector this is, and asks a browser
      // that loses the stream to come back within a second.
      #expect(first.contains("retry: 1000\n"))
      #expect(first.contains("event: updates\ndata: {\"records\":[]"))
      #expect(first.contains("\"inspector\":\""))

      // A step sent by an app arrives on the stream without the page asking.
      let (inspector, shell) = try await watchSignIn(at: server.url!.absoluteString)
      shell.send(.typedName("ada"))
      #expect(await inspector.flush(timeout: .seconds(30)))
      let news = try await stream.read(until: "typedName")
      #expect(news.contains("\"kind\":\"step\""))
      // Lines split by scalar: to a Swift string, the chunk's "\r\n" is one character.
      let ids = news.unicodeScalars.split(separator: "\n").map(String.init).filter {
        $0.hasPrefix("id: ")
      }.compactMap { Int($0.dropFirst(4)) }
      let last = try #require(ids.last)

      // A browser that lost the stream comes back with the last id it took: it gets only what
      // came after.
      shell.send(.submit)
      #expect(await inspector.flush(timeout: .seconds(30)))
      let resumed = try await EventStreamReader(base, token: token, lastEventID: "\(last)")
      let after = try await resumed.read(until: "submit")
      #expect(!after.contains("typedName"))

      // The server stops: the stream ends, the connection closed by the server (not the read's
      // 30 s timeout).
      await inspector.disconnect()
      await server.stop()
      let rest = try await resumed.readWithEnd(until: "never sent")
      #expect(rest.closed)
      #expect(!rest.text.contains("never sent"))
    }
  }

  @Test("a Last-Event-ID past 2^53 − 1, negative or not a number is refused with 400 naming it")
  func lastEventIDBounded() async throws {
    try await withInspector { _, base, token in
      for id in ["9223372036854775807", "9007199254740992", "-1", "abc"] {
        let stream = try await EventStreamReader(base, token: token, lastEventID: id)
        let answer = try await stream.readWithEnd(until: "must be a whole number").text
        #expect(answer.contains("HTTP/1.1 400"), "\(id): \(answer)")
        #expect(answer.contains("Last-Event-ID"), "\(id): \(answer)")
      }
      // The largest id the page can hold is taken: the stream opens.
      let largest = try await EventStreamReader(
        base, token: token, lastEventID: "9007199254740991")
      #expect(try await largest.read(until: "\n\n").contains("HTTP/1.1 200"))
    }
  }

  @Test("past the most streams at once, a page is refused one with 503 and why, and asks instead")
  func bounded() async throws {
    try await withInspector { _, base, token in
      var open: [EventStreamReader] = []
      for _ in 0..<16 {
        let stream = try await EventStreamReader(base, token: token)
        #expect(try await stream.read(until: "event: updates").contains("200"))
        open.append(stream)
      }
      let refused = try await EventStreamReader(base, token: token)
      let answer = try await refused.read(until: "asks for news instead")
      #expect(answer.contains("HTTP/1.1 503"))
      // A page that closes its stream gives its place back.
      open.removeLast()
      let again = try await value(
        of: Task {
          while true {
            let stream = try await EventStreamReader(base, token: token)
            if try await stream.read(until: "\r\n\r\n").contains("200") { return true }
            try await Task.sleep(for: .milliseconds(50))
          }
        }, timeout: .seconds(30))
      #expect(again == true)
      // And the stream needs the token, as every route does.
      let stranger = try await EventStreamReader(base, token: "0000")
      #expect(try await stranger.read(until: "\r\n\r\n").contains("401"))
    }
  }
}
