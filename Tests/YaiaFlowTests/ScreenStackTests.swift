import Testing
import Yaia
import YaiaFlow
import YaiaTesting

/// A meeting's detail screen: loads its notes, can ask to be edited.
struct MeetingDetail: ShellState, Equatable {
  enum Event: Equatable, Sendable {
    case appeared
    case notesLoaded(String)
    case editTapped
  }
  enum Command: Equatable {
    case loadNotes(String)
    case edit(String)
  }
  var meeting: String
  var notes = ""
  var viewModel: String { "\(meeting): \(notes)" }

  mutating func handle(_ event: Event) -> [Command] {
    switch event {
    case .appeared: return [.loadNotes(meeting)]
    case .notesLoaded(let notes):
      self.notes = notes
      return []
    case .editTapped: return [.edit(meeting)]
    }
  }
}

/// A form that renames a meeting and reports the new name as its result.
struct MeetingEdit: ShellState, Equatable {
  enum Event: Equatable, Sendable {
    case typed(String)
    case saveTapped
  }
  enum Command: Equatable { case saved(old: String, new: String) }
  var meeting: String
  var draft: String
  var viewModel: String { draft }

  mutating func handle(_ event: Event) -> [Command] {
    switch event {
    case .typed(let text):
      draft = text
      return []
    case .saveTapped: return [.saved(old: meeting, new: draft)]
    }
  }
}

/// The app's screens: what its navigation stack holds.
enum MeetingScreen: ShellState, Equatable {
  case detail(MeetingDetail)
  case edit(MeetingEdit)

  enum Event: Equatable, Sendable {
    case detail(MeetingDetail.Event)
    case edit(MeetingEdit.Event)
  }
  enum Command: Equatable {
    case detail(MeetingDetail.Command)
    case edit(MeetingEdit.Command)
  }

  mutating func handle(_ event: Event) -> [Command] {
    switch (self, event) {
    case (.detail(var state), .detail(let event)):
      defer { self = .detail(state) }
      return state.handle(event).map(Command.detail)
    case (.edit(var state), .edit(let event)):
      defer { self = .edit(state) }
      return state.handle(event).map(Command.edit)
    default: return []
    }
  }

  var viewModel: String {
    switch self {
    case .detail(let state): "detail \(state.viewModel)"
    case .edit(let state): "edit \(state.viewModel)"
    }
  }
}

/// A list of meetings over a stack of meeting screens, and a prompt before deleting.
struct Meetings: ShellState, Equatable {
  enum Destination: ShellState, Equatable {
    case confirmDelete(Prompt<DeleteChoice>)
    typealias Event = PromptEvent
    typealias Command = DeleteChoice?
    mutating func handle(_ event: PromptEvent) -> [DeleteChoice?] {
      switch self {
      case .confirmDelete(var prompt):
        defer { self = .confirmDelete(prompt) }
        return prompt.handle(event)
      }
    }
    var viewModel: Prompt<DeleteChoice> {
      switch self {
      case .confirmDelete(let prompt): prompt
      }
    }
  }
  enum DeleteChoice: Equatable, Sendable { case delete(String) }

  enum Event: Equatable, Sendable {
    case meetingTapped(String)
    case path(ScreenID, MeetingScreen.Event)
    case userNavigated(NavigationOperation<ScreenID>)
    case deleteTapped(String)
    case destination(PromptEvent)
  }
  enum Command: Equatable {
    case navigate([NavigationOperation<ScreenID>])
    case path(ScreenID, MeetingScreen.Command)
  }

  var meetings = ["Standup", "Retro"]
  var path = ScreenStack<MeetingScreen>()
  var destination: Destination?
  var viewModel: [String] { meetings + path.viewModels.map(\.viewModel) }

  mutating func handle(_ event: Event) -> [Command] {
    switch event {
    case .meetingTapped(let meeting):
      return [.navigate(path.change { $0.push(.detail(MeetingDetail(meeting: meeting))) })]
    case .path(let id, let event):
      return handle(event, for: id, in: \.path) { app, command in
        switch command {
        case .detail(.edit(let meeting)):
          return [
            .navigate(
              app.path.change { $0.push(.edit(MeetingEdit(meeting: meeting, draft: meeting))) })
          ]
        case .edit(.saved(let old, let new)):
          app.meetings = app.meetings.map { $0 == old ? new : $0 }
          return [.navigate(app.path.change { $0.pop(from: id) })]
        default:
          return [.path(id, command)]
        }
      }
    case .userNavigated(let operation):
      path.apply(operation)
      return []
    case .deleteTapped(let meeting):
      destination = .confirmDelete(
        Prompt(
          title: "Delete \(meeting)?",
          buttons: [.destructive("Delete", action: .delete(meeting)), .cancel("Keep")]))
      return []
    case .destination(let event):
      return handle(event, in: \.destination) { app, choice in
        app.destination = nil
        switch choice {
        case .delete(let meeting): app.meetings.removeAll { $0 == meeting }
        case nil: break
        }
        return []
      }
    }
  }
}

@Suite("A stack of screen states")
struct ScreenStackTests {
  @Test("pushing adds a screen's state under a new id; popping removes it; ids are never reused")
  func pushAndPop() {
    var stack = ScreenStack<MeetingScreen>()
    let first = stack.push(.detail(MeetingDetail(meeting: "Standup")))
    let second = stack.push(.edit(MeetingEdit(meeting: "Standup", draft: "")))
    #expect(stack.ids == [ScreenID(0), ScreenID(1)])
    #expect(stack.topID == second)
    stack.pop()
    let third = stack.push(.detail(MeetingDetail(meeting: "Retro")))
    #expect(third == ScreenID(2), "a popped id is not given again")
    #expect(stack[id: second] == nil)
    stack.pop(to: first)
    #expect(stack.ids == [first])
    stack.pop(count: 9)
    #expect(stack.isEmpty)
    stack.pop()
    #expect(stack.isEmpty, "popping an empty stack leaves the root")
  }

  @Test("setting a screen to nil pops it and every screen above; an unknown id changes nothing")
  func subscriptSetter() {
    var stack = ScreenStack<MeetingScreen>([
      .detail(MeetingDetail(meeting: "a")), .detail(MeetingDetail(meeting: "b")),
      .detail(MeetingDetail(meeting: "c")),
    ])
    stack[id: ScreenID(7)] = .detail(MeetingDetail(meeting: "x"))
    #expect(stack.count == 3)
    stack[id: ScreenID(1)] = .detail(MeetingDetail(meeting: "B"))
    #expect(stack[id: ScreenID(1)] == .detail(MeetingDetail(meeting: "B")))
    stack[id: ScreenID(1)] = nil
    #expect(stack.ids == [ScreenID(0)])
  }

  @Test("a change gives the router's operations: pops, then pushes of the new ids")
  func operations() {
    var stack = ScreenStack<MeetingScreen>()
    let pushed = stack.change {
      $0.push(.detail(MeetingDetail(meeting: "a")))
      $0.push(.detail(MeetingDetail(meeting: "b")))
    }
    #expect(pushed == [.push(ScreenID(0)), .push(ScreenID(1))])
    let replaced = stack.change {
      $0.pop()
      $0.push(.detail(MeetingDetail(meeting: "b")))
    }
    #expect(replaced == [.pop(count: 1), .push(ScreenID(2))])
    #expect(stack.change { _ in } == [])
    #expect(stack.change { $0.popAll() } == [.pop(count: 2)])
  }

  @Test("the user's Back from the platform pops through the same stack")
  func userBack() {
    var stack = ScreenStack<MeetingScreen>([
      .detail(MeetingDetail(meeting: "a")), .detail(MeetingDetail(meeting: "b")),
      .detail(MeetingDetail(meeting: "c")),
    ])
    #expect(stack.apply(.pop(count: 1)) == [ScreenID(2)])
    #expect(stack.apply(.setStack([ScreenID(0)])) == [ScreenID(1)])
    #expect(stack.apply(.push(ScreenID(9))) == [], "the platform cannot make a screen's state")
    #expect(stack.apply(.setStack([ScreenID(5)])) == [ScreenID(0)], "unknown ids are no prefix")
    #expect(stack.isEmpty)
  }

  @Test("events reach a screen by id; a parent reacts to a screen's result and pops it")
  func parentReacts() {
    let editing = Given(Meetings())
      .when(
        .meetingTapped("Standup"), .path(ScreenID(0), .detail(.appeared)),
        .path(ScreenID(0), .detail(.editTapped))
      )
      .then([
        .navigate([.push(ScreenID(0))]), .path(ScreenID(0), .detail(.loadNotes("Standup"))),
        .navigate([.push(ScreenID(1))]),
      ])
    let saved = Given(editing)
      .when(.path(ScreenID(1), .edit(.typed("Daily"))), .path(ScreenID(1), .edit(.saveTapped)))
      .then([.navigate([.pop(count: 1)])], viewModel: ["Daily", "Retro", "detail Standup: "])
    // A late event for the popped screen is dropped.
    Given(saved).when(.path(ScreenID(1), .edit(.saveTapped))).then([])
  }

  @Test("an alert's button reaches its parent; closing a dialog counts as its cancel button")
  func promptReachesParent() {
    var state = Meetings()
    _ = state.handle(.deleteTapped("Retro"))
    #expect(
      state.destination
        == .confirmDelete(
          Prompt(
            title: "Delete Retro?",
            buttons: [.destructive("Delete", action: .delete("Retro")), .cancel("Keep")])))
    _ = state.handle(.destination(.tapped(0)))
    #expect(state.meetings == ["Standup"])
    #expect(state.destination == nil)
    _ = state.handle(.deleteTapped("Standup"))
    _ = state.handle(.destination(.dismissed))
    #expect(state.meetings == ["Standup"], "Keep has no action")
    #expect(state.destination == nil)
    #expect(state.handle(.destination(.tapped(0))) == [], "a prompt that is gone does nothing")
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

/// The meetings app's shell over a router that records what the platform would show. A
/// screen's notes load under the screen's id, held at `gate` until the test opens it.
@MainActor
func meetingsShell(gate: TestGate) -> (
  Shell<Meetings>, Router<ScreenID, RecordingNavigator<ScreenID>>
) {
  let router = Router(navigator: RecordingNavigator<ScreenID>()) { $0 }
  let shell = Shell(Meetings()) { command, effects in
    switch command {
    case .navigate(let operations): router.apply(operations)
    case .path(let id, .detail(.loadNotes(let meeting))):
      effects.scope(\.path, id: id) { .path(id, $0) }.run(id: "notes") {
        await gate.wait()
        return .detail(.notesLoaded("notes of \(meeting)"))
      }
    case .path: break
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
    let (shell, router) = meetingsShell(gate: gate)
    shell.send(.meetingTapped("Standup"))
    shell.send(.path(ScreenID(0), .detail(.appeared)))
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
    let (shell, router) = meetingsShell(gate: gate)
    shell.send(.meetingTapped("Standup"))
    shell.send(.meetingTapped("Retro"))
    shell.send(.path(ScreenID(0), .detail(.appeared)))
    await gate.open()
    #expect(await settle(shell))
    #expect(
      shell.viewModel == ["Standup", "Retro", "detail Standup: notes of Standup", "detail Retro: "])
    #expect(router.navigator.stack == [ScreenID(0), ScreenID(1)])
  }
}

/// A stack whose view model lists its ids: what a SwiftUI `NavigationStack(path:)` is bound to.
struct MeetingPath: ShellState {
  enum Event: Equatable, Sendable {
    case meetingTapped(String)
    case userNavigated(NavigationOperation<ScreenID>)
  }
  var path = ScreenStack<MeetingScreen>()
  var viewModel: [ScreenID] { path.ids }

  mutating func handle(_ event: Event) -> [Never] {
    switch event {
    case .meetingTapped(let meeting): path.push(.detail(MeetingDetail(meeting: meeting)))
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
    for meeting in ["Standup", "Retro", "Planning"] { shell.send(.meetingTapped(meeting)) }
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
