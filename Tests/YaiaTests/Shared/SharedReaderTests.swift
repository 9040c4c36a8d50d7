import CustomDump
import Testing
import Yaia
import YaiaTesting

/// A detail screen that is its own view model and holds the meetings it shows: the shape of the
/// ported meeting app, where the detail sits under an edit form.
struct MeetingCard: ScreenState {
  var meetings: SharedReader<[String: String]>
  var id: String
  var viewModel: MeetingCard { self }
  var title: String { meetings.value[id] ?? "Deleted" }
  mutating func handle(_ event: Never) -> [Never] {}
}

/// The edit form on top of it.
struct RenameForm: ScreenState {
  var draft = ""
  var viewModel: String { draft }
  mutating func handle(_ event: String) -> [Never] {
    draft = event
    return []
  }
}

/// A stack of any screens, as the port keeps it.
struct MeetingScreens: ShellState {
  var screens = KeyedChildren<Int, AnyScreen>()
  var viewModel: [ChildViewModel<Int, ScreenViewModel>] { screens.viewModels }
  mutating func handle(_ event: ScreenEvent) -> [ScreenCommand] {
    handle(event, for: screens.ids.last ?? 0, in: \.screens) { $0 }
  }
}

/// A badge that shows the shared unread count: it holds a reader, never a copy.
struct Badge: ShellState {
  enum Event: Sendable { case readAll }
  enum Command: Equatable { case markRead }
  var unread: SharedReader<Int>
  var viewModel: String { unread.value == 0 ? "" : "\(unread.value)" }
  mutating func handle(_ event: Event) -> [Command] {
    unread.value == 0 ? [] : [.markRead]
  }
}

@MainActor
@Suite("SharedReader: a shared value every state reads, with no forwarding and no echo")
struct SharedReaderTests {
  @Test("two shells that read one value show every change at once, with no event")
  func everyShellShowsIt() {
    let unread = Shared(3)
    let badge = Shell(Badge(unread: unread.reader)) { _, _ in }
    let inbox = Shell(Badge(unread: unread.reader)) { command, _ in
      if command == .markRead { unread.set(0) }
    }
    var rendered: [String] = []
    badge.onRender { rendered.append($0) }
    unread.set(5)
    #expect(badge.viewModel == "5")
    #expect(inbox.viewModel == "5")
    inbox.send(.readAll)  // the shell writes during its own event: published once it is done
    #expect(inbox.viewModel == "")
    #expect(badge.viewModel == "")
    #expect(rendered == ["3", "5", ""])
    var copy = inbox.state
    #expect(copy.handle(.readAll) == [], "handle reads the newest value too")
  }

  @Test("the sharing article's example: a badge and an inbox read one count")
  func articleExample() {
    let unread = Shared(3)
    let badge = Shell(Badge(unread: unread.reader)) { _, _ in }
    let inbox = Shell(Badge(unread: unread.reader)) { command, _ in
      if command == .markRead { unread.set(0) }
    }
    unread.set(5)
    #expect(badge.viewModel == "5")
    inbox.send(.readAll)
    #expect(badge.viewModel == "")
  }

  @Test("an ended shell is left alone; readers compare by the value they read")
  func endedAndEquality() {
    let unread = Shared(1)
    let shell = Shell(Badge(unread: unread.reader)) { _, _ in }
    shell.end()
    unread.set(2)
    #expect(shell.viewModel == "1")
    #expect(unread.reader == unread.reader)
    #expect(unread.reader != Shared(1).reader, "2 is not 1")
    #expect(unread.reader == Shared(2).reader, "a reader is a value: equal values, equal readers")
    #expect(SharedReader.constant(4).value == 4)
    #expect(unread.reader.description == "shared(2)")
  }

  @Test("a screen that is its own view model shows a rename made elsewhere, with no event")
  func readerInViewModelRepublished() {
    let meetings = Shared(["m1": "Standup"])
    var stack = MeetingScreens()
    stack.screens.append(AnyScreen(MeetingCard(meetings: meetings.reader, id: "m1")), id: 0)
    stack.screens.append(AnyScreen(RenameForm()), id: 1)
    let shell = Shell(stack) { _, _ in }
    var titles: [String] = []
    shell.onRender { rows in
      titles.append(rows.first?.viewModel.as(MeetingCard.self)?.title ?? "none")
    }
    meetings.set(["m1": "Daily"])  // renamed by another shell, another screen: no event here
    #expect(titles == ["Standup", "Daily"], "the detail under the form was not drawn again")
    meetings.set(["m1": "Daily"])  // no change: nothing drawn
    Shared(["x": "y"]).set(["x": "z"])  // another value: this shell's screens do not read it
    #expect(titles == ["Standup", "Daily"])
  }

  @Test("two readers that differ show their values in a diff")
  func readerDiff() {
    let difference = diff(Shared(["a"]).reader, Shared(["b"]).reader)
    #expect(difference?.contains("\"a\"") == true && difference?.contains("\"b\"") == true)
    #expect(difference?.contains("no difference detected") == false)
  }

  @Test("a harness following a reader needs no echo event per write")
  func harnessNoEcho() async {
    let unread = Shared(2)
    let harness = ShellHarness(Badge(unread: unread.reader)) { command, _ in
      if command == .markRead { unread.set(0) }
    }
    harness.send(.readAll)
    #expect(harness.shell.viewModel == "")
    await harness.finish()
  }
}
