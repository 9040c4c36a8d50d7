import FlyingFox
import FlyingSocks
import Foundation

/// A response body sent in chunks, optionally slowly, optionally cut off: how the streaming
/// faults reach the wire.
///
/// FlyingFox writes the header (with the declared `Content-Length`) before the first chunk.
/// When the body is cut off, the sequence throws, and FlyingFox closes the connection.
struct FaultyBody: AsyncBufferedSequence, Sendable {
  typealias Element = UInt8

  /// Thrown to make FlyingFox close the connection mid-response.
  struct CutOff: Error {}

  let data: Data
  /// The most bytes per chunk.
  var chunkSize = 4_096
  /// The pause before each chunk after the first (a slow trickle).
  var interval: Duration?
  /// How many bytes to send before cutting the connection; `nil` to send everything.
  var cutAfter: Int?

  func makeAsyncIterator() -> Iterator {
    Iterator(body: self)
  }

  struct Iterator: AsyncBufferedIteratorProtocol {
    let body: FaultyBody
    var offset = 0

    mutating func next() async throws -> UInt8? {
      try await nextBuffer(suggested: 1)?.first
    }

    mutating func nextBuffer(suggested count: Int) async throws -> Data? {
      if let cutAfter = body.cutAfter, offset >= cutAfter { throw CutOff() }
      guard offset < body.data.count else { return nil }
      if offset > 0, let interval = body.interval { try await Task.sleep(for: interval) }
      let end = Swift.min(
        body.data.count, offset + Swift.max(1, Swift.min(count, body.chunkSize)),
        body.cutAfter ?? Int.max)
      defer { offset = end }
      return body.data.subdata(in: offset..<end)
    }
  }
}
