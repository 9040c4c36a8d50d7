import FlyingSocks
import Foundation
import Yaia
import YaiaHTTP
import YaiaInspector

/// A page's updates pushed as server-sent events (`GET /api/stream`): the same answers
/// `/api/updates` gives, each sent the moment the log changes instead of when the page next
/// asks, so a step reaches the page as soon as the inspector has it.
///
/// Each event is `id: CURSOR`, `event: updates` and the answer's JSON on one `data:` line. A
/// browser that loses the stream reconnects by itself with the last id in `Last-Event-ID`, and
/// the server goes on from there. The first event is sent at once (it carries the inspector's
/// run id, so a page learns of a restart without waiting for news); a comment line every few
/// seconds tells a dead connection apart from a quiet app. The stream ends when the server
/// stops, and after ``lifetime`` (the browser opens the next one at once).
struct InspectorStream: AsyncBufferedSequence, Sendable {
  typealias Element = UInt8

  /// How long the stream sleeps without news before it asks again: the page counts as seen
  /// (page claims), and an app's silence is noted, at least this often.
  static let tick = Duration.seconds(1)
  /// How long the stream stays silent at most: the comment line it then sends fails on a
  /// connection the page closed, which ends the stream.
  static let heartbeat = Duration.seconds(5)
  /// How long one stream runs before it ends and the browser opens the next from its last id:
  /// a page whose connection died without a word (a laptop asleep) holds its place and its
  /// shells at most this long, even while the socket's buffer still takes the heartbeats.
  static let lifetime = Duration.seconds(300)

  let hub: InspectorHub
  let page: Int?
  let after: Int
  let limit: Int
  /// Fired when the server stops: every stream ends.
  let closing: Signal
  /// Held for as long as the stream runs: counts it against the most streams at once.
  let lease: InspectorStreamLease

  func makeAsyncIterator() -> Iterator {
    Iterator(stream: self, cursor: after)
  }

  struct Iterator: AsyncBufferedIteratorProtocol {
    let stream: InspectorStream
    var cursor: Int
    var sentFirst = false
    var lastSent = ContinuousClock.now
    let opened = ContinuousClock.now
    /// What `next()` has not handed out yet (FlyingFox reads buffers; bytes one by one are
    /// for any other reader).
    var pending: [UInt8] = []

    init(stream: InspectorStream, cursor: Int) {
      self.stream = stream
      self.cursor = cursor
    }

    mutating func next() async throws -> UInt8? {
      if pending.isEmpty {
        guard let buffer = try await nextBuffer(suggested: 4_096) else { return nil }
        pending = buffer.reversed()
      }
      return pending.popLast()
    }

    mutating func nextBuffer(suggested count: Int) async throws -> [UInt8]? {
      while !stream.closing.isFired, !Task.isCancelled,
        opened.duration(to: .now) < InspectorStream.lifetime
      {
        // Taken before the updates are read: a change after the read fires it.
        let change = stream.hub.nextChange
        let updates = stream.hub.updates(after: cursor, page: stream.page, limit: stream.limit)
        let news = !updates.records.isEmpty || !updates.lostShells.isEmpty || updates.missed > 0
        if news || !sentFirst {
          cursor = updates.cursor
          lastSent = .now
          defer { sentFirst = true }
          return InspectorStream.event(updates, first: !sentFirst)
        }
        if lastSent.duration(to: .now) >= InspectorStream.heartbeat {
          lastSent = .now
          return Array(": still here\n\n".utf8)
        }
        await Signal.wait(forAnyOf: [change, stream.closing], until: .now + InspectorStream.tick)
      }
      return nil
    }
  }

  /// One answer as an event. The JSON writer escapes every line break inside strings, so the
  /// answer is one line; were it not, each line would get its own `data:` field, which the
  /// browser joins back with line breaks.
  static func event(_ updates: PageUpdates, first: Bool) -> [UInt8] {
    var json = JSONWriter(capacity: 64 << 10)
    updates.write(to: &json)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(json.bytes.count + 64)
    // The browser waits a second before it reconnects (three by default): a restarted
    // inspector is followed at once.
    if first { bytes += Array("retry: 1000\n".utf8) }
    bytes += Array("id: \(updates.cursor)\nevent: updates\n".utf8)
    for line in json.bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      bytes += Array("data: ".utf8)
      bytes += line
      bytes.append(UInt8(ascii: "\n"))
    }
    bytes.append(UInt8(ascii: "\n"))
    return bytes
  }
}

/// One of the streams open at once, given back when its stream is let go (the page closed it,
/// or the server stopped): the server holds at most ``InspectorStreamLease/most`` at once, so
/// pages cannot hold its connections without bound; a page refused one polls instead.
final class InspectorStreamLease: Sendable {
  /// The most streams open at once.
  static let most = 16
  private let count: Locked<Int>

  private init(count: Locked<Int>) {
    self.count = count
  }

  /// A lease from `count`, or `nil` when ``most`` are out.
  static func take(from count: Locked<Int>) -> InspectorStreamLease? {
    let taken = count.withLock { open -> Bool in
      guard open < most else { return false }
      open += 1
      return true
    }
    return taken ? InspectorStreamLease(count: count) : nil
  }

  deinit { count.withLock { $0 -= 1 } }
}
