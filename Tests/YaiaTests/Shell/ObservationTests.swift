import Observation
import Testing
import Yaia
import YaiaTesting

/// Counts how often observers of a shell's view model are invalidated, re-registering after
/// every change the way a SwiftUI body does.
@MainActor
private final class InvalidationCounter {
  private(set) var count = 0
  private let read: @MainActor () -> Void

  init(_ read: @escaping @MainActor () -> Void) {
    self.read = read
    track()
  }

  private func track() {
    withObservationTracking {
      read()
    } onChange: { [weak self] in
      MainActor.assumeIsolated {
        self?.count += 1
        self?.track()
      }
    }
  }
}

@MainActor
@Suite("Observation: SwiftUI and withObservationTracking see each change once")
struct ObservationTests {
  @Test("one send that handles three events, each changing the view model, invalidates once")
  func oneInvalidationPerSend() {
    var probe = Probe()
    probe.script[.tap(1)] = [.send(.tap(2)), .send(.tap(3))]
    let shell = Shell(probe) { command, effects in
      if case .send(let event) = command { effects.send(event) }
    }
    let counter = InvalidationCounter { _ = shell.viewModel }
    var rendered: [[String]] = []
    shell.onRender { rendered.append($0.log) }

    shell.send(.tap(1))

    #expect(shell.viewModel.log == ["tap1", "tap2", "tap3"])
    #expect(counter.count == 1)
    #expect(rendered.count == 4)  // attached views still see every event's change
  }

  @Test("an event that does not change the view model invalidates nothing")
  func noChangeNoInvalidation() {
    let shell = Shell(Probe()) { _, _ in }
    let counter = InvalidationCounter { _ = shell.viewModel }
    shell.send(.noop)
    shell.send(.noop)
    #expect(counter.count == 0)
  }

  @Test("each send that changes the view model invalidates exactly once")
  func eachSendOnce() {
    let shell = Shell(Probe()) { _, _ in }
    let counter = InvalidationCounter { _ = shell.viewModel }
    shell.send(.tap(1))
    shell.send(.noop)
    shell.send(.tap(2))
    shell.send(.tap(3))
    #expect(counter.count == 3)
  }

  @Test("events of one send that change the view model and change it back invalidate nothing")
  func changeAndBack() {
    let shell = Shell(UndoCounter()) { command, effects in
      if command == .undo { effects.send(.decrement) }
    }
    let counter = InvalidationCounter { _ = shell.viewModel }
    shell.send(.incrementThenUndo)
    #expect(shell.viewModel == 0)
    #expect(counter.count == 0)
  }

  @Test("reading only the state invalidates nothing; the view model is what is observed")
  func onlyViewModelIsObserved() {
    let shell = Shell(Probe()) { _, _ in }
    let counter = InvalidationCounter { _ = shell.isEnded }
    shell.send(.tap(1))
    #expect(counter.count == 0)
  }

  @Test("events arriving from work invalidate once each")
  func workEvents() async {
    var probe = Probe()
    probe.script[.tap(1)] = [.fetch(id: nil, value: "a"), .fetch(id: nil, value: "b")]
    let scripted = Shell(probe) { command, effects in
      if case .fetch(let id, let value) = command { effects.run(id: id) { .result(value) } }
    }
    let counter = InvalidationCounter { _ = scripted.viewModel }
    scripted.send(.tap(1))
    await settle(scripted)
    #expect(scripted.viewModel.log.count == 3)
    #expect(counter.count == 3)
  }
}

@MainActor
@Suite("Observation: a reader in the middle of a send")
struct MidSendObservationTests {
  @Test("an observer that registered mid-send, on a value that was then changed back, is told")
  func midSendReader() {
    var counter: InvalidationCounterBox?
    let shell = Shell(UndoCounter()) { command, effects in
      if command == .undo { effects.send(.decrement) }
    }
    shell.onRender { _ in
      // Registers while the send is under way (after the increment, before the undo).
      if counter == nil { counter = InvalidationCounterBox(shell) }
    }
    counter = nil
    shell.send(.incrementThenUndo)
    #expect(shell.viewModel == 0)
    #expect(counter?.count == 1)
  }
}

/// Counts invalidations of one shell's view model, registering once.
@MainActor
private final class InvalidationCounterBox {
  private(set) var count = 0
  init(_ shell: Shell<UndoCounter>) {
    withObservationTracking {
      _ = shell.viewModel
    } onChange: { [weak self] in
      MainActor.assumeIsolated { self?.count += 1 }
    }
  }
}

/// A counter whose `incrementThenUndo` changes the view model and asks for the change to be
/// undone within the same send.
private struct UndoCounter: ShellState {
  enum Event: Sendable { case incrementThenUndo, decrement }
  enum Command: Equatable { case undo }
  private(set) var viewModel = 0

  mutating func handle(_ event: Event) -> [Command] {
    switch event {
    case .incrementThenUndo:
      viewModel += 1
      return [.undo]
    case .decrement:
      viewModel -= 1
      return []
    }
  }
}
