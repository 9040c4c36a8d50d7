import Testing
import Yaia
import YaiaTesting

/// An inbox: loads on start, and receives messages from a stream for as long as it lives.
struct Inbox: ShellState {
  enum Event: Equatable, Sendable {
    case loaded([String])
    case arrived(String)
    case closed
  }
  enum Command: Equatable { case load }
  struct ViewModel: Equatable, Sendable {
    var messages: [String] = []
    var isClosed = false
  }
  private(set) var viewModel = ViewModel()

  mutating func handle(_ event: Event) -> [Command] {
    switch event {
    case .loaded(let messages): viewModel.messages = messages
    case .arrived(let message): viewModel.messages.append(message)
    case .closed: viewModel.isClosed = true
    }
    return []
  }
}

@MainActor
@Suite("Lifetimes: initial commands, event sources, children's work")
struct LifetimeTests {
  @Test("initial commands run when the shell starts, once, and not before")
  func initialCommands() async {
    var loads = 0
    let shell = Shell(Inbox(), initial: [.load]) { command, effects in
      loads += 1
      effects.run { .loaded(["hello"]) }
    }
    #expect(loads == 0)
    shell.start()
    shell.start()
    await settle(shell)
    #expect(loads == 1)
    #expect(shell.viewModel.messages == ["hello"])
  }

  @Test("an event source starts with the shell, sends each element, and reports its end")
  func eventSource() async {
    let (stream, continuation) = AsyncStream.makeStream(of: String.self)
    let shell = Shell(
      Inbox(), sources: [EventSource(stream, { .arrived($0) }, finished: { _ in .closed })]
    ) { _, _ in }
    continuation.yield("early")  // buffered until the shell starts following
    shell.start()
    continuation.yield("later")
    continuation.finish()
    await settle(shell)
    #expect(shell.viewModel == Inbox.ViewModel(messages: ["early", "later"], isClosed: true))
  }

  @Test("ending the shell cancels its event sources; the stream learns it at once")
  func endCancelsSources() async {
    let terminated = Flag()
    let (stream, continuation) = AsyncStream.makeStream(of: String.self)
    continuation.onTermination = { _ in terminated.set() }
    let shell = Shell(Inbox(), sources: [EventSource(stream) { .arrived($0) }]) { _, _ in }
    shell.start()
    #expect(shell.runningWorkCount == 1)
    #expect(shell.runningWork.map(\.id) == ["event source #1"])
    shell.end()
    await settle(shell)
    #expect(terminated.isSet)
    continuation.yield("after the end")
    #expect(shell.viewModel.messages.isEmpty)
  }

  @Test("a shell with a running event source is released normally, and its source cancelled")
  func sourceDoesNotRetainShell() async {
    let terminated = Flag()
    let (stream, continuation) = AsyncStream.makeStream(of: String.self)
    continuation.onTermination = { _ in terminated.set() }
    var shell: Shell<Inbox>? = Shell(Inbox(), sources: [EventSource(stream) { .arrived($0) }]) {
      _, _ in
    }
    shell?.start()
    continuation.yield("one")
    await waitUntil("the first message") { shell?.viewModel.messages.isEmpty == false }
    weak let released = shell
    shell = nil
    #expect(released == nil)
    for _ in 0..<1000 where !terminated.isSet { await Task.yield() }
    #expect(terminated.isSet)
  }

  @Test("a source bound after the start starts at once; one bound before waits for the start")
  func bindLater() async {
    let (first, firstContinuation) = AsyncStream.makeStream(of: Inbox.Event.self)
    let (second, secondContinuation) = AsyncStream.makeStream(of: Inbox.Event.self)
    let shell = Shell(Inbox()) { _, _ in }
    shell.bind(EventSource(first))
    #expect(shell.runningWorkCount == 0)
    shell.start()
    shell.bind(EventSource(second))
    #expect(shell.runningWorkCount == 2)
    firstContinuation.yield(.arrived("a"))
    firstContinuation.finish()
    secondContinuation.finish()
    await settle(shell)
    #expect(shell.viewModel.messages == ["a"])
  }
}

@MainActor
@Suite("Waiting for a shell")
struct IdleTests {
  @Test("idle() on work that never ends returns when the waiting task is cancelled")
  func idleIsCancellable() async {
    let (stream, continuation) = AsyncStream.makeStream(of: Inbox.Event.self)
    let shell = Shell(Inbox(), sources: [EventSource(stream)]) { _, _ in }
    shell.start()
    let waiter = Task { await shell.idle() }
    waiter.cancel()
    _ = await value(of: waiter)  // returns although the source never ends
    #expect(shell.runningWorkCount == 1)
    continuation.finish()
    await settle(shell)
    #expect(shell.runningWorkCount == 0)
  }
}
