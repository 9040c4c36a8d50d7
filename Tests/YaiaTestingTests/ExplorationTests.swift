import Testing
import Yaia
import YaiaTesting

/// An edit form, made inside `handle`.
private struct Form: ScreenState {
  var ids: IDSequence
  var items: [GeneratedID] = []
  var viewModel: Int { items.count }
  mutating func handle(_ event: Bool) -> [String] {
    items.append(ids.next())
    return event ? ["save"] : []
  }
}

/// A list that opens forms, with a planted mistake chosen by the test.
private struct Lists: ShellState {
  enum Event: Equatable, Sendable {
    case open, close
    case add(Bool)
    case late
  }
  enum Mistake { case none, freshSequence, lateEvent, negativeCount }
  var mistake: Mistake
  var ids = IDSequence()
  var forms = KeyedChildren<Int, AnyScreen>()
  var count = 0
  var viewModel: Int { forms.count }

  mutating func handle(_ event: Event) -> [ScreenCommand] {
    switch event {
    case .open:
      // yaia-lint:disable:next state-purity because this is the mistake the exploration finds
      let sequence = mistake == .freshSequence ? IDSequence() : ids.split()
      forms.append(AnyScreen(Form(ids: sequence)), id: forms.count)
      return []
    case .close:
      if let last = forms.ids.last { forms[id: last] = nil }
      count -= mistake == .negativeCount ? 1 : 0
      return []
    case .add(let save):
      guard let top = forms.ids.last else { return [] }
      return handle(Form.event(save), for: top, in: \.forms) { $0 }
    case .late:
      // A late answer: the mistake sends it to a form that may be closed.
      return mistake == .lateEvent ? handle(Form.event(false), for: 0, in: \.forms) { $0 } : []
    }
  }
}

private func offered(_ state: Lists) -> [Lists.Event] {
  var events: [Lists.Event] = [.open, .late]
  if !state.forms.isEmpty { events += [.close, .add(false), .add(true)] }
  return events
}

@MainActor
@Suite("Exploring a state's event sequences")
struct ExplorationTests {
  let handlers = ScreenHandlers().on(Form.self) { _, _ in }

  @Test("a state without mistakes holds through every sequence, and says how much it tried")
  func cleanStateHolds() async {
    let report = await explore(
      Lists(mistake: .none), depth: 10, sequences: 300, events: offered, screens: handlers,
      draws: { $0 == Form.self }, invariant: { $0.count < 0 ? "count \($0.count)" : nil })
    #expect(report.finding == nil)
    #expect(report.sequences == 300)
    #expect(report.steps > 1_000)
  }

  @Test("two forms given IDSequence() in handle are found, shrunk to open, add, open, add")
  func repeatedIDsFound() async {
    var report: ExplorationReport<Lists.Event>?
    await withKnownIssue {
      report = await explore(Lists(mistake: .freshSequence), depth: 12, events: offered)
    } matching: {
      String(describing: $0).contains("two IDSequences share the namespace")
    }
    #expect(report?.shortest.count == 4, "\(report?.shortest ?? [])")
    #expect(report?.shortest.first == .open)
    #expect(report?.shortest.filter { $0 == .open }.count == 2)
  }

  @Test("an event sent to a closed form is found as a wiring issue")
  func lateEventFound() async {
    var report: ExplorationReport<Lists.Event>?
    await withKnownIssue {
      report = await explore(Lists(mistake: .lateEvent), depth: 12, events: offered)
    } matching: {
      String(describing: $0).contains("dropped the event Form: false")
    }
    #expect(report?.shortest == [.late])
  }

  @Test("a screen command with no handler, a screen nobody draws, a broken invariant")
  func otherFindings() async {
    await withKnownIssue {
      await explore(Lists(mistake: .none), events: offered, screens: ScreenHandlers())
    } matching: {
      String(describing: $0).contains("no handler is registered for Form")
    }
    await withKnownIssue {
      await explore(Lists(mistake: .none), events: offered, draws: { _ in false })
    } matching: {
      String(describing: $0).contains("Form is on screen, but nothing draws it")
    }
    var report: ExplorationReport<Lists.Event>?
    await withKnownIssue {
      report = await explore(
        Lists(mistake: .negativeCount), events: offered,
        invariant: { $0.count < 0 ? "count is \($0.count)" : nil })
    } matching: {
      String(describing: $0).contains("the invariant failed: count is -1")
    }
    #expect(report?.shortest == [.open, .close])
  }

  @Test("the same seed plays the same sequences")
  func seeded() async {
    var first: ExplorationReport<Lists.Event>?
    var second: ExplorationReport<Lists.Event>?
    await withKnownIssue(isIntermittent: false) {
      first = await explore(Lists(mistake: .freshSequence), depth: 12, seed: 9, events: offered)
      second = await explore(Lists(mistake: .freshSequence), depth: 12, seed: 9, events: offered)
    }
    #expect(first?.sequences == second?.sequences && first?.steps == second?.steps)
  }
}
