import Foundation
import Testing
import Yaia
import YaiaTesting

/// A recording screen that stamps each line with the time: the timed state most tempted to read
/// a clock, nested below parents that are not timed.
struct RecordingState: TimedState, Equatable {
  enum Event: Equatable, Sendable { case said(String) }
  var now = Date.distantPast
  var lines: [String] = []
  var viewModel: [String] { lines }

  mutating func handle(_ event: Event) -> [Never] {
    switch event {
    case .said(let text): lines.append("\(Int(now.timeIntervalSince1970)) \(text)")
    }
    return []
  }
}

/// A root that is not timed, holding timed children every way a parent can: fixed, optional,
/// keyed.
struct MeetingRoom: ShellState, Equatable {
  enum Event: Equatable, Sendable {
    case main(RecordingState.Event)
    case sheet(RecordingState.Event)
    case row(Int, RecordingState.Event)
  }
  var main = RecordingState()
  var sheet: RecordingState? = RecordingState()
  var rows = KeyedChildren<Int, RecordingState>([RecordingState()], id: { _ in 1 })
  var viewModel: [String] {
    main.lines + (sheet?.lines ?? []) + rows.flatMap { $0.state.lines }
  }

  mutating func handle(_ event: Event) -> [Never] {
    switch event {
    case .main(let event): handle(event, in: \.main)
    case .sheet(let event): handle(event, in: \.sheet)
    case .row(let id, let event): handle(event, for: id, in: \.rows)
    }
  }
}

/// A timed root over the same children: a value test sets its `now` once, for the whole tree.
struct TimedRoom: TimedState, Equatable {
  var now = Date.distantPast
  var room = MeetingRoom()
  var viewModel: [String] { room.viewModel }

  mutating func handle(_ event: MeetingRoom.Event) -> [Never] {
    handle(event, in: \.room)
  }
}

@Suite("Time reaches every timed state in the tree, with no forwarding code")
struct NestedTimeTests {
  @MainActor
  @Test("a shell told the time tells it to timed children of a root that is not timed")
  func shellTellsNestedChildren() {
    let time = SteppedTime(from: Date(timeIntervalSince1970: 100), by: 10)
    let shell = Shell(MeetingRoom(), now: time.next) { (_: Never, _) in }
    shell.send(.main(.said("hello")))
    shell.send(.sheet(.said("sheet")))
    shell.send(.row(1, .said("row")))
    #expect(shell.viewModel == ["100 hello", "110 sheet", "120 row"])
  }

  @Test("a value test that sets the timed root's now fixes it for every child")
  func timedRootFixesItOnce() {
    var start = TimedRoom()
    start.now = Date(timeIntervalSince1970: 42)
    Given(start)
      .when(.main(.said("a")), .sheet(.said("b")), .row(1, .said("c")))
      .then(viewModel: ["42 a", "42 b", "42 c"])
  }

  @Test("withEventTime fixes the time for a value test of a root that is not timed")
  func withEventTimeForValues() {
    withEventTime(Date(timeIntervalSince1970: 7)) {
      Given(MeetingRoom())
        .when(.main(.said("a")), .row(1, .said("b")))
        .then(viewModel: ["7 a", "7 b"])
    }
  }

  @Test("a timed child nobody tells the time fails the test, naming both states")
  func forgottenTimeFailsLoudly() {
    let line = #line + 2
    withKnownIssue {
      Given(MeetingRoom()).when(.main(.said("a"))).then([])
    } matching: { issue in
      let text = String(describing: issue)
      return text.contains("RecordingState is a TimedState")
        && text.contains("the event MeetingRoom handed it")
        && issue.sourceLocation?.line == line  // the test's line, not the library's
    }
  }

  @MainActor
  @Test("a time of another type than the child keeps fails the test")
  func wrongTimeTypeFailsLoudly() {
    withKnownIssue {
      let harness = ShellHarness(MeetingRoom(), now: { 5 }) { (_: Never, _) in }
      harness.send(.main(.said("a")))
      harness.shell.end()
    } matching: { issue in
      String(describing: issue).contains("keeps its time as Date, but the time told is a Int")
    }
  }
}
