import Testing
import Yaia
import YaiaTesting

/// A feed with pull-to-refresh and a clock on screen.
struct Feed: ShellState {
  enum Event: Equatable, Sendable {
    case pulled
    case loaded([String])
    case startClock, stopClock, tick
  }
  enum Command: Equatable { case load, startClock, stopClock }
  struct ViewModel: Equatable, Sendable {
    var items: [String] = []
    var isRefreshing = false
    var seconds = 0
  }
  private(set) var viewModel = ViewModel()

  mutating func handle(_ event: Event) -> [Command] {
    switch event {
    case .pulled:
      viewModel.isRefreshing = true
      return [.load]
    case .loaded(let items):
      viewModel.items = items
      viewModel.isRefreshing = false
      return []
    case .startClock: return [.startClock]
    case .stopClock: return [.stopClock]
    case .tick:
      viewModel.seconds += 1
      return []
    }
  }
}

@MainActor
@Suite("Pull-to-refresh and timers")
struct RefreshAndTimerTests {
  @Test("sendAndWait returns once the work the event started has delivered its result")
  func pullToRefresh() async {
    let gate = TestGate()
    let shell = Shell(Feed()) { command, effects in
      if command == .load {
        effects.run(id: "load") {
          await gate.wait()
          return .loaded(["fresh"])
        }
      }
    }
    let refresh = Task { await shell.sendAndWait(.pulled) }
    await waitUntil("the refresh to start") { shell.viewModel.isRefreshing }
    await gate.open()
    _ = await value(of: refresh)
    #expect(shell.viewModel == Feed.ViewModel(items: ["fresh"], isRefreshing: false))
  }

  @Test("an abandoned refresh returns at once; its work goes on")
  func abandonedRefresh() async {
    let gate = TestGate()
    let shell = Shell(Feed()) { command, effects in
      if command == .load {
        effects.run(id: "load") {
          await gate.wait()
          return .loaded(["late"])
        }
      }
    }
    let refresh = Task { await shell.sendAndWait(.pulled) }
    await waitUntil("the refresh to start") { shell.viewModel.isRefreshing }
    refresh.cancel()
    _ = await value(of: refresh)
    #expect(shell.runningWorkCount == 1)
    await gate.open()
    await settle(shell)
    #expect(shell.viewModel.items == ["late"])
  }

  @Test("a timer ticks on its clock until cancelled: five ticks from one advance")
  func timer() async {
    let clock = TestClock()
    let harness = ShellHarness(Feed()) { command, effects in
      switch command {
      case .startClock: effects.timer(id: "clock", every: .seconds(1), clock: clock) { .tick }
      case .stopClock: effects.cancel(id: "clock")
      case .load: break
      }
    }
    harness.send(.startClock)
    await clock.sleepers(1)
    await clock.advance(by: .seconds(5))
    await harness.expectReceived(Array(repeating: .tick, count: 5))
    harness.send(.stopClock)
    await clock.advance(by: .seconds(5))
    #expect(harness.shell.viewModel.seconds == 5)
    await harness.finish()
  }
}

/// A stopwatch whose ticks say how long it has run: the state never reads a clock.
struct Stopwatch: ShellState {
  enum Event: Equatable, Sendable {
    case start
    case tick(count: Int, elapsed: Duration)
  }
  enum Command: Equatable { case start }
  private(set) var viewModel: Duration = .zero

  mutating func handle(_ event: Event) -> [Command] {
    switch event {
    case .start: return [.start]
    case .tick(_, let elapsed):
      viewModel = elapsed
      return []
    }
  }
}

@MainActor
@Suite("A timer that tells its event the tick")
struct TimerTickTests {
  @Test("each tick carries its number and the time the ticks count, without drift")
  func ticksCount() async {
    let clock = TestClock()
    let harness = ShellHarness(Stopwatch()) { command, effects in
      effects.timer(id: "watch", every: .milliseconds(250), clock: clock) {
        .tick(count: $0.count, elapsed: $0.elapsed)
      }
    }
    harness.send(.start)
    await clock.sleepers(1)
    await clock.advance(by: .seconds(1))
    await harness.expectReceived([
      .tick(count: 1, elapsed: .milliseconds(250)), .tick(count: 2, elapsed: .milliseconds(500)),
      .tick(count: 3, elapsed: .milliseconds(750)), .tick(count: 4, elapsed: .seconds(1)),
    ])
    #expect(harness.shell.viewModel == .seconds(1))
    harness.skipRunningWork()  // the stopwatch runs on; this test is done with it
    await harness.finish()
  }

  @Test("a tick named in a closure of several statements compiles with every kind of clock")
  func namedTickCompiles() async {
    // Before 0.3 the `any Clock<Duration>` overload made these ambiguous for a concrete or
    // generic clock: a source break for code written against 0.2.
    func start<C: Clock<Duration>>(_ effects: ShellEffects<Stopwatch>, on clock: C) {
      effects.timer(id: "watch", every: .milliseconds(250), clock: clock) { tick in
        let count = tick.count
        return .tick(count: count, elapsed: tick.elapsed)
      }
    }
    let clock = TestClock()
    let harness = ShellHarness(Stopwatch()) { command, effects in
      effects.timer(id: "watch", every: .milliseconds(250), clock: clock) { tick in
        let count = tick.count
        return .tick(count: count, elapsed: tick.elapsed)
      }
    }
    let generic = ShellHarness(Stopwatch()) { command, effects in start(effects, on: clock) }
    harness.send(.start)
    generic.send(.start)
    await clock.sleepers(2)
    await clock.advance(by: .milliseconds(250))
    await harness.receive(.tick(count: 1, elapsed: .milliseconds(250)))
    await generic.receive(.tick(count: 1, elapsed: .milliseconds(250)))
    harness.skipRunningWork()
    generic.skipRunningWork()
    await harness.finish()
    await generic.finish()
  }

  @Test("a clock kept as any Clock<Duration>, as the articles' shells keep theirs, ticks too")
  func existentialClock() async {
    let testClock = TestClock()
    let clock: any Clock<Duration> = testClock
    let harness = ShellHarness(Stopwatch()) { command, effects in
      effects.timer(id: "watch", every: .milliseconds(500), clock: clock) {
        .tick(count: $0.count, elapsed: $0.elapsed)
      }
    }
    harness.send(.start)
    await testClock.sleepers(1)
    await testClock.advance(by: .seconds(1))
    await harness.expectReceived([
      .tick(count: 1, elapsed: .milliseconds(500)), .tick(count: 2, elapsed: .seconds(1)),
    ])
    #expect(DurationTick(count: 3, interval: .seconds(2)).elapsed == .seconds(6))
    harness.skipRunningWork()
    await harness.finish()
  }
}

// Compiled, never run: each is a way 0.2 code names the tick that must keep compiling (the
// `any Clock<Duration>` overload once made all four ambiguous).
@MainActor func namedTickOnContinuousClock(_ effects: ShellEffects<Stopwatch>) {
  effects.timer(id: "a", every: .seconds(1), clock: ContinuousClock()) { tick in
    .tick(count: tick.count, elapsed: tick.elapsed)
  }
}
@MainActor func namedTickInStatements(_ effects: ShellEffects<Stopwatch>) {
  let clock = ContinuousClock()
  effects.timer(id: "a", every: .seconds(1), clock: clock) { tick in
    print(tick.count)
    return .tick(count: tick.count, elapsed: .zero)
  }
}
@MainActor func namedTickOnGenericClock<C: Clock<Duration>>(
  _ effects: ShellEffects<Stopwatch>, _ clock: C
) {
  effects.timer(id: "a", every: .seconds(1), clock: clock) { tick in
    Stopwatch.Event.tick(count: tick.count, elapsed: .zero)
  }
}
@MainActor func namedTickWithTwoReturns(_ effects: ShellEffects<Stopwatch>) {
  effects.timer(id: "a", every: .seconds(1), clock: SuspendingClock()) { tick in
    if tick.count > 2 { return .start }
    return .tick(count: tick.count, elapsed: .zero)
  }
}
