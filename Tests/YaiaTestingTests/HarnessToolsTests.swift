import Testing
import Yaia
import YaiaTesting

/// A state that is its own view model, as small states often are.
struct Tally: ShellState, Equatable {
  enum Event: Equatable, Sendable {
    case add(Int)
    case noop
  }
  var total = 0
  var viewModel: Tally { self }
  mutating func handle(_ event: Event) -> [Never] {
    if case .add(let amount) = event { total += amount }
    return []
  }
}

@MainActor
@Suite("Harness tools: wait for a send's work, nothing else, immediate time, skipping")
struct HarnessToolsTests {
  @Test("sendAndWait returns once the work the event started has delivered")
  func sendAndWait() async {
    let harness = ShellHarness(Counter()) { command, effects in
      if command == .fetch {
        effects.run(id: "fetch") {
          try? await ImmediateClock().sleep(for: .seconds(3))
          return .fetched(7)
        }
      }
    }
    #expect(await harness.sendAndWait(.fetchTapped))
    #expect(harness.shell.viewModel.count == 7)
    #expect(harness.shell.runningWorkCount == 0)
    await harness.receive(.fetched(7))
    await harness.finish()
  }

  @Test("sendAndWait on work that never ends fails within its bound, naming it")
  func sendAndWaitTimesOut() async {
    let harness = ShellHarness(Counter(), timeout: .milliseconds(200)) { command, effects in
      if command == .fetch {
        effects.run(id: "forever") {
          try? await Task.sleep(for: .seconds(3600))
          return nil
        }
      }
    }
    await withKnownIssue {
      await harness.sendAndWait(.fetchTapped)
    } matching: { issue in
      String(describing: issue).contains("still running after 200 ms: \"forever\"")
    }
    harness.skipRunningWork()
  }

  @Test("nothing else arrives: passes when quiet, fails listing what came")
  func expectNoEvents() async {
    let harness = ShellHarness(Counter()) { command, effects in
      if command == .fetch { effects.send(.fetched(1)) }
    }
    harness.send(.increment)
    await harness.expectNoEvents(within: .milliseconds(50))
    harness.send(.fetchTapped)
    await withKnownIssue {
      await harness.expectNoEvents(within: .seconds(30))
    } matching: { issue in
      String(describing: issue).contains("Expected no events within 30 s, but the shell received 1")
    }
    await harness.finish()
  }

  @Test("with exhaustivity off, receive skips every other event, also those arriving meanwhile")
  func nonExhaustiveReceiveSkips() async {
    let clock = TestClock()
    let harness = ShellHarness(Ticker(), exhaustivity: .off) { command, effects in
      TickerShell.run(command, effects, clock: clock, search: { $0 })
    }
    harness.send(.start)
    harness.send(.search("late"))
    await clock.sleepers(1)
    let advancing = Task { await clock.advance(by: .seconds(3)) }
    // .found arrives first, then three ticks arrive while receive waits.
    await harness.receive(.tick)
    await advancing.value
    harness.send(.stop)
    await harness.finish()
  }

  @Test("an immediate clock ends sleeps at once and moves its time on")
  func immediateClock() async throws {
    let clock = ImmediateClock()
    try await clock.sleep(for: .seconds(90))
    #expect(clock.now == TestClock.Instant(offset: .seconds(90)))
    try await clock.sleep(until: TestClock.Instant(offset: .seconds(10)), tolerance: nil)
    #expect(clock.now == TestClock.Instant(offset: .seconds(90)), "time never goes back")
    let cancelled = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return (try? await clock.sleep(for: .seconds(1))) == nil
    }
    #expect(await cancelled.value, "a cancelled sleeper throws")
  }

  @Test("a state that is its own view model takes a trailing closure without a label")
  func trailingClosureOwnViewModel() async {
    Given(Tally())
      .step(.add(2)) { $0.total = 2 }
      .step(.noop)
      .step(.add(1)) { $0.total = 3 }
    let after = Given(Tally()).when(.add(5), .add(5)).step(.add(1)) { $0.total = 11 }
    #expect(after.state.total == 11)
    let harness = ShellHarness(Tally()) { _, _ in }
    harness.send(.add(4)) { $0.total = 4 }
    await harness.finish()
  }

  @Test("a step that changes nothing fails when something changed")
  func nothingChangedFails() {
    withKnownIssue {
      Given(Tally()).step(.add(1))
    } matching: { issue in
      String(describing: issue).contains("View model differs after step 1")
    }
  }
}
