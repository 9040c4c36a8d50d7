import Synchronization
import Testing
import Yaia
import YaiaTesting

/// A recorder screen: while it records, a timer ticks; while the level meter shows, the
/// microphone is read. Both are declared by the state, never started by a command.
struct RecorderState: OngoingWorkState, Equatable {
  enum Event: Sendable, Equatable {
    case record, stop
    case showMeter(Bool)
    case ticked
  }
  enum OngoingWork: Hashable, Sendable { case timer, microphone }
  struct ViewModel: Equatable {
    var recording: Bool
    var ticks: Int
  }

  var recording = false
  var meter = false
  var ticks = 0

  mutating func handle(_ event: Event) -> [Never] {
    switch event {
    case .record: recording = true
    case .stop: recording = false
    case .showMeter(let shown): meter = shown
    case .ticked: ticks += 1
    }
    return []
  }

  var viewModel: ViewModel { ViewModel(recording: recording, ticks: ticks) }

  var ongoingWork: Set<OngoingWork> {
    var work: Set<OngoingWork> = []
    if recording { work.insert(.timer) }
    if meter { work.insert(.microphone) }
    return work
  }
}

/// What ongoing work did, from any thread.
final class WorkLog: Sendable {
  private let lines = Mutex<[String]>([])
  func append(_ line: String) { lines.withLock { $0.append(line) } }
  var all: [String] { lines.withLock { $0 } }
  func count(_ line: String) -> Int { all.count { $0 == line } }
}

@MainActor
@Suite("Work the state declares")
struct OngoingWorkTests {
  /// A runner that notes each start and stop; the timer sends one tick.
  static func runner(_ log: WorkLog)
    -> @Sendable (RecorderState.OngoingWork, Send<RecorderState.Event>)
    async -> Void
  {
    { work, send in
      log.append("start \(work)")
      if work == .timer { await send(.ticked) }
      try? await Task.sleep(for: .seconds(3_600))  // until cancelled
      log.append("stop \(work)")
    }
  }

  @Test("the declaration is a plain value a test reads")
  func declaredAsValues() {
    var state = RecorderState()
    #expect(state.ongoingWork.isEmpty)
    _ = state.handle(.record)
    _ = state.handle(.showMeter(true))
    #expect(state.ongoingWork == [.timer, .microphone])
    _ = state.handle(.stop)
    #expect(state.ongoingWork == [.microphone])
  }

  @Test("the shell starts what the state declares and cancels what it no longer declares")
  func followsTheState() async {
    let log = WorkLog()
    let shell = Shell(RecorderState()) { _, _ in }
    shell.runOngoingWork(Self.runner(log))
    shell.send(.record)  // before start: nothing runs yet
    #expect(shell.runningWork.isEmpty)
    shell.start()
    await waitUntil("the timer started and ticked") { shell.state.ticks == 1 }
    shell.send(.showMeter(true))
    await waitUntil("the microphone started") { log.count("start microphone") == 1 }
    shell.send(.ticked)  // an event that changes nothing declared: nothing restarts
    shell.send(.stop)
    await waitUntil("the timer stopped") { log.count("stop timer") == 1 }
    #expect(log.count("start timer") == 1 && log.count("start microphone") == 1)
    #expect(shell.runningWork.count == 1)
    shell.end()
    await shell.idle()
    #expect(log.count("stop microphone") == 1)
  }

  @Test("after a jump back in time, the earlier state's work runs again")
  func jumpRestarts() async {
    let log = WorkLog()
    let shell = Shell(RecorderState()) { _, _ in }
    shell.runOngoingWork(Self.runner(log))
    shell.start()
    shell.send(.record)
    let recording = shell.state
    await waitUntil("the timer ticked") { shell.state.ticks == 1 }
    shell.send(.stop)
    await waitUntil("the timer stopped") { log.count("stop timer") == 1 }
    // Back to a state that records: the timer runs again, though no command started it.
    _ = shell.travel(to: recording)
    await waitUntil("the timer started again") { log.count("start timer") == 2 }
    #expect(shell.runningWork.count == 1)
    // And to one that does not: nothing runs.
    _ = shell.travel(to: RecorderState())
    await waitUntil("the timer stopped again") { log.count("stop timer") == 2 }
    #expect(shell.runningWork.isEmpty)
    shell.end()
  }

  @Test("declared work with nothing to run it fails the test, saying how to fix it")
  func unrunWorkFailsLoudly() {
    withKnownIssue {
      let harness = ShellHarness(RecorderState()) { (_: Never, _) in }
      harness.send(.record)
      harness.shell.end()
    } matching: { issue in
      String(describing: issue).contains("declares ongoing work, but its shell was given nothing")
    }
  }

  @Test("a harness runs declared work, and the test asserts the events it sends")
  func harnessRunsIt() async {
    let log = WorkLog()
    let harness = ShellHarness(RecorderState(), ongoingWork: Self.runner(log)) {
      (_: Never, _) in
    }
    harness.send(.record)
    await harness.receive(.ticked)
    harness.send(.stop)
    await harness.finish()
    // Cancelled by `.stop`; it notes its end once its sleep wakes to the cancellation.
    await waitUntil("the timer stopped") { log.count("stop timer") == 1 }
  }

  @Test("the lifecycle article's recorder: its timer runs exactly while it records")
  func articleRecorder() {
    var recorder = Recorder()
    _ = recorder.handle(.record)
    #expect(recorder.ongoingWork == [.timer])

    let shell = Shell(Recorder()) { (_: Never, _) in }
    shell.runOngoingWork { work, send in
      switch work {
      case .timer:
        while (try? await Task.sleep(for: .seconds(1))) != nil { await send(.tick) }
      }
    }
    shell.start()
    shell.send(.record)  // the timer starts
    shell.send(.stop)  // and is cancelled
    shell.end()
    #expect(shell.runningWork.isEmpty)
  }
}

/// A recorder: its timer runs exactly while it records.
struct Recorder: OngoingWorkState {
  enum Event: Equatable, Sendable { case record, stop, tick }
  enum OngoingWork: Hashable, Sendable { case timer }
  struct ViewModel: Equatable, Sendable {
    var recording = false
    var seconds = 0
  }
  private(set) var viewModel = ViewModel()

  mutating func handle(_ event: Event) -> [Never] {
    switch event {
    case .record: viewModel.recording = true
    case .stop: viewModel.recording = false
    case .tick: viewModel.seconds += 1
    }
    return []
  }

  var ongoingWork: Set<OngoingWork> { viewModel.recording ? [.timer] : [] }
}
