import Testing
import Yaia
import YaiaTesting

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
    #expect(unread.reader != Shared(1).reader)
    #expect(SharedReader.constant(4).value == 4)
    #expect(unread.reader.description == "shared(2)")
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
