import Testing
import Yaia
import YaiaTesting

@MainActor
@Suite("Shell harness")
struct ShellHarnessTests {
  /// The counter's shell, with its service as a plain function.
  static func shell(fetch: @escaping @Sendable () async -> Int) -> Shell<Counter>.CommandHandler {
    { command, effects in
      switch command {
      case .fetch: effects.run(id: "fetch") { .fetched(await fetch()) }
      case .log: break
      }
    }
  }

  @Test("records renders and commands of a real shell, waiting for work without sleeping")
  func recordsRendersAndCommands() async {
    let harness = ShellHarness(Counter(), commands: Self.shell(fetch: { 10 }))
    harness.send(.increment, .fetchTapped)
    await harness.receive(.fetched(10))
    harness.verify(
      rendered: [
        .init(count: 0), .init(count: 1), .init(count: 1, isFetching: true), .init(count: 10),
      ],
      commands: [.log("up"), .fetch, .log("fetched")])
    harness.verifyReplay()
  }

  @Test("a different render sequence fails with a diff")
  func renderMismatch() {
    let harness = ShellHarness(Counter(), commands: Self.shell(fetch: { 0 }))
    harness.send(.increment)
    withKnownIssue {
      harness.verify(rendered: [.init(count: 0), .init(count: 2)])
    } matching: { issue in
      let text = String(describing: issue)
      return text.contains(
        "rendered other view models, from event 1 of 1, Counter.Event.increment (render 2)")
        && text.contains("count: 2")
    }
  }

  @Test("different commands fail with a diff")
  func commandMismatch() {
    let harness = ShellHarness(Counter(), commands: Self.shell(fetch: { 0 }))
    harness.send(.decrement)
    withKnownIssue {
      harness.verify(commands: [.log("up")])
    } matching: { issue in
      String(describing: issue).contains(
        "ran other commands, from event 1 of 1, Counter.Event.decrement (command 1)")
    }
  }

  @Test("a replay that renders differently names the event")
  func replayMismatch() {
    withKnownIssue {
      expectReplay(
        Journal<Counter.Event>([.increment, .increment]), into: Counter(),
        renders: [.init(count: 0), .init(count: 1), .init(count: 3)])
    } matching: { issue in
      String(describing: issue).contains("Replay renders differ from event 2 of 2")
    }
  }

  @Test("the capturing view keeps what it is asked to render")
  func recordingView() {
    let view = CapturingView<Int>()
    view.render(1)
    view.render(2)
    #expect(view.rendered == [1, 2])
    view.clear()
    #expect(view.rendered.isEmpty)
  }
}

/// Getting Started's harness example, exactly.
@Test @MainActor
func fetchRenders() async {
  let harness = ShellHarness(Counter()) { command, effects in
    if case .fetch = command { effects.run { .fetched(10) } }
  }
  harness.send(.increment, .fetchTapped)
  await harness.receive(.fetched(10))
  harness.verify(rendered: [
    .init(count: 0), .init(count: 1), .init(count: 1, isFetching: true), .init(count: 10),
  ])
  harness.verifyReplay()  // the journal replays to the same renders
}
