import Foundation
import Testing
import Yaia
import YaiaTesting

/// An editor that stamps each line with the time it is told.
private struct Editor: TimedState {
  var now = Date.distantPast
  var lines: [Date] = []
  var viewModel: Int { lines.count }
  mutating func handle(_ event: Int) -> [Never] {
    lines.append(now)
    return []
  }
}

/// Two editors, forwarded to through the helpers, and a list of dates copied from them.
private struct Desk: TimedState {
  enum Event: Sendable {
    case left(Int)
    case right(Int)
    case copyLeft
    case openThird
  }
  var now = Date.distantPast
  var left = Editor()
  var right = Editor()
  var third: Editor?
  var copied: [Date] = []
  var viewModel: Int { left.viewModel + right.viewModel }
  mutating func handle(_ event: Event) -> [Never] {
    switch event {
    case .left(let event): return handle(event, in: \.left)
    case .right(let event): return handle(event, in: \.right)
    case .copyLeft: copied += left.lines
    case .openThird: third = Editor()  // made with its initial time, stamping nothing yet
    }
    return []
  }
}

/// A download whose start defaults to the same value as its untold time.
private struct Download: TimedState {
  var now = Date.distantPast
  var startedAt = Date.distantPast
  var viewModel: Int { 0 }
  mutating func handle(_ event: Int) -> [Never] { [] }
}

/// A board that adds rows made with their initial times.
private struct Board: TimedState {
  enum Event: Sendable { case add }
  var now = Date.distantPast
  var rows: [Download] = []
  var viewModel: Int { rows.count }
  mutating func handle(_ event: Event) -> [Never] {
    rows.append(Download())
    return []
  }
}

/// What the check of a stale stamp (a timed child handed its event by hand) leaves alone: each
/// case here must pass without any issue.
@Suite("A stale stamp is reported only where one was made")
struct UntoldStampTests {
  let first = Date(timeIntervalSince1970: 1_000)
  let second = Date(timeIntervalSince1970: 2_000)

  @Test("an editor not handed this event keeps its older time and stamps")
  func untouchedChildKeepsItsTime() {
    var desk = Given(Desk(now: first)).when(.left(1)).then([])
    desk.now = second
    let after = Given(desk).when(.right(1)).then([])
    #expect(after.left.lines == [first])
    #expect(after.right.lines == [second])
  }

  @Test("a date copied from an editor whose time is older is no new stamp")
  func copiedStampIsNotReported() {
    var desk = Given(Desk(now: first)).when(.left(1)).then([])
    desk.now = second
    let after = Given(desk).when(.copyLeft, .copyLeft).then([])
    #expect(after.copied == [first, first])
  }

  @Test("a timed row made during the event with fields set to its initial time is no stamp")
  func newRowWithInitialFields() {
    let after = Given(Board(now: first)).when(.add, .add).then([])
    #expect(after.rows.count == 2)
  }

  @Test("a timed child made during the event, with its initial time, stamps nothing")
  func newChildWithInitialTime() {
    let after = Given(Desk(now: first)).when(.openThird).then([])
    #expect(after.third?.lines == [])
  }
}
