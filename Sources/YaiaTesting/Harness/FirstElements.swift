import Foundation
public import Testing
import Yaia

/// The first `count` elements of `sequence` that pass `isIncluded`, waiting at most `timeout`
/// of real time; when fewer arrive in time, or the sequence ends or throws first, it records a
/// failure saying how many arrived and returns those.
///
/// A test that reads a stream (a store's changes, a shell's view models, a radio's scan) reads
/// it this way instead of `for await`, which waits forever if the element it expects never
/// comes:
///
/// ```swift
/// let changes = store.changes(of: Speakers.self)
/// try await store.upsert([kitchen], as: Speakers.self)
/// let change = await firstElements(1, of: changes, where: { !$0.isEmpty })
/// #expect(change == [StoreChange(inserted: ["K1"])])
/// ```
///
/// The sequence is read in a task of its own. When enough elements arrived, the reading simply
/// stops, and a later call can read the same stream on; when the time runs out, the reading
/// task is cancelled, which ends an `AsyncStream` for good.
public func firstElements<Sequence: AsyncSequence & Sendable>(
  _ count: Int, of sequence: Sequence,
  where isIncluded: @escaping @Sendable (Sequence.Element) -> Bool = { _ in true },
  timeout: Duration = .seconds(30), sourceLocation: SourceLocation = #_sourceLocation
) async -> [Sequence.Element] where Sequence.Element: Sendable {
  let wanted = max(0, count)
  guard wanted > 0 else { return [] }
  let arrived = Arrivals<Sequence.Element>()
  let reading = Task {
    do {
      for try await element in sequence where isIncluded(element) {
        if arrived.add(element) >= wanted { return }
      }
      arrived.end(with: "the sequence ended")
    } catch {
      arrived.end(with: "the sequence threw \(error)")
    }
  }
  let finished = await result(of: reading, within: timeout) != nil
  reading.cancel()
  let (elements, ending) = arrived.snapshot
  if elements.count < wanted {
    let why =
      finished
      ? ending ?? "the reading stopped" : "none more within \(DurationText.format(timeout))"
    reportFailure(
      "Waited for \(wanted) element(s) of a sequence and \(elements.count) arrived: \(why).",
      at: sourceLocation)
  }
  return elements
}

/// What a reading task has received, shared with the test that waits for it.
private struct Arrivals<Element: Sendable>: Sendable {
  private struct State {
    var elements: [Element] = []
    var ending: String?
  }
  private let state = Locked(State())

  /// Adds `element`; how many have arrived.
  func add(_ element: Element) -> Int {
    state.withLock { state in
      state.elements.append(element)
      return state.elements.count
    }
  }

  /// Says why no more will arrive.
  func end(with reason: String) { state.withLock { $0.ending = reason } }

  var snapshot: ([Element], String?) { state.withLock { ($0.elements, $0.ending) } }
}
