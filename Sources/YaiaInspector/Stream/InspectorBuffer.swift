import Foundation

/// The bounded queue between an app and its inspector connection: the app appends on the main
/// actor without ever waiting, the sender takes what is there. When the inspector is slower
/// than the app and the buffer is full, new entries are dropped and counted; the next batch
/// taken says how many were lost before it, so the page can show the gap where it was.
///
/// `@unchecked Sendable`, proven: every stored property that changes (`slots`, `head`,
/// `count`, `dropped`) is read and written only between `lock.lock()` and `lock.unlock()`;
/// `capacity` and `lock` are constants.
public final class InspectorBuffer<Entry: Sendable>: @unchecked Sendable {
  /// What the sender takes: the entries, in order, and how many were dropped before them.
  public struct Batch: Sendable {
    /// The entries, oldest first.
    public var entries: [Entry]
    /// How many entries were dropped, since the last batch, because the buffer was full.
    public var droppedBefore: Int
  }

  /// The most entries held.
  public let capacity: Int
  private let lock = NSLock()
  private var slots: [Entry?]
  private var head = 0
  private var count = 0
  private var dropped = 0

  /// A buffer of at most `capacity` entries (at least one).
  public init(capacity: Int) {
    self.capacity = max(1, capacity)
    slots = Array(repeating: nil, count: self.capacity)
  }

  /// Adds `entry`, or counts it as dropped when the buffer is full; never waits beyond a lock
  /// held for a few instructions. Returns whether it was kept.
  @discardableResult
  public func append(_ entry: Entry) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    guard count < capacity else {
      dropped += 1
      return false
    }
    slots[(head + count) % capacity] = entry
    count += 1
    return true
  }

  /// Takes up to `limit` entries, oldest first, with the count dropped before them.
  public func take(upTo limit: Int = .max) -> Batch {
    lock.lock()
    defer { lock.unlock() }
    let taken = min(max(0, limit), count)
    var entries: [Entry] = []
    entries.reserveCapacity(taken)
    for offset in 0..<taken {
      let index = (head + offset) % capacity
      if let entry = slots[index] { entries.append(entry) }
      slots[index] = nil
    }
    head = (head + taken) % capacity
    count -= taken
    let lost = dropped
    dropped = 0
    return Batch(entries: entries, droppedBefore: lost)
  }

  /// How many entries are waiting.
  public var waiting: Int {
    lock.lock()
    defer { lock.unlock() }
    return count
  }
}
