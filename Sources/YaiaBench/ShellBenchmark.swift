import Yaia

/// A counter: the smallest real feature, so the figure is the shell's own cost.
struct CounterState: SceneState {
  enum Event: Sendable { case add(Int) }
  private(set) var viewModel = 0

  mutating func handle(_ event: Event) -> [Never] {
    switch event {
    case .add(let amount): viewModel &+= amount
    }
    return []
  }
}

/// 1,000,000 events through `Shell.send` with one render observer, against the same events
/// through `state.handle` alone.
@MainActor
enum ShellBenchmark {
  static let eventCount = 1_000_000

  static func run() -> [Figure] {
    var rendered = 0
    let shell = Shell(CounterState()) { _, _ in }
    shell.onRender { rendered &+= $0 }
    let sceneSeconds = medianSeconds(repetitions: 7) {
      for _ in 0..<eventCount { shell.send(.add(1)) }
    }
    blackHole(rendered)

    var state = CounterState()
    var sink = 0
    let handleSeconds = medianSeconds(repetitions: 7) {
      for _ in 0..<eventCount {
        let commands = state.handle(.add(1))
        sink &+= state.viewModel &+ commands.count
      }
    }
    blackHole(sink)

    let sceneRate = Double(eventCount) / sceneSeconds
    let handleRate = Double(eventCount) / handleSeconds
    return [
      Figure(
        name: "scene.events_per_s", value: sceneRate, unit: "events/s",
        label: "Shell.send, 1M events, 1 render observer", target: ">= 10M"),
      Figure(
        name: "scene.handle_events_per_s", value: handleRate, unit: "events/s",
        label: "state.handle alone, 1M events"),
      Figure(
        name: "scene.ns_per_event", value: 1e9 / sceneRate, unit: "ns",
        label: "Shell.send, per event", target: "<= 100"),
      Figure(
        name: "scene.overhead_ratio", value: handleRate / sceneRate, unit: "x",
        label: "Shell.send time / state.handle time"),
    ]
  }
}
