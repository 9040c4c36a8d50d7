import Foundation
import Testing
import Yaia
import YaiaFlow
import YaiaTesting

/// A meeting of the app: what the list, the detail and the recording screens all show.
struct Meeting: Equatable, Sendable, Identifiable {
  var id: Int
  var title: String
}

/// A meeting's detail screen: shows the meeting's title from the shared list (so a rename
/// shows at once), loads its notes, can ask to be edited or recorded.
struct MeetingDetail: ScreenState {
  enum Event: Equatable, Sendable {
    case appeared
    case notesLoaded(String)
    case editTapped
    case recordTapped
  }
  enum Command: Equatable, Sendable {
    case loadNotes(Int)
    case edit(Meeting)
    case record(Meeting)
  }
  var meetings: SharedReader<[Meeting]>
  var id: Int
  var notes = ""
  var meeting: Meeting? { meetings.value.first { $0.id == id } }
  var viewModel: String { "detail \(meeting?.title ?? "(deleted)"): \(notes)" }

  mutating func handle(_ event: Event) -> [Command] {
    switch event {
    case .appeared: return [.loadNotes(id)]
    case .notesLoaded(let notes):
      self.notes = notes
      return []
    case .editTapped: return meeting.map { [.edit($0)] } ?? []
    case .recordTapped: return meeting.map { [.record($0)] } ?? []
    }
  }
}

/// A form that renames a meeting and reports the renamed meeting as its result.
struct MeetingEdit: ScreenState {
  enum Event: Equatable, Sendable {
    case typed(String)
    case saveTapped
  }
  enum Command: Equatable, Sendable { case saved(Meeting) }
  var meeting: Meeting
  var draft: String
  var viewModel: String { "edit \(draft)" }

  mutating func handle(_ event: Event) -> [Command] {
    switch event {
    case .typed(let text):
      draft = text
      return []
    case .saveTapped:
      meeting.title = draft
      return [.saved(meeting)]
    }
  }
}

/// A meeting being recorded: each line said is stamped with the time it was said. It is a
/// `TimedState` on a stack whose root is not timed: the shell's time reaches it by itself.
struct MeetingRecord: ScreenState, TimedState {
  enum Event: Equatable, Sendable { case said(String) }
  var now = Date.distantPast
  var meetings: SharedReader<[Meeting]>
  var id: Int
  var transcript: [String] = []
  var viewModel: String {
    let title = meetings.value.first { $0.id == id }?.title ?? "(deleted)"
    return "record \(title): \(transcript.joined(separator: ", "))"
  }

  mutating func handle(_ event: Event) -> [Never] {
    switch event {
    case .said(let text): transcript.append("\(Int(now.timeIntervalSince1970))s \(text)")
    }
    return []
  }
}

/// A list of meetings over a stack of meeting screens, and a prompt before deleting. The
/// state names each screen only where it pushes it; the UI names it once more where it draws it.
struct Meetings: ShellState, Equatable {
  enum Event: Equatable, Sendable {
    case meetingTapped(Int)
    case path(ScreenID, ScreenEvent)
    case userNavigated(NavigationOperation<ScreenID>)
    case deleteTapped(Int)
    case destination(ScreenEvent)
  }
  enum Command: Equatable, Sendable {
    case navigate([NavigationOperation<ScreenID>])
    case path(ScreenID, ScreenCommand)
    case save([Meeting])
  }
  enum DeleteChoice: Equatable, Sendable { case delete(Int) }

  var meetings: SharedReader<[Meeting]>
  var path = ScreenStack<AnyScreen>()
  var destination: AnyScreen?
  var viewModel: [String] {
    meetings.value.map(\.title) + path.viewModels.compactMap { $0.viewModel.base as? String }
  }

  mutating func handle(_ event: Event) -> [Command] {
    switch event {
    case .meetingTapped(let id):
      return [.navigate(path.change { $0.push(MeetingDetail(meetings: meetings, id: id)) })]
    case .path(let id, let event):
      return handle(event, for: id, in: \.path) { app, command in
        if case .edit(let meeting)? = command.as(MeetingDetail.self) {
          let edit = MeetingEdit(meeting: meeting, draft: meeting.title)
          return [.navigate(app.path.change { $0.push(edit) })]
        }
        if case .record(let meeting)? = command.as(MeetingDetail.self) {
          let record = MeetingRecord(meetings: app.meetings, id: meeting.id)
          return [.navigate(app.path.change { $0.push(record) })]
        }
        if case .saved(let meeting)? = command.as(MeetingEdit.self) {
          let saved = app.meetings.value.map { $0.id == meeting.id ? meeting : $0 }
          return [.save(saved), .navigate(app.path.change { $0.pop(from: id) })]
        }
        return [.path(id, command)]
      }
    case .userNavigated(let operation):
      path.apply(operation)
      return []
    case .deleteTapped(let id):
      guard let meeting = meetings.value.first(where: { $0.id == id }) else { return [] }
      destination = AnyScreen(
        Prompt(
          title: "Delete \(meeting.title)?",
          buttons: [.destructive("Delete", action: DeleteChoice.delete(id)), .cancel("Keep")]))
      return []
    case .destination(let event):
      return handle(event, in: \.destination) { app, command in
        app.destination = nil
        guard case .delete(let id)?? = command.as(Prompt<DeleteChoice>.self) else { return [] }
        return [.save(app.meetings.value.filter { $0.id != id })]
      }
    }
  }
}

let standupAndRetro = [Meeting(id: 1, title: "Standup"), Meeting(id: 2, title: "Retro")]

@Suite("A stack of screen states")
struct ScreenStackTests {
  @Test("pushing adds a screen's state under a new id; popping removes it; ids are never reused")
  func pushAndPop() {
    let meetings = SharedReader.constant(standupAndRetro)
    var stack = ScreenStack<AnyScreen>()
    let first = stack.push(MeetingDetail(meetings: meetings, id: 1))
    let second = stack.push(MeetingEdit(meeting: standupAndRetro[0], draft: ""))
    #expect(stack.ids == [ScreenID(0), ScreenID(1)])
    #expect(stack.topID == second)
    #expect(stack.top?.is(MeetingEdit.self) == true)
    stack.pop()
    let third = stack.push(MeetingDetail(meetings: meetings, id: 2))
    #expect(third == ScreenID(2), "a popped id is not given again")
    #expect(stack[id: second] == nil)
    #expect(stack.ids(of: MeetingDetail.self) == [first, third])
    stack.pop(to: first)
    #expect(stack.ids == [first])
    stack.pop(count: 9)
    #expect(stack.isEmpty)
    stack.pop()
    #expect(stack.isEmpty, "popping an empty stack leaves the root")
  }

  @Test("screens compare by type and state; setting nil pops; an unknown id changes nothing")
  func subscriptSetter() {
    let meetings = SharedReader.constant(standupAndRetro)
    var stack = ScreenStack<AnyScreen>()
    for id in [1, 2, 1] { stack.push(MeetingDetail(meetings: meetings, id: id)) }
    stack[id: ScreenID(7)] = AnyScreen(MeetingDetail(meetings: meetings, id: 2))
    #expect(stack.count == 3)
    stack[id: ScreenID(1)] = AnyScreen(MeetingEdit(meeting: standupAndRetro[1], draft: "R"))
    #expect(
      stack[id: ScreenID(1)] == AnyScreen(MeetingEdit(meeting: standupAndRetro[1], draft: "R")))
    #expect(
      stack[id: ScreenID(1)] != AnyScreen(MeetingEdit(meeting: standupAndRetro[1], draft: "")))
    #expect(
      stack[id: ScreenID(0)] != AnyScreen(MeetingEdit(meeting: standupAndRetro[0], draft: "")))
    #expect(stack[id: ScreenID(1)]?.as(MeetingEdit.self)?.draft == "R")
    #expect(stack[id: ScreenID(1)]?.as(MeetingDetail.self) == nil)
    stack[id: ScreenID(1)] = nil
    #expect(stack.ids == [ScreenID(0)])
  }

  @Test("a change gives the router's operations: pops, then pushes of the new ids")
  func operations() {
    let meetings = SharedReader.constant(standupAndRetro)
    var stack = ScreenStack<AnyScreen>()
    let pushed = stack.change {
      $0.push(MeetingDetail(meetings: meetings, id: 1))
      $0.push(MeetingDetail(meetings: meetings, id: 2))
    }
    #expect(pushed == [.push(ScreenID(0)), .push(ScreenID(1))])
    let replaced = stack.change {
      $0.pop()
      $0.push(MeetingDetail(meetings: meetings, id: 2))
    }
    #expect(replaced == [.pop(count: 1), .push(ScreenID(2))])
    #expect(stack.change { _ in } == [])
    #expect(stack.change { $0.popAll() } == [.pop(count: 2)])
  }

  @Test("the user's Back from the platform pops through the same stack")
  func userBack() {
    let meetings = SharedReader.constant(standupAndRetro)
    var stack = ScreenStack<AnyScreen>()
    for id in [1, 2, 1] { stack.push(MeetingDetail(meetings: meetings, id: id)) }
    #expect(stack.apply(.pop(count: 1)) == [ScreenID(2)])
    #expect(stack.apply(.setStack([ScreenID(0)])) == [ScreenID(1)])
    #expect(stack.apply(.push(ScreenID(9))) == [], "the platform cannot make a screen's state")
    #expect(stack.apply(.setStack([ScreenID(5)])) == [ScreenID(0)], "unknown ids are no prefix")
    #expect(stack.isEmpty)
  }

  @Test("events reach a screen by id; a parent reacts to a screen's result and pops it")
  func parentReacts() {
    allowingDroppedEvents {
      let editing = Given(Meetings(meetings: .constant(standupAndRetro)))
        .when(
          .meetingTapped(1), .path(ScreenID(0), MeetingDetail.event(.appeared)),
          .path(ScreenID(0), MeetingDetail.event(.editTapped))
        )
        .then([
          .navigate([.push(ScreenID(0))]), .path(ScreenID(0), MeetingDetail.command(.loadNotes(1))),
          .navigate([.push(ScreenID(1))]),
        ])
      let saved = Given(editing)
        .when(
          .path(ScreenID(1), MeetingEdit.event(.typed("Daily"))),
          .path(ScreenID(1), MeetingEdit.event(.saveTapped))
        )
        .then([
          .save([Meeting(id: 1, title: "Daily"), Meeting(id: 2, title: "Retro")]),
          .navigate([.pop(count: 1)]),
        ])
      // A late event for the popped screen is dropped, and so is an event for another screen type.
      Given(saved)
        .when(
          .path(ScreenID(1), MeetingEdit.event(.saveTapped)),
          .path(ScreenID(0), MeetingEdit.event(.saveTapped))
        )
        .then([])
    }
  }

  @Test("an alert's button reaches its parent; closing a dialog counts as its cancel button")
  func promptReachesParent() {
    allowingDroppedEvents {
      var state = Meetings(meetings: .constant(standupAndRetro))
      _ = state.handle(.deleteTapped(2))
      #expect(
        state.destination?.as(Prompt<Meetings.DeleteChoice>.self)
          == Prompt(
            title: "Delete Retro?",
            buttons: [.destructive("Delete", action: .delete(2)), .cancel("Keep")]))
      let deleted = state.handle(.destination(Prompt<Meetings.DeleteChoice>.event(.tapped(0))))
      #expect(deleted == [.save([Meeting(id: 1, title: "Standup")])])
      #expect(state.destination == nil)
      _ = state.handle(.deleteTapped(1))
      #expect(state.handle(.destination(Prompt<Meetings.DeleteChoice>.event(.dismissed))) == [])
      #expect(state.destination == nil, "Keep has no action")
      #expect(
        state.handle(.destination(Prompt<Meetings.DeleteChoice>.event(.tapped(0)))) == [],
        "a prompt that is gone does nothing")
    }
  }

  @Test("a prompt answers a position that is no button with nothing")
  func promptPositions() {
    var prompt = Prompt<Int>(.confirmationDialog, title: "Pick", buttons: [.init("One", action: 1)])
    #expect(prompt.handle(.tapped(0)) == [1])
    #expect(prompt.handle(.tapped(5)) == [nil])
    #expect(prompt.handle(.tapped(-1)) == [nil])
    #expect(prompt.handle(.dismissed) == [nil], "no cancel button: answered with no action")
    #expect(Prompt<Int>(title: "Done").buttons == [.cancel("OK")])
  }
}

/// The meetings app's shell over a router that records what the platform would show, with the
/// meetings shared and the time told by `now`. A screen's notes load under the screen's id,
/// held at `gate` until the test opens it.
@MainActor
func meetingsShell(
  gate: TestGate, meetings: Shared<[Meeting]>, now: @escaping @MainActor () -> Date = Date.init
) -> (Shell<Meetings>, Router<ScreenID, CapturingNavigator<ScreenID>>) {
  let router = Router(navigator: CapturingNavigator<ScreenID>()) { $0 }
  let screens = ScreenHandlers()
    .on(MeetingDetail.self) { command, effects in
      switch command {
      case .loadNotes(let id):
        effects.run(id: "notes") {
          await gate.wait()
          return .notesLoaded("notes of #\(id)")
        }
      case .edit, .record: break  // results: the parent reacts to them
      }
    }
  let shell = Shell(Meetings(meetings: meetings.reader), now: now) { command, effects in
    switch command {
    case .navigate(let operations): router.apply(operations)
    case .path(let id, let command):
      screens.run(command, effects.scope(\.path, id: id) { .path(id, $0) })
    case .save(let list): meetings.set(list)
    }
  }
  router.onUserNavigation = { shell.send(.userNavigated($0)) }
  return (shell, router)
}

@MainActor
@Suite("A stack of screen states in a shell")
struct ScreenStackShellTests {
  @Test("popping a screen cancels its work and drops its late events")
  func popSweepsWork() async {
    let gate = TestGate()
    let (shell, router) = meetingsShell(gate: gate, meetings: Shared(standupAndRetro))
    shell.send(.meetingTapped(1))
    shell.send(.path(ScreenID(0), MeetingDetail.event(.appeared)))
    #expect(shell.runningWorkCount == 1)
    router.navigator.pop(count: 1)  // the user's Back, done by the platform,
    router.userNavigated(.pop(count: 1))  // and reported to the router
    #expect(shell.runningWorkCount == 0)
    #expect(shell.state.path.isEmpty)
    await gate.open()
    #expect(await settle(shell))
    #expect(shell.viewModel == ["Standup", "Retro"])
    #expect(router.journal == [.push(ScreenID(0)), .pop(count: 1)])
  }

  @Test("a screen's work that is not swept delivers to that screen by id")
  func workDelivers() async {
    let gate = TestGate()
    let (shell, router) = meetingsShell(gate: gate, meetings: Shared(standupAndRetro))
    shell.send(.meetingTapped(1))
    shell.send(.meetingTapped(2))
    shell.send(.path(ScreenID(0), MeetingDetail.event(.appeared)))
    await gate.open()
    #expect(await settle(shell))
    #expect(
      shell.viewModel == ["Standup", "Retro", "detail Standup: notes of #1", "detail Retro: "])
    #expect(router.navigator.stack == [ScreenID(0), ScreenID(1)])
  }

  @Test("a shared list reaches every screen on the stack, with no forwarding code")
  func sharedReachesScreens() {
    let meetings = Shared(standupAndRetro)
    let (shell, _) = meetingsShell(gate: TestGate(), meetings: meetings)
    shell.send(.meetingTapped(1))
    shell.send(.path(ScreenID(0), MeetingDetail.event(.editTapped)))
    shell.send(.path(ScreenID(1), MeetingEdit.event(.typed("Daily"))))
    shell.send(.path(ScreenID(1), MeetingEdit.event(.saveTapped)))
    #expect(shell.viewModel == ["Daily", "Retro", "detail Daily: "], "the detail below shows it")
    meetings.set([Meeting(id: 1, title: "Planning")])  // written elsewhere: another shell, a sync
    #expect(shell.viewModel == ["Planning", "detail Planning: "], "no event needed")
  }

  @Test("a timed screen on the stack reads the time the shell was told, with no forwarding code")
  func timeReachesScreens() {
    let time = SteppedTime(from: Date(timeIntervalSince1970: 60), by: 30)
    let (shell, _) = meetingsShell(
      gate: TestGate(), meetings: Shared(standupAndRetro), now: time.next)
    shell.send(.meetingTapped(2))  // at 60
    shell.send(.path(ScreenID(0), MeetingDetail.event(.recordTapped)))  // at 90
    shell.send(.path(ScreenID(1), MeetingRecord.event(.said("hello"))))  // at 120
    shell.send(.path(ScreenID(1), MeetingRecord.event(.said("bye"))))  // at 150
    #expect(shell.viewModel.last == "record Retro: 120s hello, 150s bye")
  }

  @Test("a screen's command with no handler fails the test, naming the screen")
  func missingHandlerIsLoud() {
    withKnownIssue {
      let harness = ShellHarness(Meetings(meetings: .constant(standupAndRetro))) {
        command, effects in
        if case .path(let id, let command) = command {
          ScreenHandlers().run(command, effects.scope(\.path, id: id) { .path(id, $0) })
        }
      }
      harness.send(.meetingTapped(1))
      harness.send(.path(ScreenID(0), MeetingDetail.event(.appeared)))
      harness.shell.end()
    } matching: { issue in
      String(describing: issue).contains("no handler is registered for MeetingDetail")
    }
  }
}

/// A stack whose view model lists its ids: what a SwiftUI `NavigationStack(path:)` is bound to.
struct MeetingPath: ShellState {
  enum Event: Equatable, Sendable {
    case meetingTapped(Int)
    case userNavigated(NavigationOperation<ScreenID>)
  }
  var meetings = SharedReader.constant(standupAndRetro)
  var path = ScreenStack<AnyScreen>()
  var viewModel: [ScreenID] { path.ids }

  mutating func handle(_ event: Event) -> [Never] {
    switch event {
    case .meetingTapped(let id): path.push(MeetingDetail(meetings: meetings, id: id))
    case .userNavigated(let operation): path.apply(operation)
    }
    return []
  }
}

@MainActor
@Suite("A navigation path bound to a shell")
struct NavigationPathTests {
  @Test("the binding shows the stack's ids; the platform's shorter path pops the same stack")
  func popsThroughTheState() {
    var sent: [MeetingPath.Event] = []
    let shell = Shell(MeetingPath()) { (_: Never, _) in }
    shell.trace = { sent.append($0.event) }
    let path = shell.navigationPath(\.self, userNavigated: MeetingPath.Event.userNavigated)
    for id in [1, 2, 1] { shell.send(.meetingTapped(id)) }
    #expect(path.value == [ScreenID(0), ScreenID(1), ScreenID(2)])
    path.set([ScreenID(0), ScreenID(1), ScreenID(2)])
    #expect(sent.count == 3, "the path shown, set again, sends nothing")
    path.set([ScreenID(0)])  // a long press on Back, to the first screen
    #expect(sent.last == .userNavigated(.setStack([ScreenID(0)])))
    #expect(shell.viewModel == [ScreenID(0)])
    path.set([ScreenID(0), ScreenID(9)])  // the platform cannot make a screen's state
    #expect(shell.viewModel == [ScreenID(0)])
    path.set([])
    #expect(shell.viewModel.isEmpty)
  }
}

/// The stack article's meeting app, explored: every sequence of taps a user can make, up to 10
/// long, reaches no wiring issue, no screen command without a handler, and no screen the UI
/// cannot draw.
@MainActor
@Suite("The stack article's meeting app, explored")
struct ExploredMeetingsTests {
  /// What a user (or the detail's notes loading) can do in `app`.
  static func offered(_ app: Meetings) -> [Meetings.Event] {
    var events = app.meetings.value.flatMap {
      [Meetings.Event.meetingTapped($0.id), .deleteTapped($0.id)]
    }
    if app.destination != nil {
      events += [0, 1].map { .destination(Prompt<Meetings.DeleteChoice>.event(.tapped($0))) }
    }
    guard let top = app.path.topID, let screen = app.path.top else { return events }
    events.append(.userNavigated(.pop(count: 1)))
    if screen.is(MeetingDetail.self) {
      events += [.appeared, .notesLoaded("notes"), .editTapped, .recordTapped].map {
        .path(top, MeetingDetail.event($0))
      }
    } else if screen.is(MeetingEdit.self) {
      events += [
        .path(top, MeetingEdit.event(.typed("Daily"))), .path(top, MeetingEdit.event(.saveTapped)),
      ]
    } else if screen.is(MeetingRecord.self) {
      events.append(.path(top, MeetingRecord.event(.said("hello"))))
    }
    return events
  }

  @Test("300 sequences of up to 10 taps reach no wiring mistake")
  func explored() async {
    let handlers = ScreenHandlers().on(MeetingDetail.self) { _, _ in }
    let drawn: [any ScreenState.Type] = [
      MeetingDetail.self, MeetingEdit.self, MeetingRecord.self, Prompt<Meetings.DeleteChoice>.self,
    ]
    let report = await explore(
      Meetings(meetings: .constant(standupAndRetro)), depth: 10, sequences: 300, seed: 7,
      eventTime: Date(timeIntervalSince1970: 60), events: Self.offered, screens: handlers,
      draws: { screen in drawn.contains { ObjectIdentifier($0) == ObjectIdentifier(screen) } })
    #expect(report.finding == nil)
    print(
      "exploration: the stack article's meetings, depth 10, \(report.sequences) sequences, \(report.steps) events"
    )
  }
}
