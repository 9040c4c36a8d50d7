package import Yaia

/// The bounded queue between an app and its inspector connection: the app appends on the main
/// actor without ever waiting, the sender takes what is there. When the inspector is slower
/// than the app and the buffer is full, new entries are dropped and counted; the next batch
/// taken says how many were lost before it, so the page can show the gap where it was.
public final class InspectorBuffer<Entry: Sendable>: Sendable {
  /// What the sender takes: the entries, in order, and how many were dropped before them.
  public struct Batch: Sendable {
    /// The entries, oldest first.
    public var entries: [Entry]
    /// How many entries were dropped, since the last batch, because the buffer was full.
    public var droppedBefore: Int
  }

  /// The ring of entries and its counts.
  private struct Ring {
    var slots: [Entry?]
    var head = 0
    var count = 0
    var dropped = 0
    /// Fired when an entry arrives in the empty buffer, then replaced.
    var arrival = Signal()
  }

  /// The most entries held.
  public let capacity: Int
  private let ring: Locked<Ring>

  /// A buffer of at most `capacity` entries (at least one).
  public init(capacity: Int) {
    self.capacity = max(1, capacity)
    ring = Locked(Ring(slots: Array(repeating: nil, count: max(1, capacity))))
  }

  /// Adds `entry`, or counts it as dropped when the buffer is full; never waits beyond a lock
  /// held for a few instructions. Returns whether it was kept.
  @discardableResult
  public func append(_ entry: Entry) -> Bool {
    let capacity = capacity
    let (kept, arrived) = ring.withLock { ring -> (Bool, Signal?) in
      guard ring.count < capacity else {
        ring.dropped += 1
        return (false, nil)
      }
      ring.slots[(ring.head + ring.count) % capacity] = entry
      ring.count += 1
      guard ring.count == 1 else { return (true, nil) }
      defer { ring.arrival = Signal() }
      return (true, ring.arrival)
    }
    arrived?.fire()
    return kept
  }

  /// The signal fired when the next entry arrives in an empty buffer: take it before finding
  /// the buffer empty, then wait on it, and no arrival in between is missed.
  package var nextArrival: Signal { ring.withLock { $0.arrival } }

  /// Takes up to `limit` entries, oldest first, with the count dropped before them.
  public func take(upTo limit: Int = .max) -> Batch {
    let capacity = capacity
    return ring.withLock { ring in
      let taken = min(max(0, limit), ring.count)
      var entries: [Entry] = []
      entries.reserveCapacity(taken)
      for offset in 0..<taken {
        let index = (ring.head + offset) % capacity
        if let entry = ring.slots[index] { entries.append(entry) }
        ring.slots[index] = nil
      }
      ring.head = (ring.head + taken) % capacity
      ring.count -= taken
      let lost = ring.dropped
      ring.dropped = 0
      return Batch(entries: entries, droppedBefore: lost)
    }
  }

  /// How many entries are waiting.
  public var waiting: Int { ring.withLock { $0.count } }
}
