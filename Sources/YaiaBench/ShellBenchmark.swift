import Observation
import Yaia
import YaiaBenchSupport

/// A counter: the smallest real feature, so the figure is the shell's own cost.
struct CounterState: ShellState {
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
/// through `state.handle` alone; then the same events with an Observation observer.
@MainActor
enum ShellBenchmark {
  static let eventCount = 1_000_000
  /// Events sent between two frames in the observed run.
  static let eventsPerTurn = 1_000
  /// Events in the run whose observer re-registers inside every invalidation.
  static let synchronousEventCount = 100_000

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
    let (observedSeconds, invalidations) = observedRun()
    let observedRate = Double(eventCount) / observedSeconds
    let synchronousRate = Double(synchronousEventCount) / synchronousObservedSeconds()
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
      Figure(
        name: "scene.observed_events_per_s", value: observedRate, unit: "events/s",
        label: "the same, 1,000 a frame, observer re-registering after each change",
        target: ">= 10M"),
      Figure(
        name: "scene.observed_invalidations", value: Double(invalidations), unit: "",
        label: "invalidations in that run (one per frame whose sends changed the view model)"),
      Figure(
        name: "scene.observed_sync_events_per_s", value: synchronousRate, unit: "events/s",
        label: "100k events, observer re-registering inside every invalidation"),
    ]
  }

  /// The million events sent 1,000 between frames, with an observer that, like SwiftUI, reads
  /// the view model again (and so registers again) at the frame after each invalidation.
  /// Returns the median time and the invalidations of one run.
  static func observedRun() -> (seconds: Double, invalidations: Int) {
    var invalidations = 0
    var rendered = 0
    let elapsed = medianSeconds(repetitions: 7) {
      let shell = Shell(CounterState()) { _, _ in }
      shell.onRender { rendered &+= $0 }  // the same render observer as scene.events_per_s
      let observer = FrameObserver(shell)
      for _ in 0..<(eventCount / eventsPerTurn) {
        for _ in 0..<eventsPerTurn { shell.send(.add(1)) }
        observer.frame()
      }
      invalidations = observer.invalidations
    }
    blackHole(rendered)
    return (elapsed, invalidations)
  }

  /// The worst case: an observer that re-registers inside every invalidation, so that each
  /// `send` pays for one `withObservationTracking` registration.
  static func synchronousObservedSeconds() -> Double {
    let shell = Shell(CounterState()) { _, _ in }
    let observer = EagerObserver(shell)
    let elapsed = medianSeconds(repetitions: 5) {
      for _ in 0..<synchronousEventCount { shell.send(.add(1)) }
    }
    blackHole(observer.invalidations)
    return elapsed
  }
}

/// An observer that re-registers inside each invalidation, before the change is even applied.
@MainActor
final class EagerObserver {
  private let shell: Shell<CounterState>
  private(set) var invalidations = 0

  init(_ shell: Shell<CounterState>) {
    self.shell = shell
    register()
  }

  private func register() {
    withObservationTracking {
      _ = shell.viewModel
    } onChange: { [weak self] in
      MainActor.assumeIsolated {
        self?.invalidations += 1
        self?.register()
      }
    }
  }
}

/// An observer of a shell's view model that works like SwiftUI: an invalidation marks it dirty,
/// and the next frame reads the view model again, which registers it again.
@MainActor
final class FrameObserver {
  private let shell: Shell<CounterState>
  private(set) var invalidations = 0
  private let flag = DirtyFlag()

  init(_ shell: Shell<CounterState>) {
    self.shell = shell
    render()
  }

  /// A frame: reads the view model again if an invalidation came since the last frame.
  func frame() {
    guard flag.isSet else { return }
    flag.isSet = false
    invalidations += 1
    render()
  }

  private func render() {
    let flag = self.flag
    withObservationTracking {
      blackHole(shell.viewModel)
    } onChange: {
      MainActor.assumeIsolated { flag.isSet = true }
    }
  }
}

/// Whether a frame observer was invalidated; set from the observation's change handler.
@MainActor
final class DirtyFlag {
  var isSet = false
}
