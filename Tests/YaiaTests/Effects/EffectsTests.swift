import Testing
import Yaia
import YaiaTesting

/// A feature whose commands exercise each kind of effect.
struct Worker: ShellState {
  enum Event: Equatable, Sendable {
    case start(String)
    case stop
    case query(String)
    case refresh
    case got(String)
  }
  enum Command: Equatable {
    case work(String)
    case stop
    case search(String)
    case refresh
  }
  struct ViewModel: Equatable, Sendable { var got: [String] = [] }
  private(set) var viewModel = ViewModel()

  mutating func handle(_ event: Event) -> [Command] {
    switch event {
    case .start(let name): return [.work(name)]
    case .stop: return [.stop]
    case .query(let text): return [.search(text)]
    case .refresh: return [.refresh]
    case .got(let value):
      viewModel.got.append(value)
      return []
    }
  }
}

/// Records calls from any task.
actor Calls {
  private(set) var values: [String] = []
  func append(_ value: String) { values.append(value) }
}

@MainActor
@Suite("Effects: several events, shared ids, debounce, throttle, and nothing from stale work")
struct EffectsTests {
  @Test("work that captured effects and sends after it was replaced delivers nothing")
  func capturedEffectsAfterReplacement() async {
    let gate = TestGate()
    let shell = Shell(Worker()) { command, effects in
      guard case .work(let name) = command else { return }
      effects.run(id: "job") {
        await gate.wait(name)
        await effects.send(.got(name))  // through the captured effects, not the returned event
        return nil
      }
    }
    shell.send(.start("old"))
    shell.send(.start("new"))  // replaces "old"
    await gate.open("old")
    await gate.open("new")
    await settle(shell)
    #expect(shell.viewModel.got == ["new"])
  }

  @Test("captured effects used after the shell ended deliver nothing and start nothing")
  func capturedEffectsAfterEnd() async {
    var kept: ShellEffects<Worker>?
    let shell = Shell(Worker()) { _, effects in kept = effects }
    shell.send(.start("a"))
    shell.end()
    kept?.send(.got("late"))
    kept?.run { .got("late work") }
    await settle(shell)
    #expect(shell.viewModel.got == [])
    #expect(shell.runningWorkCount == 0)
  }

  @Test("work sends several events in order through its Send")
  func sendSeveral() async {
    let shell = Shell(Worker()) { command, effects in
      guard case .work = command else { return }
      effects.run(id: "recorder") { send in
        await send(.got("stopped"))
        await send(.got("saved"))
        await send(.got("ready"))
      }
    }
    shell.send(.start("r"))
    await settle(shell)
    #expect(shell.viewModel.got == ["stopped", "saved", "ready"])
  }

  @Test("a Send used after its work was cancelled does nothing")
  func staleSend() async {
    let gate = TestGate()
    let shell = Shell(Worker()) { command, effects in
      switch command {
      case .work(let name):
        effects.run(id: "job") { send in
          await send(.got("\(name) first"))
          await gate.wait(name)
          await send(.got("\(name) second"))
        }
      case .stop: effects.cancel(id: "job")
      default: break
      }
    }
    shell.send(.start("a"))
    await waitUntil("the first result") { !shell.viewModel.got.isEmpty }
    shell.send(.stop)
    await gate.open("a")
    await settle(shell)
    #expect(shell.viewModel.got == ["a first"])
  }

  @Test("work that joins an id runs beside the work under it; cancelling the id stops both")
  func joinPolicy() async {
    let gate = TestGate()
    let harness = ShellHarness(Worker()) { command, effects in
      switch command {
      case .work(let name):
        effects.run(id: "downloads", policy: .join) {
          await gate.wait(name)
          return .got(name)
        }
      case .stop: effects.cancel(id: "downloads")
      default: break
      }
    }
    harness.send(.start("a"), .start("b"))
    #expect(harness.shell.runningWorkCount == 2)
    await gate.open("a")
    await harness.receive(.got("a"))
    harness.send(.start("c"), .stop)
    #expect(harness.shell.runningWorkCount == 0)
    await gate.open("b")
    await gate.open("c")
    await harness.finish()  // fails if anything else arrived
    #expect(harness.shell.viewModel.got == ["a"])
  }

  @Test("debounce: three fast keystrokes call the service once, for the last one")
  func debounce() async {
    let clock = TestClock()
    let calls = Calls()
    let harness = ShellHarness(Worker()) { command, effects in
      guard case .search(let text) = command else { return }
      effects.debounce(id: "search", for: .milliseconds(300), clock: clock) {
        await calls.append(text)
        return .got(text)
      }
    }
    harness.send(.query("s"))
    await clock.advance(by: .milliseconds(100))
    harness.send(.query("sw"))
    await clock.advance(by: .milliseconds(100))
    harness.send(.query("swift"))
    await clock.sleepers(1)
    await clock.advance(by: .milliseconds(300))
    await harness.receive(.got("swift"))
    #expect(await calls.values == ["swift"])
    await harness.finish()
  }

  @Test("a broken debounce that never sleeps fails harness.sleepers at once, not after 30 s")
  func brokenDebounceFailsFast() async {
    let clock = TestClock()
    let harness = ShellHarness(Worker(), timeout: .seconds(30)) { command, effects in
      guard case .search(let text) = command else { return }
      effects.run(id: "search") { .got(text) }  // the debounce forgot to wait
    }
    harness.send(.query("swift"))
    // It fails on the work's end (the message says there is no work left that could sleep),
    // not on the 30 s bound, whose message would differ.
    await withKnownIssue {
      let slept = await harness.sleepers(1, on: clock)
      #expect(!slept)
    } matching: { issue in
      String(describing: issue).contains("no work running that could still sleep")
    }
    harness.skipReceivedEvents()
    await harness.finish()
  }

  @Test("harness.sleepers returns as soon as the debounce sleeps")
  func harnessSleepers() async {
    let clock = TestClock()
    let harness = ShellHarness(Worker()) { command, effects in
      guard case .search(let text) = command else { return }
      effects.debounce(id: "search", for: .milliseconds(300), clock: clock) { .got(text) }
    }
    harness.send(.query("swift"))
    #expect(await harness.sleepers(1, on: clock))
    await clock.advance(by: .milliseconds(300))
    await harness.receive(.got("swift"))
    await harness.finish()
  }

  @Test("debounce: the documented `try? await Task.sleep` mistake is what debounce avoids")
  func debounceCancelledWhileWaitingNeverCalls() async {
    let clock = TestClock()
    let calls = Calls()
    let harness = ShellHarness(Worker()) { command, effects in
      switch command {
      case .search(let text):
        effects.debounce(id: "search", for: .seconds(1), clock: clock) {
          await calls.append(text)
          return .got(text)
        }
      case .stop: effects.cancel(id: "search")
      default: break
      }
    }
    harness.send(.query("a"))
    await clock.sleepers(1)
    harness.send(.stop)
    await clock.advance(by: .seconds(2))
    await harness.settle()
    #expect(await calls.values == [])
    await harness.finish()
  }

  @Test("throttle: the first request runs at once, the newest one in the interval runs at its end")
  func throttle() async {
    let clock = TestClock()
    let calls = Calls()
    var count = 0
    let harness = ShellHarness(Worker()) { command, effects in
      guard command == .refresh else { return }
      count += 1
      let number = "\(count)"
      effects.throttle(id: "refresh", for: .seconds(2), clock: clock) {
        await calls.append(number)
        return .got(number)
      }
    }
    harness.send(.refresh)  // 1 runs now
    await harness.receive(.got("1"))
    harness.send(.refresh)  // 2 waits…
    harness.send(.refresh)  // …superseded by 3
    await clock.sleepers(1)
    await clock.advance(by: .seconds(2))
    await harness.receive(.got("3"))
    await clock.advance(by: .seconds(2))  // the window after 3 closes with nothing waiting
    await harness.settle()
    harness.send(.refresh)  // a new window: runs at once
    await harness.receive(.got("4"))
    #expect(await calls.values == ["1", "3", "4"])
    await clock.advance(by: .seconds(2))
    await harness.finish()
  }

  @Test("throttle with latest: false drops requests within the interval")
  func throttleDropping() async {
    let clock = TestClock()
    var count = 0
    let harness = ShellHarness(Worker()) { command, effects in
      guard command == .refresh else { return }
      count += 1
      let number = "\(count)"
      effects.throttle(id: "refresh", for: .seconds(2), clock: clock, latest: false) {
        .got(number)
      }
    }
    harness.send(.refresh, .refresh, .refresh)
    await harness.receive(.got("1"))
    await clock.sleepers(1)
    await clock.advance(by: .seconds(2))
    await harness.finish()
    #expect(harness.shell.viewModel.got == ["1"])
  }

  @Test("cancelling a throttled id drops the request waiting for the interval")
  func throttleCancel() async {
    let clock = TestClock()
    let harness = ShellHarness(Worker()) { command, effects in
      switch command {
      case .refresh:
        effects.throttle(id: "refresh", for: .seconds(2), clock: clock) { .got("refreshed") }
      case .stop: effects.cancel(id: "refresh")
      default: break
      }
    }
    harness.send(.refresh)
    await harness.receive(.got("refreshed"))
    harness.send(.refresh)
    harness.send(.stop)
    await clock.advance(by: .seconds(2))
    await harness.finish()
  }
}
