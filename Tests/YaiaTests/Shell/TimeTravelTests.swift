import Testing
import YaiaTesting

@testable import Yaia

@MainActor
@Suite("A shell put back in an earlier state (the inspector's time travel)")
struct TimeTravelTests {
  @Test("the state and view model go back; commands' work is cancelled; event sources go on")
  func travel() async {
    let gate = TestGate()
    let (stream, continuation) = AsyncStream.makeStream(of: String.self)
    let shell = Shell(Inbox(), initial: [.load], sources: [EventSource(stream) { .arrived($0) }]) {
      _, effects in
      effects.run {
        await gate.wait()
        return .loaded(["late"])
      }
    }
    var rendered: [Inbox.ViewModel] = []
    shell.onRender { rendered.append($0) }
    shell.start()
    let before = shell.state
    shell.send(.arrived("a"))
    #expect(shell.runningWorkCount == 2)  // the load, and the event source

    #expect(shell.travel(to: before) == 1)
    #expect(shell.viewModel.messages.isEmpty)
    #expect(rendered.last == Inbox.ViewModel())
    #expect(shell.runningWork.map(\.id) == ["event source #2"])  // #1 is the load

    // The cancelled load's answer is dropped; the event source still delivers.
    await gate.open()
    continuation.yield("b")
    continuation.finish()
    await settle(shell)
    #expect(shell.viewModel.messages == ["b"])
  }

  @Test("an ended shell does not travel")
  func ended() {
    let shell = Shell(Inbox()) { _, _ in }
    shell.send(.arrived("a"))
    shell.end()
    #expect(shell.travel(to: Inbox()) == 0)
    #expect(shell.viewModel.messages == ["a"])
  }
}
