import Foundation
import Testing
import Yaia
import YaiaTesting

// The wiring mistakes a trial made porting an app no one here wrote, each as a small failing
// program. Each must fail the test that makes it, at once (no wait for a timeout), at the line
// of the test that caused it, once, with advice naming the adopter's own type.
// (A screen pushed with a snapshot of a shared value cannot be told from a copy made on purpose
// at run time: `yaia lint` names it, see StateRuleTests.)

/// A screen that stamps what it records with the time it is told.
private struct Recorder: TimedState, ScreenState {
  var now = Date(timeIntervalSinceReferenceDate: -63_113_904_000)  // 0000-12-30, the trial's date
  var stamps: [Date] = []
  var viewModel: Int { stamps.count }
  mutating func handle(_ event: Bool) -> [String] {
    stamps.append(now)
    return event ? ["saved"] : []
  }
}

/// A plain screen.
private struct Detail: ScreenState {
  var taps = 0
  var viewModel: Int { taps }
  mutating func handle(_ event: Int) -> [Int] {
    taps += event
    return [event]
  }
}

/// A parent that is not timed, with a stack of any screens and one optional destination.
private struct Meetings: ShellState {
  enum Event: Equatable, Sendable {
    case path(Int, ScreenEvent)
    case destination(ScreenEvent)
    case closeTop
  }
  enum Command: Equatable {
    case path(Int, ScreenCommand)
    case destination(ScreenCommand)
  }
  var path = KeyedChildren<Int, AnyScreen>()
  var destination: AnyScreen?
  var viewModel: Int { path.count }

  init(_ screens: [any ScreenState] = [], destination: (any ScreenState)? = nil) {
    for (index, screen) in screens.enumerated() { path.append(AnyScreen(screen), id: index) }
    self.destination = destination.map { AnyScreen($0) }
  }

  mutating func handle(_ event: Event) -> [Command] {
    switch event {
    case .path(let id, let event): return handle(event, for: id, in: \.path) { .path(id, $0) }
    case .destination(let event):
      return handle(event, in: \.destination) { .destination($0) }
    case .closeTop:
      if let top = path.ids.last { path[id: top] = nil }
      return []
    }
  }
}

/// A state that declares ongoing work.
private struct Scanner: OngoingWorkState {
  var viewModel: Int { 0 }
  var ongoingWork: Set<String> { ["scan"] }
  mutating func handle(_ event: Int) -> [Never] { [] }
}

/// A timed meeting that still hands its timed recorder the event by hand, as the port did.
private struct Meeting: TimedState {
  var now = Date.distantPast
  var recorder = Recorder()
  var forwards = false
  var viewModel: Int { recorder.viewModel }
  mutating func handle(_ event: Bool) -> [String] {
    if forwards { return handle(event, in: \.recorder) { $0 } }
    // yaia-lint:disable:next state-wiring because this is the mistake the test makes
    return recorder.handle(event)  // by hand, so the recorder is told no time
  }
}

/// A label that reads a shared name, and keeps what it read at each event.
private struct Label: ShellState {
  var name: SharedReader<String>
  var read: [String] = []
  var viewModel: String { name.value }
  mutating func handle(_ event: Int) -> [Never] {
    // yaia-lint:disable:next state-wiring because the test keeps what each event read
    read.append(name.value)
    return []
  }
}

/// A card that hands its label the event by hand.
private struct Card: ShellState {
  var label: Label
  var viewModel: String { label.viewModel }
  mutating func handle(_ event: Int) -> [Never] {
    // yaia-lint:disable:next state-wiring because the test shows a reader served by hand too
    label.handle(event)
  }
}

/// A badge whose view model is made only of readers.
private struct Badge: ShellState {
  struct ViewModel: Equatable { var name: SharedReader<String> }
  var name: SharedReader<String>
  var viewModel: ViewModel { ViewModel(name: name) }
  mutating func handle(_ event: Int) -> [Never] { [] }
}

/// Whether `issue` says `text` and was filed at `line` of this file.
private func filed(_ issue: Issue, saying text: String, at line: Int) -> Bool {
  String(describing: issue).contains(text) && issue.sourceLocation?.line == line
    && issue.sourceLocation?.fileID.hasSuffix("WiringMistakesTests.swift") == true
}

@MainActor
@Suite("Every wiring mistake fails its test, at once, at its line")
struct WiringMistakesTests {
  @Test("1. the app's own shell of a timed root, made without now:")
  func appShellWithoutTime() {
    withKnownIssue {
      let shell = Shell(Recorder()) { _, _ in }  // the app's composition root, as ported
      shell.send(true)
      shell.send(true)  // one issue for the cause, not one per event
    } matching: { issue in
      // A plain Shell names no YaiaTesting call: the issue is filed at the test itself.
      String(describing: issue).contains(
        "Recorder is a TimedState, but its shell was made without `now:`")
        && issue.sourceLocation?.fileID.hasSuffix("WiringMistakesTests.swift") == true
    }
  }

  @Test("2. a harness of a timed root, made without now:")
  func harnessWithoutTime() {
    let line = #line + 3
    withKnownIssue {
      let harness = ShellHarness(Recorder()) { _, _ in }
      harness.send(false)
      harness.shell.end()
    } matching: {
      filed($0, saying: "ShellHarness(Recorder(…), now: …)", at: line)
    }
  }

  @Test("3. a timed screen on a stack whose parent and test tell no time")
  func timedScreenUntold() {
    let line = #line + 3
    withKnownIssue {
      Given(Meetings([Recorder()]))
        .when(.path(0, Recorder.event(false))).then([])
    } matching: { issue in
      filed(issue, saying: "Recorder is a TimedState, but nothing told the time", at: line)
        && !String(describing: issue).contains("make AnyScreen a TimedState")
    }
  }

  @Test("4. a time of another type than the timed screen keeps")
  func timeOfAnotherType() {
    let line = #line + 3
    withKnownIssue {
      let harness = ShellHarness(Meetings([Recorder()]), now: { 5 }) { _, _ in }
      harness.send(.path(0, Recorder.event(false)))
      harness.shell.end()
    } matching: {
      filed($0, saying: "keeps its time as Date, but the time told is a Int", at: line)
    }
  }

  @Test("5. an event for a screen id no longer on the stack")
  func screenIDNotOnStack() {
    let line = #line + 4
    withKnownIssue {
      let harness = ShellHarness(Meetings([Detail(), Detail()])) { _, _ in }
      harness.send(.closeTop)
      harness.send(.path(1, Detail.event(1)))
      harness.shell.end()
    } matching: {
      filed($0, saying: "Meetings dropped the event Detail: 1: no child under the id 1", at: line)
    }
  }

  @Test("6. an event for a screen of another type under the id")
  func screenOfAnotherType() {
    let line = #line + 3
    withKnownIssue {
      let harness = ShellHarness(Meetings([Detail()])) { _, _ in }
      harness.send(.path(0, Recorder.event(true)))
      harness.shell.end()
    } matching: {
      filed($0, saying: "it is for a Recorder, and the screen there is a Detail", at: line)
    }
  }

  @Test("7. an event for a destination that is not there")
  func destinationNotThere() {
    let line = #line + 2
    withKnownIssue {
      Given(Meetings()).when(.destination(Detail.event(1))).then([])
    } matching: {
      filed($0, saying: "the child at \\Meetings.destination is nil", at: line)
    }
  }

  @Test("8. a screen's command with no handler fails at once, and the receive after it too")
  func missingScreenHandler() async {
    let sendLine = #line + 8
    await withKnownIssue {
      let screens = ScreenHandlers()  // Detail's handler forgotten
      let harness = ShellHarness(Meetings([Detail()])) { command, effects in
        if case .path(let id, let command) = command {
          screens.run(command, effects.scope(\.path, id: id) { .path(id, $0) })
        }
      }
      harness.send(.path(0, Detail.event(1)))
      await harness.receive(.path(0, Detail.event(2)))  // nothing can send it: fails at once
      await harness.finish()
    } matching: { issue in
      filed(issue, saying: "no handler is registered for Detail", at: sendLine)
        || String(describing: issue).contains("no work was running that could send it")
    }
  }

  @Test("9. ongoing work declared with nothing to run it")
  func ongoingWorkNotRun() {
    let line = #line + 3
    withKnownIssue {
      let harness = ShellHarness(Scanner()) { _, _ in }
      harness.send(1)
      harness.shell.end()
    } matching: { issue in
      String(describing: issue).contains("Scanner declares ongoing work")
        && issue.sourceLocation?.fileID.hasSuffix("WiringMistakesTests.swift") == true
        && (issue.sourceLocation?.line ?? 0) >= line - 2
    }
  }

  @Test("10. a receive for an event that no running work can send fails at once")
  func receiveWithNothingRunning() async {
    await withKnownIssue {
      let harness = ShellHarness(Meetings([Detail()])) { _, _ in }
      await harness.receive(.closeTop)
      await harness.finish()
    } matching: {
      String(describing: $0).contains("no work was running that could send it")
    }
  }

  @Test("11. a plain Shell test fails for a timed screen nobody tells, whatever ran before it")
  func plainShellFailsInAnyOrder() {
    // No Given and no ShellHarness anywhere in this test: the recorder is found by mechanism.
    withKnownIssue {
      let shell = Shell(Meetings([Recorder()])) { _, _ in }
      shell.send(.path(0, Recorder.event(false)))
    } matching: {
      String(describing: $0).contains("Recorder is a TimedState, but nothing told the time")
    }
  }

  @Test("12. a row removed before its late event arrives: fine where the test says so")
  func droppedOnPurpose() async {
    let harness = ShellHarness(Meetings([Detail()]), exhaustivity: .off) { _, _ in }
    harness.send(.closeTop)
    harness.send(.path(0, Detail.event(1)))  // a late answer for the closed screen
    await harness.finish()
    allowingDroppedEvents {
      Given(Meetings()).when(.path(0, Detail.event(1))).then([])
    }
  }

  @Test("13. each cause is reported once per test, however many events repeat it")
  func oncePerCause() {
    let count = Locked(0)
    withKnownIssue {
      let harness = ShellHarness(Meetings([Recorder()])) { _, _ in }
      for _ in 0..<10 { harness.send(.path(0, Recorder.event(false))) }
      harness.shell.end()
    } matching: { issue in
      count.withLock { $0 += 1 }
      return String(describing: issue).contains("nothing told the time")
    }
    #expect(count.withLock { $0 } == 1)
  }

  @Test("14. a timed screen handed its event by hand, in a value test")
  func timedChildByHand() {
    let at = Date(timeIntervalSince1970: 1_800_000_000)
    let line = #line + 2
    withKnownIssue {
      Given(Meeting(now: at)).when(true).then(["saved"])
    } matching: {
      filed($0, saying: "Recorder, a TimedState in Meeting, stored its `now`", at: line)
    }
    // Forwarded through the helper, the same meeting is told the time and stamps it.
    let forwarded = Given(Meeting(now: at, forwards: true)).when(true).then(["saved"])
    #expect(forwarded.recorder.stamps == [at])
  }

  @Test("15. a timed screen handed its event by hand, under a harness")
  func timedChildByHandInHarness() {
    let at = Date(timeIntervalSince1970: 1_800_000_000)
    let line = #line + 3
    withKnownIssue {
      let harness = ShellHarness(Meeting(), now: { at }) { _, _ in }
      harness.send(true)
      harness.shell.end()
    } matching: {
      filed($0, saying: "Forward the event with `handle(event, in:", at: line)
    }
  }

  @Test("16. a child that reads a shared value, handed its event by hand: served")
  func sharedChildByHand() {
    let name = Shared("Standup")
    let card = Card(label: Label(name: name.reader))
    name.set("Daily")  // renamed elsewhere, after the card was made
    let after = Given(card).when(1).then([], viewModel: "Daily")
    #expect(after.label.read == ["Daily"])  // the reader is the newest value, however reached
  }

  @Test("17. a view model made only of readers is published again when the value changes")
  func viewModelOfReaders() {
    let name = Shared("Standup")
    let view = CapturingView<Badge.ViewModel>()
    let shell = Shell(Badge(name: name.reader)) { _, _ in }
    shell.attach(view)
    name.set("Daily")  // no event: the shell finds the reader in the view model
    #expect(view.rendered.map(\.name.value).last == "Daily")
    #expect(view.rendered.count == 2)
  }
}
