import Testing
import Yaia
import YaiaTesting

/// A download row: starts, reports progress, finishes.
struct Download: ShellState, Equatable {
  enum Event: Equatable, Sendable {
    case start
    case progress(Int)
  }
  enum Command: Equatable { case fetch }
  var percent = 0
  var viewModel: Int { percent }

  mutating func handle(_ event: Event) -> [Command] {
    switch event {
    case .start: return [.fetch]
    case .progress(let value):
      percent = value
      return []
    }
  }
}

/// A screen with an optional detail and a keyed list of downloads.
struct Downloads: ShellState {
  enum Event: Equatable, Sendable {
    case add(String)
    case remove(String)
    case row(String, Download.Event)
    case openDetail, closeDetail
    case detail(Download.Event)
  }
  enum Command: Equatable {
    case row(String, Download.Command)
    case detail(Download.Command)
  }
  struct ViewModel: Equatable {
    var rows: [ChildViewModel<String, Int>]
    var detail: Int?
  }
  var rows = KeyedChildren<String, Download>()
  var detail: Download?

  mutating func handle(_ event: Event) -> [Command] {
    switch event {
    case .add(let id):
      rows.append(Download(), id: id)
      return []
    case .remove(let id):
      rows.remove(id: id)
      return []
    case .row(let id, let event):
      return handle(event, for: id, in: \.rows) { .row(id, $0) }
    case .openDetail:
      detail = Download()
      return []
    case .closeDetail:
      detail = nil
      return []
    case .detail(let event):
      return handle(event, in: \.detail, lift: Command.detail)
    }
  }

  var viewModel: ViewModel { ViewModel(rows: rows.viewModels, detail: detail?.viewModel) }
}

/// The download row's own shell: one switch, the same inside any parent.
@MainActor
enum DownloadShell {
  static func run(
    _ command: Download.Command, _ effects: ShellEffects<Download>,
    transfer: @escaping @Sendable () async -> Void
  ) {
    switch command {
    case .fetch:
      effects.run(id: "fetch") { send in
        await send(.progress(50))
        await transfer()
        await send(.progress(100))
      }
    }
  }
}

/// The downloads screen's shell: the row's shell, scoped to each row and to the detail.
/// `transfer` is told which download it moves (a row's id, or "detail").
@MainActor
func downloadsShell(transfer: @escaping @Sendable (String) async -> Void) -> Shell<Downloads> {
  Shell(Downloads()) { command, effects in
    switch command {
    case .row(let id, let command):
      DownloadShell.run(command, effects.scope(\.rows, id: id) { .row(id, $0) }) {
        await transfer(id)
      }
    case .detail(let command):
      DownloadShell.run(command, effects.scope(\.detail, Downloads.Event.detail)) {
        await transfer("detail")
      }
    }
  }
}

@MainActor
@Suite("Composition: optional and keyed children")
struct ChildrenTests {
  /// The screen's shell, each transfer held until the test opens the gate under its name.
  static func shell(gate: TestGate) -> Shell<Downloads> {
    downloadsShell { await gate.wait($0) }
  }

  @Test("events reach the keyed child by id; events for a removed child are dropped")
  func keyedForwarding() {
    allowingDroppedEvents {
      var state = Downloads()
      _ = state.handle(.add("a"))
      _ = state.handle(.add("b"))
      #expect(state.handle(.row("b", .start)) == [.row("b", .fetch)])
      _ = state.handle(.row("a", .progress(30)))
      _ = state.handle(.remove("a"))
      #expect(state.handle(.row("a", .progress(90))) == [])
      #expect(state.viewModel.rows == [ChildViewModel(id: "b", viewModel: 0)])
    }
  }

  @Test("events for an absent optional child are dropped")
  func optionalForwarding() {
    allowingDroppedEvents {
      var state = Downloads()
      #expect(state.handle(.detail(.start)) == [])
      _ = state.handle(.openDetail)
      #expect(state.handle(.detail(.start)) == [.detail(.fetch)])
    }
  }

  /// A shell with rows "a" and "b", each running its fetch.
  static func twoRowsFetching(gate: TestGate) -> Shell<Downloads> {
    let shell = Self.shell(gate: gate)
    shell.send(.add("a"))
    shell.send(.add("b"))
    shell.send(.row("a", .start))
    shell.send(.row("b", .start))
    return shell
  }

  @Test("two rows run work under the same id without cancelling each other")
  func idsScopedPerChild() async {
    let gate = TestGate()
    let shell = Self.twoRowsFetching(gate: gate)
    #expect(shell.runningWorkCount == 2)
    await gate.open("a")
    await gate.open("b")
    await settle(shell)
    #expect(shell.viewModel.rows.map(\.viewModel) == [100, 100])
  }

  @Test("removing a row cancels its work; the other row's work goes on")
  func removalCancelsWork() async {
    let gate = TestGate()
    let shell = Self.twoRowsFetching(gate: gate)
    shell.send(.remove("a"))
    #expect(shell.runningWork.map(\.id) == [#"\Downloads.rows["b"] / "fetch""#])
    shell.send(.add("a"))  // a new row under the old id does not revive the old work
    await gate.open("a")
    await gate.open("b")
    await settle(shell)
    #expect(shell.viewModel.rows.map(\.viewModel) == [100, 0])
  }

  @Test("closing the optional child cancels its work")
  func closingCancelsWork() async {
    let gate = TestGate()
    let shell = Self.shell(gate: gate)
    shell.send(.openDetail)
    shell.send(.detail(.start))
    #expect(shell.runningWorkCount == 1)
    shell.send(.closeDetail)
    #expect(shell.runningWorkCount == 0)
    await gate.open("detail")
    await settle(shell)
    #expect(shell.viewModel.detail == nil)
  }

  @Test("two versions of a keyed collection give the table's row animations")
  func rowAnimations() {
    var old = KeyedChildren<String, Download>()
    for id in ["a", "b", "c"] { old.append(Download(), id: id) }
    var new = old
    new.remove(id: "a")
    new[id: "c"]?.percent = 40
    new.append(Download(), id: "d")
    let animations = RowAnimations(from: old, to: new)
    #expect(animations.deletes == [0])
    #expect(animations.inserts == [2])
    #expect(animations.reloads == [2])
    #expect(animations.applied(to: old.viewModels, new: new.viewModels) == new.viewModels)
  }

  @Test("a keyed collection keeps order, replaces in place, inserts, sorts stably")
  func keyedChildrenCollection() {
    var rows = KeyedChildren([Download(percent: 3), Download(percent: 1)]) { "\($0.percent)" }
    rows.append(Download(percent: 3), id: "3")
    rows.insert(Download(percent: 2), id: "2", at: 1)
    rows.insert(Download(percent: 9), id: "9", at: 99)
    #expect(rows.ids == ["3", "2", "1", "9"])
    rows.sort { $0.percent < $1.percent }
    #expect(rows.ids == ["1", "2", "3", "9"])
    #expect(rows.map(\.state.percent) == [1, 2, 3, 9])
    rows[id: "2"] = nil
    #expect(rows.count == 3)
    #expect(rows[id: "2"] == nil)
  }
}

@MainActor
@Suite("Composition: children's work and the shell's lifetime")
struct ChildrenLifetimeTests {
  @Test("a shell whose rows have work running is released, and the rows' work cancelled")
  func noLeak() async {
    let gate = TestGate()
    var shell: Shell<Downloads>? = ChildrenTests.shell(gate: gate)
    shell?.send(.add("a"))
    shell?.send(.row("a", .start))
    shell?.send(.openDetail)
    shell?.send(.detail(.start))
    let running = shell?.runningWork ?? []
    #expect(running.count == 2)
    weak let released = shell
    shell = nil
    #expect(released == nil)
    await gate.open("a")
    await gate.open("detail")
    for _ in 0..<1000 where running.contains(where: { !$0.isFinished }) { await Task.yield() }
    #expect(running.allSatisfy { $0.isFinished })
  }

  @Test("removals and moves by offsets, as a list's delete and reorder hand them over")
  func offsets() {
    var rows = KeyedChildren<String, Download>()
    for id in ["a", "b", "c", "d", "e"] { rows.append(Download(), id: id) }
    var moved = rows
    moved.move(fromOffsets: [0, 2], toOffset: 4)  // SwiftUI's onMove: before "e"
    #expect(moved.ids == ["b", "d", "a", "c", "e"])
    moved.move(fromOffsets: [4], toOffset: 0)
    #expect(moved.ids == ["e", "b", "d", "a", "c"])
    moved.move(fromOffsets: [1, 99, -1], toOffset: 99)
    #expect(moved.ids == ["e", "d", "a", "c", "b"], "out of range ignored, destination clamped")
    #expect(rows.remove(atOffsets: [3, 1, 1, 7]) == ["b", "d"])
    #expect(rows.ids == ["a", "c", "e"])
    #expect(rows[id: "b"] == nil)
    #expect(rows.count == 3)
  }

  /// A list whose rows ask to be deleted: the parent reacts to a row's result.
  struct Tasks: ShellState {
    struct Row: ShellState, Equatable {
      enum Event: Sendable {
        case deleteTapped
        case renamed(String)
      }
      enum Command: Equatable { case delete }
      var title: String
      var viewModel: String { title }
      mutating func handle(_ event: Event) -> [Command] {
        switch event {
        case .deleteTapped: return [.delete]
        case .renamed(let title):
          self.title = title
          return []
        }
      }
    }
    /// A badge that only shows what it is told.
    struct Badge: ShellState, Equatable {
      var count = 0
      var viewModel: Int { count }
      mutating func handle(_ event: Int) -> [Never] {
        count = event
        return []
      }
    }
    enum Event: Sendable {
      case row(String, Row.Event)
      case badge(Int)
      case rowBadge(String, Int)
    }
    enum Command: Equatable { case deleted(String) }
    var rows = KeyedChildren<String, Row>()
    var badges = KeyedChildren<String, Badge>()
    var badge: Badge?
    var viewModel: [String] { rows.map(\.state.title) }

    mutating func handle(_ event: Event) -> [Command] {
      switch event {
      case .row(let id, let event):
        return handle(event, for: id, in: \.rows) { list, command in
          switch command {
          case .delete:
            list.rows[id: id] = nil
            return [.deleted(id)]
          }
        }
      case .badge(let count): return handle(count, in: \.badge)
      case .rowBadge(let id, let count): return handle(count, for: id, in: \.badges)
      }
    }
  }

  @Test("a parent reacts to a keyed child's result; children that ask nothing need no lift")
  func keyedReact() {
    allowingDroppedEvents {
      var state = Tasks()
      state.rows.append(Tasks.Row(title: "Milk"), id: "1")
      state.rows.append(Tasks.Row(title: "Eggs"), id: "2")
      #expect(state.handle(.row("1", .renamed("Oat milk"))) == [])
      #expect(state.handle(.row("2", .deleteTapped)) == [.deleted("2")])
      #expect(state.viewModel == ["Oat milk"])
      #expect(state.handle(.row("2", .deleteTapped)) == [], "a removed row hears nothing")
      #expect(state.handle(.badge(3)) == [])
      #expect(state.badge == nil, "an absent optional child stays absent")
      state.badge = Tasks.Badge()
      _ = state.handle(.badge(3))
      #expect(state.badge?.count == 3)
      state.badges.append(Tasks.Badge(), id: "1")
      _ = state.handle(.rowBadge("1", 7))
      _ = state.handle(.rowBadge("9", 7))
      #expect(state.badges.map(\.state.count) == [7])
    }
  }
}
