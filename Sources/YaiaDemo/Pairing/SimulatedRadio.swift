import Yaia

/// The shell of the simulated Bluetooth radio: plays a ``RadioSchedule`` on a clock, as a
/// stream of changes a shell subscribes to. Ending the subscription stops the scan.
struct SimulatedRadio: Sendable {
  /// The schedule played.
  let schedule: RadioSchedule
  private let sleep: @Sendable (Duration) async throws -> Void

  /// A radio playing the schedule of `seed`; `sleep` waits (tests pass one that does not).
  init(
    seed: UInt64,
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) {
    schedule = RadioSchedule(seed: seed)
    self.sleep = sleep
  }

  /// The changes the radio hears, each at its time from now, until the consumer stops.
  func scan() -> AsyncStream<RadioChange> {
    let schedule = schedule
    let sleep = sleep
    return AsyncStream { continuation in
      let task = Task {
        var elapsed = Duration.zero
        // The schedule never ends: a stopped consumer cancels this task, and a `sleep` that
        // does not throw on cancellation (a test's) must not keep it playing.
        for entry in schedule where !Task.isCancelled {
          do {
            try await sleep(entry.at - elapsed)
          } catch {
            break
          }
          elapsed = entry.at
          if case .terminated = continuation.yield(entry.change) { break }
        }
        continuation.finish()
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }

  /// Connects to the speaker at `address`: a short handshake whose length the seed decides.
  func connect(to address: String) async throws {
    // FNV-1a of the address: `hashValue` differs between processes, and runs must not.
    let hash = address.utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) {
      ($0 ^ UInt64($1)) &* 0x100_0000_01b3
    }
    var random = SplitMix64(seed: schedule.seed ^ hash)
    try await sleep(.milliseconds(120 + random.next(upTo: 200)))
  }
}
