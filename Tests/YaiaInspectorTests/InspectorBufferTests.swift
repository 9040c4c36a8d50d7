import Foundation
import Testing
import YaiaInspector

@Suite("The bounded buffer between an app and its inspector")
struct InspectorBufferTests {
  @Test("entries come out in order; past capacity new ones are dropped and counted once")
  func order() {
    let buffer = InspectorBuffer<Int>(capacity: 3)
    #expect((1...5).map { buffer.append($0) } == [true, true, true, false, false])
    let first = buffer.take(upTo: 2)
    #expect(first.entries == [1, 2] && first.droppedBefore == 2)
    buffer.append(6)
    buffer.append(7)
    let second = buffer.take()
    #expect(second.entries == [3, 6, 7] && second.droppedBefore == 0)
    #expect(buffer.take().entries.isEmpty && buffer.waiting == 0)
  }

  @Test("appends from one thread while another takes lose nothing silently and keep order")
  func concurrent() {
    let buffer = InspectorBuffer<Int>(capacity: 64)
    let total = 20_000
    let finished = Flag()
    let collected = Collected()
    // The app's side on a thread of its own; this test's thread takes, within a deadline.
    Thread {
      for value in 0..<total { buffer.append(value) }
      finished.set()
    }.start()
    let deadline = ContinuousClock.now.advanced(by: .seconds(10))
    while ContinuousClock.now < deadline {
      let done = finished.isSet
      let batch = buffer.take(upTo: 16)
      collected.add(batch)
      if done && batch.entries.isEmpty && batch.droppedBefore == 0 { break }
    }
    #expect(finished.isSet, "the appending thread did not finish within 10 s")
    let (received, dropped) = collected.result
    #expect(received.count + dropped == total)
    #expect(received == received.sorted())
  }
}

/// A flag set once, read from another thread.
private final class Flag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false
  func set() { lock.withLock { value = true } }
  var isSet: Bool { lock.withLock { value } }
}

/// What the taking thread received.
private final class Collected: @unchecked Sendable {
  private let lock = NSLock()
  private var entries: [Int] = []
  private var dropped = 0
  func add(_ batch: InspectorBuffer<Int>.Batch) {
    lock.withLock {
      entries += batch.entries
      dropped += batch.droppedBefore
    }
  }
  var result: ([Int], Int) { lock.withLock { (entries, dropped) } }
}
