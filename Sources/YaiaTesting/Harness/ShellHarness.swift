import Foundation
public import Testing
public import Yaia

/// Runs a real `Shell` with plain functions in place of services and a recording UI, and
/// checks every event it handled, every command it ran and every view model it rendered.
///
/// The command handler you pass is the feature's own `switch`, with the services replaced by
/// functions that return at once (or streams the test feeds). Events the test sends are
/// asserted by sending them; events the shell's work sends back must be asserted with
/// ``receive(_:timeout:sourceLocation:_:)``. Every wait is bounded and fails naming what it
/// waited for, so a harness test can fail but never hang.
///
/// ```swift
/// @Test @MainActor
/// func searchShowsResults() async {
///   let harness = ShellHarness(SearchState()) { command, effects in
///     SearchShell.run(command, effects, search: { query in [query.uppercased()] })
///   }
///   harness.send(.searchTapped("swift")) { $0.isSearching = true }
///   await harness.receive(.results(["SWIFT"])) {
///     $0.isSearching = false
///     $0.results = ["SWIFT"]
///   }
///   await harness.finish()
/// }
/// ```
///
/// The harness is **exhaustive** by default: when the test calls ``finish(timeout:sourceLocation:)``,
/// or otherwise when the harness is released, it fails if an event the shell received was
/// never asserted or if work is still running (naming its id). Set ``exhaustivity`` to
/// ``Exhaustivity/off`` for a test that only checks some of what happens.
///
/// The harness also records a journal of every handled event, so
/// ``verifyReplay(sourceLocation:)`` can prove that replaying them into a fresh state gives the
/// same view models: that no I/O leaked into the state.
@MainActor
public final class ShellHarness<State: ShellState> where State.Event: Sendable {
  /// How much a harness insists on.
  public enum Exhaustivity: Sendable, Equatable {
    /// Every received event must be asserted, and no work may be running at the end.
    case on
    /// Received events may go unasserted (``receive(_:timeout:sourceLocation:_:)`` skips
    /// over them to the one expected), and work may still run at the end.
    case off
  }

  /// One event the shell handled, as the harness saw it.
  public struct Handled {
    /// The event.
    public let event: State.Event
    /// The commands it produced.
    public let commands: [State.Command]
    /// The view model right before it.
    public let viewModelBefore: State.ViewModel
    /// The view model right after it.
    public let viewModel: State.ViewModel
    /// Whether the test sent it (rather than the shell's work or command handler).
    public let sentByTest: Bool
  }

  /// The shell under test.
  public let shell: Shell<State>
  /// The recording UI attached to the shell (it owns the shell, as a real UI would).
  public let view = CapturingView<State.ViewModel>()
  /// Whether unasserted events and running work fail the test at the end.
  public var exhaustivity: Exhaustivity {
    didSet { ledger.update { $0.isExhaustive = exhaustivity == .on } }
  }
  /// The bound of every wait (real time) unless a call gives its own.
  public var timeout: Duration

  private let log: CommandLog<State.Command>
  private let initialState: State
  private let creation: SourceLocation
  private var sentByTest = false
  private var lastViewModel: State.ViewModel
  /// The state after the last event, for the checks that compare before and after.
  private var lastState: State
  /// Every event handled, in order.
  public private(set) var handled: [Handled] = []
  /// Events the shell received (not sent by the test) that no `receive` has asserted yet.
  private var unasserted: [Handled] = [] {
    didSet {
      let events = unasserted.map { dumped($0.event) }
      ledger.update { $0.unassertedEvents = events }
    }
  }
  private let arrivals = Pulse()
  /// Fires whenever the shell's running work changes.
  private let workChanged = Pulse()
  /// Whether the last wait for events stopped because no work was running.
  private var stoppedForNoWork = false
  private var isFinished = false {
    didSet { ledger.update { $0.isFinished = isFinished } }
  }
  /// What the end-of-test checks need, kept current on the main actor so that a release from
  /// anywhere can check it.
  private nonisolated let ledger = EndOfTestLedger()

  /// Starts a shell from `state` with `commands` as its command handler, attaches the
  /// capturing view (which keeps the initial view model), and starts the shell (running
  /// `initial` commands and `sources`).
  ///
  /// - Parameters:
  ///   - state: The feature's state before the test.
  ///   - initial: Commands the shell runs when it starts, as in the app.
  ///   - sources: Event sources bound to the shell, as in the app (streams the test feeds).
  ///   - exhaustivity: Whether unasserted events and running work fail the test (default on).
  ///   - timeout: The bound of every wait, in real time (default 30 seconds: far from any honest
  ///     run on a loaded machine, since it only proves that nothing hangs).
  ///   - sourceLocation: Where end-of-test failures of a harness released without
  ///     ``finish(timeout:sourceLocation:)`` are reported.
  ///   - handler: The feature's command handler, with plain functions for services.
  public convenience init(
    _ state: State, initial: [State.Command] = [], sources: [EventSource<State.Event>] = [],
    exhaustivity: Exhaustivity = .on, timeout: Duration = .seconds(30),
    sourceLocation: SourceLocation = #_sourceLocation,
    commands handler: @escaping Shell<State>.CommandHandler
  ) {
    self.init(
      state, initial: initial, sources: sources, exhaustivity: exhaustivity, timeout: timeout,
      sourceLocation: sourceLocation, beforeStart: nil, commands: handler)
  }

  /// The same, with `beforeStart` given the shell before it starts (to give it what runs its
  /// ongoing work).
  init(
    _ state: State, initial: [State.Command], sources: [EventSource<State.Event>],
    exhaustivity: Exhaustivity, timeout: Duration, sourceLocation: SourceLocation,
    beforeStart: ((Shell<State>) -> Void)?,
    commands handler: @escaping Shell<State>.CommandHandler
  ) {
    let log = CommandLog<State.Command>()
    self.log = log
    self.initialState = state
    self.exhaustivity = exhaustivity
    self.timeout = timeout
    self.creation = sourceLocation
    self.lastViewModel = state.viewModel
    self.lastState = state
    self.shell = Shell(state, initial: initial, sources: sources) { command, effects in
      log.commands.append(command)
      handler(command, effects)
    }
    shell.startJournal()
    shell.attach(view)
    shell.trace = { [weak self] entry in self?.record(entry) }
    let ledger = self.ledger
    let workChanged = self.workChanged
    let arrivals = self.arrivals
    ledger.update { $0.isExhaustive = exhaustivity == .on }
    shell.onWorkChange { [weak shell] in
      let running = shell?.runningWork.map(\.id) ?? []
      ledger.update { $0.runningWork = running }
      workChanged.fire()
      arrivals.fire()  // a wait for events stops once no work is left that could send one
    }
    beforeStart?(shell)
    WiringIssueRecorder.at(sourceLocation, exhaustive: exhaustivity == .on) { shell.start() }
  }

  deinit {
    // Released without finish(): check what the ledger mirrored on the main actor. The
    // failures go to the test that released the harness (its task-locals are this code's).
    for failure in ledger.endOfTestFailures() { reportFailure(failure, at: creation) }
  }

  /// Every view model rendered so far, starting with the initial one.
  public var rendered: [State.ViewModel] { view.rendered }

  /// Every command run so far, in order.
  public var commands: [State.Command] { log.commands }

  /// Every event handled so far, in order, whoever sent it.
  public var events: [State.Event] { handled.map(\.event) }

  // MARK: Sending

  /// Sends events to the shell, in order. They count as asserted.
  public func send(_ events: State.Event..., sourceLocation: SourceLocation = #_sourceLocation) {
    for event in events { sendByTest(event, at: sourceLocation) }
  }

  /// Sends `event` and checks the view model right after it: the view model before, changed
  /// by `update`. `{ $0.count = 1 }` says exactly what the event changed, and nothing else.
  public func send(
    _ event: State.Event, sourceLocation: SourceLocation = #_sourceLocation,
    _ update: (inout State.ViewModel) -> Void
  ) {
    let before = shell.state.viewModel
    sendByTest(event, at: sourceLocation)
    guard let index = handled.lastIndex(where: \.sentByTest) else { return }
    check(handled[index], at: index, from: before, update, sourceLocation: sourceLocation)
  }

  /// Sends `event` and checks the state once the send is done: the state before, changed by
  /// `update`. (When the event's commands send events at once, those are handled within the
  /// same send, and their changes belong in `update` too.)
  @_disfavoredOverload  // a state that is its own view model: `send(e) { … }` means this one
  public func send(
    _ event: State.Event, sourceLocation: SourceLocation = #_sourceLocation,
    state update: (inout State) -> Void
  ) where State: Equatable {
    var expected = shell.state
    sendByTest(event, at: sourceLocation)
    update(&expected)
    // `shell.state` is the state after this event and whatever it queued in the same send.
    guard shell.state != expected else { return }
    let position = handled.lastIndex(where: \.sentByTest) ?? handled.count - 1
    recordMismatch(
      "State differs after \(describeEvent(event, at: position, of: handled.count)).",
      expected: expected, actual: shell.state, sourceLocation: sourceLocation)
  }

  /// Sends `event` and waits, at most `timeout` (else the harness's ``timeout``), until the
  /// work it started (and the events queued behind it started) has finished and delivered its
  /// events: a refresh that keeps its spinner until it is done. The events that work sends are
  /// received as usual, to assert with ``receive(_:timeout:sourceLocation:_:)``. On timeout it
  /// fails naming the work still running, and returns `false`.
  @discardableResult
  public func sendAndWait(
    _ event: State.Event, timeout: Duration? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async -> Bool {
    // Held, not only identified: a piece of work that ends during the send cannot free its
    // address for a new one to be mistaken for it.
    let before = shell.runningWork
    sendByTest(event, at: sourceLocation)
    let started = shell.runningWork.filter { work in !before.contains { $0 === work } }
    let bound = timeout ?? self.timeout
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: bound)
    while let waiting = started.first(where: { !$0.isFinished && !$0.isCancelled }) {
      let left = deadline - clock.now
      guard left > .zero, !Task.isCancelled else {
        reportFailure(
          "The work \(dumped(event)) started was still running after"
            + " \(DurationText.format(bound)): \(waiting.id).",
          at: sourceLocation)
        return false
      }
      let signal = workChanged
      let seen = signal.generation
      _ = await withTimeout(left) { await signal.wait(after: seen) }
    }
    return true
  }

  /// Waits until at least `count` tasks are asleep on `clock`, as `clock.sleepers(count)` does,
  /// but fails at once, and returns `false`, when the shell has no work left running that could
  /// still go to sleep: a debounce or a timer that ran its work at once, or never started,
  /// fails the test as soon as that is certain, not after the timeout. Woken by the shell's own
  /// reports of its work and by the clock's sleepers, never by polling; bounded by `timeout`
  /// (else the harness's ``timeout``).
  @discardableResult
  public func sleepers(
    _ count: Int, on clock: TestClock, timeout: Duration? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async -> Bool {
    let bound = timeout ?? self.timeout
    let realClock = ContinuousClock()
    let deadline = realClock.now.advanced(by: bound)
    while clock.sleeperCount < count {
      if shell.runningWork.isEmpty {
        reportFailure(
          "Expected \(count) task(s) asleep on the clock, found \(clock.sleeperCount), and the"
            + " shell has no work running that could still sleep: the work finished (or never"
            + " started) without waiting on the clock.",
          at: sourceLocation)
        return false
      }
      let left = deadline - realClock.now
      guard left > .zero, !Task.isCancelled else {
        reportFailure(
          "Waited \(DurationText.format(bound)) for \(count) task(s) asleep on the clock; found"
            + " \(clock.sleeperCount).\(runningWorkSentence())",
          at: sourceLocation)
        return false
      }
      let signal = workChanged
      let seen = signal.generation
      _ = await withTimeout(left) {
        await withTaskGroup(of: Void.self) { group in
          group.addTask { _ = await clock.awaitSleepers(count) }
          group.addTask { await signal.wait(after: seen) }
          await group.next()
          group.cancelAll()
        }
      }
    }
    return true
  }

  /// Sends `event` as the test's own; wiring issues it causes (and work it starts causes) are
  /// reported at `location`.
  private func sendByTest(_ event: State.Event, at location: SourceLocation) {
    sentByTest = true
    WiringIssueRecorder.at(location, exhaustive: exhaustivity == .on) { shell.send(event) }
    sentByTest = false
  }

  private func record(_ entry: ShellTraceEntry<State>) {
    let state = shell.state
    UntoldStamp.check(before: lastState, after: state)
    lastState = state
    let viewModel = state.viewModel
    let step = Handled(
      event: entry.event, commands: entry.commands, viewModelBefore: lastViewModel,
      viewModel: viewModel, sentByTest: sentByTest)
    sentByTest = false  // only the first event of a test's send is the test's
    lastViewModel = viewModel
    handled.append(step)
    if !step.sentByTest {
      unasserted.append(step)
      arrivals.fire()
    }
  }

  // MARK: Receiving

  /// Waits (at most `timeout`, else the harness's ``timeout``) for the next event the shell
  /// received, checks that it is `expected`, and, with `update`, checks the view model right
  /// after it. With exhaustivity off, earlier unasserted events are skipped over.
  public func receive(
    _ expected: State.Event, timeout: Duration? = nil,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ update: ((inout State.ViewModel) -> Void)? = nil
  ) async where State.Event: Equatable {
    let arrived: Bool
    if exhaustivity == .off {
      arrived = await nextMatching(expected, timeout: timeout)
    } else {
      arrived = await nextReceived(timeout: timeout)
    }
    guard arrived else {
      reportFailure(
        "Expected to receive \(dumped(expected)), but \(waitedText(timeout))."
          + (stoppedForNoWork ? "" : runningWorkSentence()),
        at: sourceLocation)
      return
    }
    let step = unasserted.removeFirst()
    let position = handled.count - 1 - unasserted.count
    if step.event != expected {
      recordMismatch(
        "Received another event than expected (\(describeEvent(step.event, at: position, of: handled.count))).",
        expected: expected, actual: step.event, sourceLocation: sourceLocation)
      return
    }
    if let update {
      check(step, at: position, from: step.viewModelBefore, update, sourceLocation: sourceLocation)
    }
  }

  /// Checks that the events received and not yet asserted are exactly `expected`, in order,
  /// waiting (bounded) for them to arrive; they then count as asserted.
  public func expectReceived(
    _ expected: [State.Event], timeout: Duration? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async where State.Event: Equatable {
    let bound = timeout ?? self.timeout
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: bound)
    while unasserted.count < expected.count, clock.now < deadline {
      guard await nextReceived(count: expected.count, timeout: deadline - clock.now) else { break }
    }
    let actual = unasserted.map(\.event)
    unasserted.removeAll()
    guard actual != expected else { return }
    let first = firstDifference(expected, actual)
    recordMismatch(
      "Received events differ at received event \(first + 1)"
        + (actual.count < expected.count
          ? (stoppedForNoWork
            ? " (no work was running that could send the rest)."
            : " (waited \(DurationText.format(bound)) for the rest).\(runningWorkSentence())")
          : "."),
      expected: expected, actual: actual, sourceLocation: sourceLocation)
  }

  /// Checks that no event arrives within `duration` of real time (and that none arrived
  /// unasserted before): "and nothing else happens". It always waits the whole `duration`
  /// unless an event arrives, so keep it short; a busy machine can only make it pass more
  /// slowly, never fail it.
  public func expectNoEvents(
    within duration: Duration, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: duration)
    while unasserted.isEmpty {
      let left = deadline - clock.now
      guard left > .zero, !Task.isCancelled else { return }
      let signal = arrivals
      let seen = signal.generation
      _ = await withTimeout(left) { await signal.wait(after: seen) }
    }
    let list = unasserted.map { "  • \(dumped($0.event))" }.joined(separator: "\n")
    reportFailure(
      "Expected no events within \(DurationText.format(duration)), but the shell received"
        + " \(unasserted.count):\n\(list)",
      at: sourceLocation)
    unasserted.removeAll()
  }

  /// Forgets the events received so far without asserting them.
  public func skipReceivedEvents() {
    unasserted.removeAll()
  }

  /// Skips every unasserted event that is not `expected`, those already there and those that
  /// arrive while it waits, until `expected` is first in line; `false` on timeout.
  private func nextMatching(_ expected: State.Event, timeout: Duration?) async -> Bool
  where State.Event: Equatable {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout ?? self.timeout)
    while true {
      while let first = unasserted.first, first.event != expected { unasserted.removeFirst() }
      if !unasserted.isEmpty { return true }
      let left = deadline - clock.now
      guard left > .zero, await nextReceived(timeout: left) else { return false }
    }
  }

  /// Waits until at least `count` unasserted events are there; `false` on timeout, or at once
  /// when no work is running that could deliver one (``stoppedForNoWork`` then says so).
  private func nextReceived(count: Int = 1, timeout: Duration?) async -> Bool {
    let bound = timeout ?? self.timeout
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: bound)
    stoppedForNoWork = false
    while unasserted.count < count {
      let left = deadline - clock.now
      guard left > .zero, !Task.isCancelled else { return false }
      // Events arrive from work the shell runs; with none running, nothing can come.
      guard shell.runningWorkCount > 0 else {
        stoppedForNoWork = true
        return false
      }
      let signal = arrivals
      let seen = signal.generation
      _ = await withTimeout(left) { await signal.wait(after: seen) }
    }
    return true
  }

  /// How long a wait that found nothing waited, for its failure: at once when no work ran.
  private func waitedText(_ timeout: Duration?) -> String {
    stoppedForNoWork
      ? "no work was running that could send it (the harness stopped waiting at once)"
      : "nothing arrived within \(DurationText.format(timeout ?? self.timeout))"
  }

  // MARK: Waiting for work

  /// Waits until all work started by the shell has finished and its events were handled, for
  /// at most `timeout` (else the harness's ``timeout``). On timeout it fails naming the work
  /// still running, and returns `false`. Event sources are work: finish the streams you
  /// inject, or end the shell, first.
  @discardableResult
  public func settle(
    timeout: Duration? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) async -> Bool {
    await YaiaTesting.settle(
      shell, timeout: timeout ?? self.timeout, sourceLocation: sourceLocation)
  }

  /// Ends the test: waits (bounded) for running work to finish, then, when exhaustive, fails if
  /// events were received and never asserted or if work is still running. Ends the shell.
  public func finish(
    timeout: Duration? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    guard !isFinished else { return }
    if exhaustivity == .on, shell.runningWorkCount > 0 {
      let shell = self.shell
      _ = await withTimeout(timeout ?? self.timeout) { @MainActor in await shell.idle() }
    }
    checkAtEnd(at: sourceLocation, afterWaiting: true)
  }

  /// Ends the shell, cancelling its work, and takes the work that was running as intended: a
  /// test of a feature with a timer or an endless stream says so this way.
  public func skipRunningWork() {
    shell.end()
  }

  private func checkAtEnd(at location: SourceLocation, afterWaiting: Bool) {
    let waited = afterWaiting ? " (after waiting \(DurationText.format(timeout)))" : ""
    for failure in ledger.endOfTestFailures(waited: waited) {
      reportFailure(failure, at: location)
    }
    isFinished = true
    shell.end()
  }

  private func runningWorkSentence() -> String {
    let running = shell.runningWork
    if running.isEmpty { return " No work was running." }
    return " Still running: " + running.map(\.id).joined(separator: ", ") + "."
  }

  // MARK: Checking

  private func check(
    _ step: Handled, at position: Int, from before: State.ViewModel,
    _ update: (inout State.ViewModel) -> Void, sourceLocation: SourceLocation
  ) {
    var expected = before
    update(&expected)
    guard step.viewModel != expected else { return }
    recordMismatch(
      "View model differs after \(describeEvent(step.event, at: position, of: handled.count)).",
      expected: expected, actual: step.viewModel, sourceLocation: sourceLocation)
  }

  /// Checks the view models rendered and the commands run so far, each when given.
  public func verify(
    rendered expectedRendered: [State.ViewModel]? = nil,
    commands expectedCommands: [State.Command]? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) where State.Command: Equatable {
    if let expectedRendered { verify(rendered: expectedRendered, sourceLocation: sourceLocation) }
    if let expectedCommands, expectedCommands != commands {
      let first = firstDifference(expectedCommands, commands)
      recordMismatch(
        "The shell ran other commands, from \(cause(ofCommandAt: first)) (command \(first + 1)).",
        expected: expectedCommands, actual: commands, sourceLocation: sourceLocation)
    }
  }

  /// Names what produced the command at `index`: an initial command, or a handled event.
  private func cause(ofCommandAt index: Int) -> String {
    let initialCount = commands.count - handled.reduce(0) { $0 + $1.commands.count }
    if index < initialCount { return "the initial commands" }
    var seen = initialCount
    for (position, step) in handled.enumerated() {
      seen += step.commands.count
      if index < seen { return describeEvent(step.event, at: position, of: handled.count) }
    }
    guard let last = handled.last else { return "the start (no events were handled)" }
    return "after \(describeEvent(last.event, at: handled.count - 1, of: handled.count))"
  }

  /// Checks the view models rendered so far.
  public func verify(
    rendered expected: [State.ViewModel],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard expected != rendered else { return }
    let first = firstDifference(expected, rendered)
    recordMismatch(
      "The shell rendered other view models, from \(cause(ofRenderAt: first))"
        + " (render \(first + 1)).", expected: expected, actual: rendered,
      sourceLocation: sourceLocation)
  }

  /// Names the event whose view-model change was render `index` (render 0 is the attach).
  private func cause(ofRenderAt index: Int) -> String {
    if index == 0 { return "the initial view model" }
    var renders = 0
    for (position, step) in handled.enumerated() where step.viewModel != step.viewModelBefore {
      renders += 1
      if renders == index { return describeEvent(step.event, at: position, of: handled.count) }
    }
    return "after the last event (a render is missing or extra)"
  }

  /// Replays the events the shell handled into a fresh copy of the initial state and checks
  /// that it produces the same view models the shell rendered.
  public func verifyReplay(sourceLocation: SourceLocation = #_sourceLocation) {
    guard let journal = shell.journal else { return }
    expectReplay(journal, into: initialState, renders: rendered, sourceLocation: sourceLocation)
  }
}

extension ShellHarness where State: OngoingWorkState {
  /// Starts a shell whose state declares ongoing work (`OngoingWorkState`), running it with
  /// `ongoingWork` as the app does with `runOngoingWork`; otherwise as
  /// ``init(_:initial:sources:exhaustivity:timeout:sourceLocation:commands:)``. Events the
  /// work sends arrive like any work's, for `receive` to assert.
  public convenience init(
    _ state: State, initial: [State.Command] = [], sources: [EventSource<State.Event>] = [],
    exhaustivity: Exhaustivity = .on, timeout: Duration = .seconds(30),
    sourceLocation: SourceLocation = #_sourceLocation,
    ongoingWork: @escaping @Sendable (State.OngoingWork, Send<State.Event>) async -> Void,
    commands handler: @escaping Shell<State>.CommandHandler
  ) {
    self.init(
      state, initial: initial, sources: sources, exhaustivity: exhaustivity, timeout: timeout,
      sourceLocation: sourceLocation, beforeStart: { $0.runOngoingWork(ongoingWork) },
      commands: handler)
  }
}

/// The commands a harness saw, kept apart from the harness so that the shell's handler does
/// not hold the harness (which holds the shell).
@MainActor
final class CommandLog<Command> {
  var commands: [Command] = []
}

/// Wakes the tasks waiting for something that happens again and again on the main actor (an
/// event arriving): unlike Yaia's one-shot `Signal`, it fires any number of times, and a
/// waiter says which firing it has seen.
@MainActor
final class Pulse {
  private var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
  private var lastID: UInt64 = 0
  /// How many times it fired: a waiter that read it before waiting misses no firing.
  private(set) var generation: UInt64 = 0

  /// Wakes every waiter.
  func fire() {
    generation &+= 1
    let woken = waiters.values
    waiters.removeAll()
    for waiter in woken { waiter.resume() }
  }

  /// Waits until it has fired since `generation` was read, or until the task is cancelled.
  func wait(after seen: UInt64) async {
    lastID &+= 1
    let id = lastID
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        if Task.isCancelled || generation != seen {
          continuation.resume()
        } else {
          waiters[id] = continuation
        }
      }
    } onCancel: {
      Task { @MainActor [weak self] in self?.waiters.removeValue(forKey: id)?.resume() }
    }
  }
}

/// What a harness's end-of-test checks need, mirrored from the main actor so that the harness's
/// `deinit`, which may run anywhere, can check it.
struct EndOfTestLedger: Sendable {
  struct State {
    var isExhaustive = true
    var isFinished = false
    var unassertedEvents: [String] = []
    var runningWork: [String] = []
  }

  private let state = Locked(State())

  func update(_ change: (inout State) -> Void) {
    state.withLock { change(&$0) }
  }

  /// The failures of a test ending now: events received and never asserted, and work still
  /// running; none when the harness is not exhaustive or was finished already.
  func endOfTestFailures(waited: String = "") -> [String] {
    let state = self.state.value
    guard state.isExhaustive, !state.isFinished else { return [] }
    var failures: [String] = []
    if !state.unassertedEvents.isEmpty {
      let list = state.unassertedEvents.map { "  • \($0)" }.joined(separator: "\n")
      failures.append(
        "The shell received \(state.unassertedEvents.count) event(s) that the test never"
          + " asserted:\n\(list)\n"
          + "Assert them with receive(_:) or expectReceived(_:), or skipReceivedEvents().")
    }
    if !state.runningWork.isEmpty {
      failures.append(
        "The test ended with work still running: \(state.runningWork.joined(separator: ", "))"
          + "\(waited). Wait for it (settle, receive), cancel it, or say it is fine with"
          + " skipRunningWork() or exhaustivity = .off.")
    }
    return failures
  }
}

extension ShellHarness {
  /// A harness whose shell tells the time from `now` before each event, to its state if it is a
  /// `TimedState` and to every timed state nested in it: a fixed time (`now: { start }`) or a
  /// ``SteppedTime``, so that every run sees the same times.
  ///
  /// ```swift
  /// let time = SteppedTime(from: Date(timeIntervalSince1970: 0), by: 60)
  /// let harness = ShellHarness(NotesState(), now: time.next) { command, effects in … }
  /// ```
  public convenience init<Time: Sendable>(
    _ state: State, now: @escaping @MainActor () -> Time, initial: [State.Command] = [],
    sources: [EventSource<State.Event>] = [], exhaustivity: Exhaustivity = .on,
    timeout: Duration = .seconds(30), sourceLocation: SourceLocation = #_sourceLocation,
    commands handler: @escaping Shell<State>.CommandHandler
  ) {
    self.init(
      state, initial: initial, sources: sources, exhaustivity: exhaustivity, timeout: timeout,
      sourceLocation: sourceLocation, beforeStart: { $0.tellTime(from: now) }, commands: handler)
  }
}
