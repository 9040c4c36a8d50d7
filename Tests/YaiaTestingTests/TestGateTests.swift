import Testing
import Yaia
import YaiaTesting

@Suite("TestGate: held services the test finishes in its own order")
struct TestGateTests {
  /// Waits (bounded) until `count` waits are held on `gate`.
  static func held(_ count: Int, on gate: TestGate) async {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .seconds(30))
    while await gate.waitingCount != count, clock.now < deadline { await Task.yield() }
    #expect(await gate.waitingCount == count)
  }

  @Test("a name opens its own waits only, and a name opened early lets later waits through")
  func byName() async {
    let gate = TestGate()
    let first = Task { await gate.wait("a") }
    let second = Task { await gate.wait("b") }
    await Self.held(2, on: gate)
    await gate.open("a")
    _ = await value(of: first)
    #expect(await gate.waitingCount == 1, "b still held")
    await gate.open("b")
    _ = await value(of: second)
    await gate.wait("a")  // opened already: returns at once
  }

  @Test("open() lets every wait through, named or not, now and later")
  func openAll() async {
    let gate = TestGate()
    let named = Task { await gate.wait("a") }
    let plain = Task { await gate.wait() }
    await Self.held(2, on: gate)
    await gate.open()
    _ = await value(of: named)
    _ = await value(of: plain)
    await gate.wait("never opened by name")
    #expect(await gate.waitingCount == 0)
  }

  @Test("a cancelled task's wait ends, as a real call's does")
  func cancellation() async {
    let gate = TestGate()
    let waiting = Task { await gate.wait("a") }
    await Self.held(1, on: gate)
    waiting.cancel()
    _ = await value(of: waiting)
    #expect(await gate.waitingCount == 0)
    let cancelledFirst = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      await gate.wait("b")
    }
    _ = await value(of: cancelledFirst)
  }

  @Test("the shell drops what cancelled work returns after its held call ends")
  @MainActor
  func inAShell() async {
    let gate = TestGate()
    let harness = ShellHarness(Counter()) { command, effects in
      guard case .fetch = command else { return }
      effects.run(id: "fetch") {
        await gate.wait("fetch")
        return .fetched(7)
      }
    }
    harness.send(.fetchTapped)
    await Self.held(1, on: gate)
    harness.send(.fetchTapped)  // replaces the first fetch: its wait ends, its result drops
    await Self.held(1, on: gate)
    await gate.open("fetch")
    await harness.receive(.fetched(7))
    await harness.finish()
  }
}
