import Testing

@testable import YaiaInspector

/// The sender's batch loop as a value: each decision checked with plain values, no buffer,
/// clock or network.
@Suite("The sender's batch loop: when it sends, what a batch says, how batches are numbered")
struct InspectorBatchingTests {
  struct Counter: Equatable { var count: Int }

  static let start = ContinuousClock.now
  static let heartbeat = Duration.seconds(2)

  static func batching(batchSize: Int = 500) -> InspectorBatching {
    InspectorBatching(
      session: "s", sequence: 2, batchSize: batchSize, limits: .standard, now: start)
  }

  static func shell(_ id: Int, _ count: Int, at time: Double = 0) -> InspectorRecord {
    InspectorRecord(
      time: time,
      body: .shell(
        id: id, name: "counter \(id)", viewModel: Counter(count: count),
        history: nil))
  }

  static func step(_ shell: Int, _ index: Int, _ count: Int, at time: Double = 1)
    -> InspectorRecord
  {
    InspectorRecord(
      time: time,
      body: .step(
        shell: shell, index: index, event: "tap", encodeEvent: nil, commands: nil,
        changed: true, viewModel: Counter(count: count)))
  }

  @Test(
    "idle: it sleeps until the heartbeat is due, lands a batch on the wire first, sends when due")
  func idleDecisions() {
    let batching = Self.batching()
    let soon = Self.start + .milliseconds(500)
    #expect(
      batching.step(
        taken: 0, dropped: 0, stopping: false, inFlight: false, now: soon,
        heartbeat: Self.heartbeat) == .idle(until: Self.start + Self.heartbeat))
    #expect(
      batching.step(
        taken: 0, dropped: 0, stopping: false, inFlight: true, now: soon,
        heartbeat: Self.heartbeat) == .land)
    // The heartbeat due: an empty batch, so the page can tell a quiet app from a gone one.
    #expect(
      batching.step(
        taken: 0, dropped: 0, stopping: false, inFlight: false,
        now: Self.start + .seconds(2), heartbeat: Self.heartbeat) == .send)
    // A time-travelling shell's quicker heartbeat is due sooner.
    #expect(
      batching.step(
        taken: 0, dropped: 0, stopping: false, inFlight: false, now: soon,
        heartbeat: .milliseconds(250)) == .send)
  }

  @Test("anything to say is sent at once: entries, a count of dropped ones, or a stop")
  func sendsAtOnce() {
    let batching = Self.batching()
    for (taken, dropped, stopping) in [(1, 0, false), (0, 3, false), (0, 0, true)] {
      #expect(
        batching.step(
          taken: taken, dropped: dropped, stopping: stopping, inFlight: true, now: Self.start,
          heartbeat: Self.heartbeat) == .send)
    }
  }

  @Test(
    "a batch: dropped entries counted first, then each entry; a step after its shell sends changes")
  func messagesOfABatch() throws {
    var batching = Self.batching()
    let messages = batching.messages(
      entries: [Self.shell(1, 0), Self.step(1, 1, 1)], dropped: 4)
    #expect(messages.count == 3)
    #expect(messages[0] == .dropped(count: 4))
    guard case .shell(let shell) = messages[1], case .step(let step) = messages[2] else {
      Issue.record("expected a shell, then a step: \(messages)")
      return
    }
    #expect(shell.shell == 1 && shell.name == "counter 1")
    // The shell's view model was read whole; the step's is sent as what changed.
    #expect(step.viewModel == nil && step.viewModelChanges?.isEmpty == false)
  }

  @Test(
    "after a reconnection: a new session, numbered from 2, and every shell announced with what it last showed"
  )
  func reconnection() throws {
    var batching = Self.batching()
    _ = batching.messages(
      entries: [Self.shell(2, 0), Self.shell(1, 0), Self.step(1, 1, 7, at: 3)], dropped: 0)
    batching.posted(at: Self.start + .seconds(1))
    batching.posted(at: Self.start + .seconds(2))
    #expect(batching.sequence == 4)
    #expect(batching.nextSession == "sr2")
    batching.reconnected(as: batching.nextSession)
    #expect(batching.session == "sr2" && batching.sequence == 2)
    #expect(batching.nextSession == "sr3")
    // The announcement is owed: even an empty take is sent at once.
    #expect(
      batching.step(
        taken: 0, dropped: 0, stopping: false, inFlight: false,
        now: Self.start + .seconds(2), heartbeat: Self.heartbeat) == .send)
    let messages = batching.messages(entries: [], dropped: 0)
    let shells = messages.compactMap { message -> InspectedShell? in
      if case .shell(let shell) = message { return shell }
      return nil
    }
    #expect(shells.map(\.shell) == [1, 2])
    // Shell 1 is announced as its last step left it, read whole.
    var reader = InspectedValue.Reader(limits: .standard)
    let expected = reader.remember(Counter(count: 7)).shown
    #expect(shells[0].viewModel == expected)
    // Announced once: the next batch holds only what was taken.
    #expect(batching.messages(entries: [], dropped: 0).isEmpty)
  }

  @Test(
    "the next take follows the size of entries: about 4 MiB worth, at least 16, at most the batch size"
  )
  func takeFollowsSize() {
    var batching = Self.batching(batchSize: 500)
    #expect(batching.take == 500)
    batching.wrote(bytes: 100 * 100_000, entries: 100)  // 100 kB an entry
    #expect(batching.take == InspectorSender.targetBatchBytes / 100_000)
    batching.wrote(bytes: 10 * 1_000_000, entries: 10)  // 1 MB an entry
    #expect(batching.take == 16)
    batching.wrote(bytes: 1_000, entries: 10)  // small again
    #expect(batching.take == 500)
    batching.wrote(bytes: 1_000, entries: 0)  // a heartbeat teaches nothing
    #expect(batching.take == 500)
  }

  @Test("posting numbers batches in order and restarts the heartbeat")
  func posting() {
    var batching = Self.batching()
    let later = Self.start + .seconds(5)
    batching.posted(at: later)
    #expect(batching.sequence == 3 && batching.lastSent == later)
    #expect(
      batching.step(
        taken: 0, dropped: 0, stopping: false, inFlight: false,
        now: later + .seconds(1), heartbeat: Self.heartbeat)
        == .idle(until: later + Self.heartbeat))
  }
}
