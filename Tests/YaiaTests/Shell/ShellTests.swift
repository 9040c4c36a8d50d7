import Testing
import Yaia
import YaiaTesting

@MainActor
@Suite("Shell: the imperative shell")
struct SceneTests {
  /// The probe's shell, as a feature would write it: one switch.
  static func run(_ command: Probe.Command, _ effects: ShellEffects<Probe>, gate: TestGate?) {
    switch command {
    case .send(let event):
      effects.send(event)
    case .fetch(let id, let value):
      effects.run(id: id) {
        await gate?.wait()
        return .result(value)
      }
    case .cancel(let id):
      effects.cancel(id: id)
    case .follow:
      break
    case .end:
      break
    }
  }

  @Test(
    "events are handled in the order sent; events sent while handling are queued, not re-entrant")
  func orderAndNoReentrancy() {
    var probe = Probe()
    probe.script[.tap(1)] = [.send(.tap(3)), .send(.tap(4))]
    var logSeenByCommands: [[String]] = []
    let box = ShellBox<Probe>()
    let shell = Shell(probe) { command, effects in
      if case .send(let event) = command {
        effects.send(event)
        logSeenByCommands.append(box.shell?.state.log ?? [])  // the sent event has not run yet
      }
    }
    box.shell = shell
    var renderSent = false
    shell.onRender { viewModel in
      if viewModel.log == ["tap1"], !renderSent {
        renderSent = true
        shell.send(.tap(2))  // the UI sends an event during a render
      }
    }
    shell.send(.tap(1))
    #expect(shell.state.log == ["tap1", "tap2", "tap3", "tap4"])
    #expect(logSeenByCommands == [["tap1"], ["tap1"]])
  }

  @Test("a long burst of events sent from commands is handled completely and in order")
  func burstInOrder() {
    var probe = Probe()
    probe.script[.tap(0)] = (1...1_000).map { .send(.tap($0)) }
    let shell = Shell(probe) { command, effects in
      if case .send(let event) = command { effects.send(event) }
    }
    shell.send(.tap(0))
    #expect(shell.state.log == (0...1_000).map { "tap\($0)" })
  }

  @Test("the view model is published only when it changed")
  func viewModelDeduplication() {
    let shell = Shell(Probe()) { _, _ in }
    var renders: [[String]] = []
    shell.onRender { renders.append($0.log) }
    shell.send(.noop)
    shell.send(.tap(1))
    shell.send(.noop)
    shell.send(.noop)
    shell.send(.tap(2))
    #expect(renders == [[], ["tap1"], ["tap1", "tap2"]])
  }

  @Test("the view is rendered before the event's commands run")
  func renderBeforeCommands() {
    var probe = Probe()
    probe.script[.tap(1)] = [.send(.noop)]
    var order: [String] = []
    let shell = Shell(probe) { _, _ in order.append("command") }
    shell.onRender { _ in order.append("render") }
    order.removeAll()
    shell.send(.tap(1))
    #expect(order == ["render", "command"])
  }

  @Test("commands run in the order returned")
  func commandsInOrder() {
    var probe = Probe()
    probe.script[.tap(1)] = [.cancel("a"), .cancel("b"), .cancel("c")]
    var ran: [Probe.Command] = []
    let shell = Shell(probe) { command, _ in ran.append(command) }
    shell.send(.tap(1))
    #expect(ran == [.cancel("a"), .cancel("b"), .cancel("c")])
  }

  @Test("asynchronous work sends its result back as an event")
  func workDeliversResult() async {
    var probe = Probe()
    probe.script[.tap(1)] = [.fetch(id: nil, value: "loaded")]
    let shell = Shell(probe) { Self.run($0, $1, gate: nil) }
    shell.send(.tap(1))
    #expect(shell.state.log == ["tap1"])
    await settle(shell)
    #expect(shell.state.log == ["tap1", "loaded"])
    #expect(shell.runningWorkCount == 0)
  }

  @Test("new work with the same id replaces the old: the old result never arrives")
  func replaceByID() async {
    let slow = TestGate()
    var probe = Probe()
    probe.script[.tap(1)] = [.fetch(id: "search", value: "stale")]
    probe.script[.tap(2)] = [.fetch(id: "search", value: "fresh")]
    let shell = Shell(probe) { command, effects in
      // The first search waits on the gate; the second returns at once.
      if case .fetch(_, "stale") = command {
        Self.run(command, effects, gate: slow)
      } else {
        Self.run(command, effects, gate: nil)
      }
    }
    shell.send(.tap(1))
    shell.send(.tap(2))
    await slow.open()  // the stale search finishes after it was replaced
    await settle(shell)
    #expect(shell.state.log == ["tap1", "tap2", "fresh"])
  }

  @Test("a command cancels work by id: its result never arrives, other work goes on")
  func cancelByID() async {
    let gate = TestGate()
    var probe = Probe()
    probe.script[.tap(1)] = [.fetch(id: "a", value: "A"), .fetch(id: "b", value: "B")]
    probe.script[.tap(2)] = [.cancel("a")]
    let shell = Shell(probe) { Self.run($0, $1, gate: gate) }
    shell.send(.tap(1))
    #expect(shell.runningWorkCount == 2)
    shell.send(.tap(2))
    #expect(shell.runningWorkCount == 1)
    await gate.open()
    await settle(shell)
    #expect(shell.state.log == ["tap1", "tap2", "B"])
  }

  @Test("cancelling work cancels its task cooperatively")
  func cancellationReachesTheWork() async {
    let sawCancel = Flag()
    var probe = Probe()
    probe.script[.tap(1)] = [.follow(id: "long")]
    probe.script[.tap(2)] = [.cancel("long")]
    let shell = Shell(probe) { command, effects in
      switch command {
      case .follow(let id):
        effects.run(id: id) {
          await withTaskCancellationHandler {
            // Only cancellation ends this work (the sleep throws when cancelled).
            try? await Task.sleep(for: .seconds(3_600))
            return .result("after cancellation")
          } onCancel: {
            sawCancel.set()
          }
        }
      case .cancel(let id): effects.cancel(id: id)
      default: break
      }
    }
    shell.send(.tap(1))
    shell.send(.tap(2))
    await settle(shell)  // waits for the cancelled work to return
    #expect(sawCancel.isSet)
    #expect(shell.state.log == ["tap1", "tap2"])
  }

  @Test("throwing work sends its result, or the event made of its error")
  func throwingWork() async {
    struct Offline: Error {}
    var probe = Probe()
    probe.script[.tap(1)] = [.fetch(id: "ok", value: "loaded")]
    probe.script[.tap(2)] = [.fetch(id: "fails", value: "unused")]
    let shell = Shell(probe) { command, effects in
      guard case .fetch(let id, let value) = command else { return }
      effects.run(id: id) {
        if id == "fails" { throw Offline() }
        return .result(value)
      } catch: { error in
        .finished(error is Offline ? "offline" : "other")
      }
    }
    shell.send(.tap(1))
    await settle(shell)
    shell.send(.tap(2))
    await settle(shell)
    #expect(shell.state.log == ["tap1", "loaded", "tap2", "finished:offline"])
  }

  @Test("cancelled throwing work delivers neither its result nor its error")
  func cancelledThrowingWork() async {
    var probe = Probe()
    probe.script[.tap(1)] = [.fetch(id: "slow", value: "late")]
    probe.script[.tap(2)] = [.cancel("slow")]
    let shell = Shell(probe) { command, effects in
      switch command {
      case .fetch(let id, let value):
        effects.run(id: id) {
          try await Task.sleep(for: .seconds(3_600))  // throws CancellationError when cancelled
          return .result(value)
        } catch: { _ in
          .finished("error delivered")
        }
      case .cancel(let id): effects.cancel(id: id)
      default: break
      }
    }
    shell.send(.tap(1))
    shell.send(.tap(2))
    await settle(shell)
    #expect(shell.state.log == ["tap1", "tap2"])
  }

  @Test("results of many concurrent pieces of work all arrive, each exactly once")
  func concurrentResultsArriveOnce() async {
    var probe = Probe()
    probe.script[.tap(0)] = (1...200).map { .fetch(id: nil, value: "r\($0)") }
    let shell = Shell(probe) { Self.run($0, $1, gate: nil) }
    shell.send(.tap(0))
    await settle(shell)
    let results = shell.state.log.dropFirst()
    #expect(results.count == 200)
    #expect(Set(results) == Set((1...200).map { "r\($0)" }))
  }

  @Test("a new render callback replaces the old one, and nil stops rendering")
  func renderCallbackReplacement() {
    let shell = Shell(Probe()) { _, _ in }
    var first: [[String]] = []
    var second: [[String]] = []
    shell.onRender { first.append($0.log) }
    shell.send(.tap(1))
    shell.onRender { second.append($0.log) }
    shell.send(.tap(2))
    shell.onRender(nil)
    shell.send(.tap(3))
    #expect(first == [[], ["tap1"]])
    #expect(second == [["tap1"], ["tap1", "tap2"]])
  }

  @Test("a subscription turns each element into an event, then reports the end")
  func streamMapping() async {
    let (devices, radio) = AsyncStream.makeStream(of: String.self)
    var probe = Probe()
    probe.script[.tap(1)] = [.follow(id: "radio")]
    let shell = Shell(probe) { command, effects in
      if case .follow(let id) = command {
        effects.subscribe(id: id, to: devices) {
          .result("found \($0)")
        } finished: { _ in
          .finished("radio")
        }
      }
    }
    shell.send(.tap(1))
    radio.yield("speaker-1")
    radio.yield("speaker-2")
    radio.finish()
    await settle(shell)
    #expect(shell.state.log == ["tap1", "found speaker-1", "found speaker-2", "finished:radio"])
  }

  @Test("a failing stream reports its error through the finished event")
  func streamFailure() async {
    struct RadioOff: Error {}
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: Int.self)
    var probe = Probe()
    probe.script[.tap(1)] = [.follow(id: "radio")]
    let shell = Shell(probe) { _, effects in
      effects.subscribe(to: stream) {
        .tap($0)
      } finished: { error in
        .finished(error is RadioOff ? "error" : "done")
      }
    }
    shell.send(.tap(1))
    continuation.yield(7)
    continuation.finish(throwing: RadioOff())
    await settle(shell)
    #expect(shell.state.log == ["tap1", "tap7", "finished:error"])
  }

  @Test("cancelling a subscription stops its events")
  func cancelSubscription() async {
    let (stream, radio) = AsyncStream.makeStream(of: String.self)
    var probe = Probe()
    probe.script[.tap(1)] = [.follow(id: "radio")]
    probe.script[.result("got first")] = [.cancel("radio")]
    let shell = Shell(probe) { command, effects in
      switch command {
      case .follow(let id): effects.subscribe(id: id, to: stream) { .result("got \($0)") }
      case .cancel(let id): effects.cancel(id: id)
      default: break
      }
    }
    shell.send(.tap(1))
    radio.yield("first")
    _ = await firstElements(1, of: shell.viewModels(), where: { $0.log.contains("got first") })
    radio.yield("second")
    radio.finish()
    await settle(shell)
    #expect(shell.state.log == ["tap1", "got first"])
  }

  @Test("after end, no event from running work reaches the state and new events are dropped")
  func nothingAfterEnd() async {
    let gate = TestGate()
    var probe = Probe()
    probe.script[.tap(1)] = [
      .fetch(id: nil, value: "late"), .fetch(id: "named", value: "late too"),
    ]
    let shell = Shell(probe) { Self.run($0, $1, gate: gate) }
    shell.send(.tap(1))
    shell.end()
    #expect(shell.isEnded)
    #expect(shell.runningWorkCount == 0)
    shell.send(.tap(2))
    await gate.open()
    await settle(shell)
    #expect(shell.state.log == ["tap1"])
  }

  @Test("ending the shell from one of its commands stops the remaining commands and queued events")
  func endFromCommand() {
    var probe = Probe()
    probe.script[.tap(1)] = [.send(.tap(2)), .end, .send(.tap(3))]
    let box = ShellBox<Probe>()
    let shell = Shell(probe) { command, effects in
      switch command {
      case .send(let event): effects.send(event)
      case .end: box.shell?.end()
      default: break
      }
    }
    box.shell = shell
    shell.send(.tap(1))
    #expect(shell.state.log == ["tap1"])
  }

  @Test("view models stream: the current one, then each change, finishing when the shell ends")
  func viewModelStream() async {
    let shell = Shell(Probe()) { _, _ in }
    let stream = shell.viewModels()
    shell.send(.tap(1))
    shell.send(.noop)
    shell.end()
    // Read to its end, within a bound: a stream that did not finish fails the test.
    let reading = Task {
      var received: [[String]] = []
      for await viewModel in stream { received.append(viewModel.log) }
      return received
    }
    // The stream keeps only the newest view model for a slow consumer.
    #expect(await value(of: reading) == [["tap1"]])

    let live = Shell(Probe()) { _, _ in }
    var iterator = live.viewModels().makeAsyncIterator()
    #expect(await iterator.next()?.log == [])
    live.send(.tap(1))
    #expect(await iterator.next()?.log == ["tap1"])
    live.send(.tap(2))
    #expect(await iterator.next()?.log == ["tap1", "tap2"])
    live.end()
    #expect(await iterator.next() == nil)
  }

  @Test("a view model stream finishes when its shell is released")
  func viewModelStreamFinishesOnRelease() async {
    var shell: Shell<Probe>? = Shell(Probe()) { _, _ in }
    let stream = shell!.viewModels()
    shell = nil
    let counting = Task {
      var count = 0
      for await _ in stream { count += 1 }
      return count
    }
    #expect(await value(of: counting) == 1)
  }
}
