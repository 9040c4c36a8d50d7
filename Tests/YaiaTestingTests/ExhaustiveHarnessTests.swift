import Testing
import Yaia
import YaiaTesting

/// A feature with work that never ends unless cancelled: a ticking timer and a search.
struct Ticker: ShellState {
  enum Event: Equatable, Sendable {
    case start, stop, tick
    case search(String)
    case found(String)
  }
  enum Command: Equatable {
    case startTimer, stopTimer
    case search(String)
  }
  struct ViewModel: Equatable, Sendable {
    var ticks = 0
    var found: [String] = []
  }
  private(set) var viewModel = ViewModel()

  mutating func handle(_ event: Event) -> [Command] {
    switch event {
    case .start: return [.startTimer]
    case .stop: return [.stopTimer]
    case .tick:
      viewModel.ticks += 1
      return []
    case .search(let query): return [.search(query)]
    case .found(let result):
      viewModel.found.append(result)
      return []
    }
  }
}

/// The ticker's shell: a timer on an injected clock, and a search service.
@MainActor
enum TickerShell {
  static func run(
    _ command: Ticker.Command, _ effects: ShellEffects<Ticker>, clock: any Clock<Duration>,
    search: @escaping @Sendable (String) async -> String
  ) {
    switch command {
    case .startTimer:
      effects.run(id: "timer") { send in
        while true {
          do { try await clock.sleep(for: .seconds(1)) } catch { return }
          await send(.tick)
        }
      }
    case .stopTimer:
      effects.cancel(id: "timer")
    case .search(let query):
      effects.run(id: "search") { .found(await search(query)) }
    }
  }
}

@MainActor
@Suite("Exhaustive harness: bounded waits, received events, running work")
struct ExhaustiveHarnessTests {
  static func harness(
    clock: any Clock<Duration> = TestClock(),
    search: @escaping @Sendable (String) async -> String = failingStub("search", returning: ""),
    timeout: Duration = .seconds(30)  // only proves "no hang": far from any honest run
  ) -> ShellHarness<Ticker> {
    ShellHarness(Ticker(), timeout: timeout) { command, effects in
      TickerShell.run(command, effects, clock: clock, search: search)
    }
  }

  @Test("five one-second ticks from one advance of five seconds")
  func fiveTicks() async {
    let clock = TestClock()
    let harness = ShellHarness(Ticker()) { command, effects in
      TickerShell.run(command, effects, clock: clock, search: failingStub("search", returning: ""))
    }
    harness.send(.start)
    await clock.sleepers(1)
    await clock.advance(by: .seconds(5))
    await harness.expectReceived([.tick, .tick, .tick, .tick, .tick])
    #expect(harness.shell.viewModel.ticks == 5)
    #expect(clock.now == TestClock.Instant(offset: .seconds(5)))
    harness.send(.stop)
    await harness.finish()
  }

  @Test("step by step: each event's change to the view model, written as a mutation")
  func stepByStep() async {
    let clock = TestClock()
    let harness = Self.harness(clock: clock, search: { "\($0)!" })
    harness.send(.start) { _ in }
    await clock.sleepers(1)
    await clock.advance(by: .seconds(1))
    await harness.receive(.tick) { $0.ticks = 1 }
    harness.send(.search("swift"))
    await harness.receive(.found("swift!")) { $0.found = ["swift!"] }
    harness.send(.stop)
    await harness.finish()
  }

  @Test("a wrong mutation fails naming the event, with a diff")
  func wrongMutation() async {
    let harness = Self.harness(search: { "\($0)!" })
    harness.send(.search("a"))
    await withKnownIssue {
      await harness.receive(.found("a!")) { $0.found = ["b!"] }
    } matching: { issue in
      let text = String(describing: issue)
      return text.contains("View model differs after event 2 of 2")
        && text.contains("found(\"a!\")")
        && text.contains("+     [0]: \"a!\"")
    }
    await harness.finish()
  }

  @Test("waiting for an event that never comes fails within its bound, naming the running work")
  func receiveTimesOut() async {
    let harness = Self.harness(timeout: .milliseconds(200))
    harness.send(.start)
    await withKnownIssue {
      await harness.receive(.tick)
    } matching: { issue in
      let text = String(describing: issue)
      return text.contains("Expected to receive Ticker.Event.tick") && text.contains("200 ms")
        && text.contains("Still running: \"timer\".")
    }
    harness.skipRunningWork()
  }

  @Test("settle on work that never ends fails within its bound, and the run goes on")
  func settleOnNeverEndingWork() async {
    let harness = Self.harness(timeout: .milliseconds(200))
    harness.send(.start)
    // The message names the 200 ms bound: settle gave up on it, never hung.
    await withKnownIssue {
      let settled = await harness.settle()
      #expect(settled == false)
    } matching: { issue in
      String(describing: issue).contains("settle() waited 200 ms")
    }
    harness.skipRunningWork()
  }

  @Test("a test that ends with work still running fails, naming the work")
  func endsWithWorkRunning() async {
    await withKnownIssue {
      let harness = Self.harness(timeout: .milliseconds(100))
      harness.send(.start)
      await harness.finish()
    } matching: { issue in
      let text = String(describing: issue)
      return text.contains(
        "The test ended with work still running: \"timer\" (after waiting 100 ms)")
    }
  }

  @Test("a harness released with work running fails too, without finish()")
  func releasedWithWorkRunning() async {
    withKnownIssue {
      var harness: ShellHarness<Ticker>? = Self.harness()
      harness?.send(.start)
      harness = nil
    } matching: { issue in
      String(describing: issue).contains("The test ended with work still running")
    }
  }

  @Test("events received and never asserted fail at the end")
  func unassertedEvents() async {
    let harness = Self.harness(search: { $0 })
    harness.send(.search("a"))
    await harness.settle()
    await withKnownIssue {
      await harness.finish()
    } matching: { issue in
      let text = String(describing: issue)
      return text.contains("received 1 event(s) that the test never asserted")
        && text.contains(".found(\"a\")")
    }
  }

  @Test("events that change nothing on screen are received and asserted too")
  func invisibleEvents() async {
    let harness = ShellHarness(Ticker()) { command, effects in
      if case .search = command { effects.send(.stop) }  // .stop changes no view model
    }
    harness.send(.search("x"))
    await harness.receive(.stop) { _ in }
    #expect(harness.events == [.search("x"), .stop])
    await harness.finish()
  }

  @Test("a different received event fails with a diff")
  func wrongEvent() async {
    let harness = Self.harness(search: { $0 })
    harness.send(.search("a"))
    await withKnownIssue {
      await harness.receive(.found("b"))
    } matching: { issue in
      String(describing: issue).contains("Received another event than expected")
    }
    await harness.finish()
  }

  @Test("with exhaustivity off, unasserted events and running work are fine")
  func nonExhaustive() async {
    let clock = TestClock()
    let harness = Self.harness(clock: clock, search: { $0 })
    harness.exhaustivity = .off
    harness.send(.start, .search("a"))
    await clock.sleepers(1)
    await clock.advance(by: .seconds(3))
    await harness.receive(.tick)  // skips over whatever came before it
    await harness.finish()
  }

  @Test("a failing stub records a failure naming itself and its arguments")
  func failingStubReports() async {
    let harness = Self.harness()
    await withKnownIssue {
      harness.send(.search("swift"))  // the work inherits the known-issue scope from here
      await harness.receive(.found(""))
    } matching: { issue in
      String(describing: issue).contains("failing stub \"search\" was called with (\"swift\")")
    }
    await harness.finish()
  }

  @Test("a throwing failing stub throws its error after recording the failure")
  func throwingStub() async {
    let fetch: @Sendable (Int) async throws -> String = failingStub("fetch")
    await withKnownIssue {
      await #expect(throws: FailingStubError(name: "fetch")) { try await fetch(3) }
    } matching: { issue in
      String(describing: issue).contains("failing stub \"fetch\" was called with (3)")
    }
    let show: @Sendable (String) -> Void = failingStub("banner")
    withKnownIssue { show("hi") }
  }
}

@Suite("TestClock")
struct TestClockTests {
  @Test("advance wakes sleepers in deadline order, and not those due later")
  func order() async {
    let clock = TestClock()
    let woken = WakeLog()
    let tasks = [3, 1, 2, 9].map { seconds in
      Task {
        try? await clock.sleep(for: .seconds(seconds))
        await woken.append(seconds)
      }
    }
    await clock.sleepers(4)
    await clock.advance(by: .seconds(3))
    var spins = 0  // bounded: the woken tasks need only a few turns to log themselves
    while await woken.values.count < 3, spins < 100_000 {
      spins += 1
      await Task.yield()
    }
    #expect(await woken.values.sorted() == [1, 2, 3])
    #expect(clock.sleeperCount == 1)
    tasks[3].cancel()  // a cancelled sleeper leaves the clock at once
    #expect(clock.sleeperCount == 0)
  }

  @Test("waiting for sleepers that never come fails within its bound")
  func sleepersTimeOut() async {
    let clock = TestClock()
    await withKnownIssue {
      let reached = await clock.sleepers(1, timeout: .milliseconds(100))
      #expect(reached == false)
    } matching: { issue in
      String(describing: issue).contains("sleepers(1) waited 100 ms but only 0 task(s)")
    }
  }

  @Test("work started by a wake-up that sleeps within the interval is woken in the same advance")
  @MainActor
  func chainedWork() async {
    let clock = TestClock()
    let harness = ShellHarness(Ticker()) { command, effects in
      switch command {
      case .startTimer:
        effects.run(id: "first") {
          try? await clock.sleep(for: .seconds(1))
          return .search("second")
        }
      case .search:
        effects.run(id: "second") {
          try? await clock.sleep(for: .milliseconds(500))
          return .tick
        }
      case .stopTimer: break
      }
    }
    harness.send(.start)
    await clock.sleepers(1)
    await clock.advance(by: .seconds(2))
    await harness.expectReceived([.search("second"), .tick], timeout: .milliseconds(1))
    await harness.finish()
  }

  @Test("durations print as people write them in diffs")
  func durationsInDiffs() {
    withKnownIssue {
      Given(Delay()).when(.set(.milliseconds(300))).then(viewModel: .seconds(1))
    } matching: { issue in
      let text = String(describing: issue)
      return text.contains("1 s") && text.contains("300 ms")
    }
  }
}

/// Records wake-ups from any task.
actor WakeLog {
  private(set) var values: [Int] = []
  func append(_ value: Int) { values.append(value) }
}

/// A state whose view model is a duration.
struct Delay: ShellState {
  enum Event: Sendable { case set(Duration) }
  private(set) var viewModel: Duration = .zero
  mutating func handle(_ event: Event) -> [Never] {
    switch event {
    case .set(let duration): viewModel = duration
    }
    return []
  }
}
