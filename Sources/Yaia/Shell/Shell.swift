public import Observation

/// The imperative shell of a feature: it moves values between a ``ShellState`` and the
/// outside world.
///
/// A shell hands events to its state, runs the commands the state returns through the one
/// command handler the feature supplies (its `switch` from command to service call), feeds
/// the results back as events, and publishes the state's view model to the UI. It is
/// `Observable`: a SwiftUI view that reads ``viewModel`` updates when it changes.
///
/// ```swift
/// let shell = Shell(LoginState()) { command, effects in
///   switch command {
///   case .sendLoginRequest(let request):
///     effects.run { await api.login(request) ? .loginSucceeded : .loginFailed }
///   case .showErrorBanner(let message):
///     banner.show(message)
///   case .showHome:
///     coordinator.loginFinished()          // transitions are commands like any other
///   }
/// }
/// shell.attach(loginViewController)        // held weakly; the view controller owns the shell
/// shell.send(.loginTapped(user: "ada", password: "secret"))
/// ```
///
/// Guarantees, each proven by a test:
/// - Events are handled one at a time, strictly in the order they were sent. An event sent
///   while another is being handled (by a command, or by the UI during a render) is queued and
///   handled next: never lost, never handled re-entrantly.
/// - After each event the view model is published to attached views only if it changed; the
///   view is updated before that event's commands run. Observers (SwiftUI,
///   `withObservationTracking`) are invalidated once per ``send(_:)`` whose events changed the
///   view model, never when it did not change.
/// - Commands run in the order returned.
/// - Ending the shell (``end()``, or releasing it) cancels all of its work and event sources,
///   and no event from cancelled, replaced or ended work ever reaches the state.
/// - The shell holds its view weakly and its work holds the shell weakly: a UI that owns its
///   shell is released normally.
@MainActor
public final class Shell<State: ShellState> where State.Event: Sendable {
  /// The feature's command handler: one `switch` from command to service call.
  public typealias CommandHandler = @MainActor (State.Command, ShellEffects<State>) -> Void

  /// The current state. Read it for debugging and tests; only events change it.
  public var state: State { currentState }

  /// The last published view model. Reading it inside a SwiftUI body or
  /// `withObservationTracking` subscribes to its changes.
  public var viewModel: State.ViewModel {
    if !observed {
      // The first read since the last notice: what this reader sees is what a later change is
      // compared with.
      observed = true
      observedViewModel = publishedViewModel
    }
    if isHandling { readWhileHandling = true }
    registrar.access(self, keyPath: viewModelPath)
    return publishedViewModel
  }

  /// Whether ``start()`` was called.
  public private(set) var isStarted = false

  /// Whether ``end()`` was called. An ended shell drops new events and starts no work.
  public private(set) var isEnded = false

  /// Called with every handled event, the commands it produced and whether the view model
  /// changed. Bridge it to your logger: `shell.trace = { logger.debug("\($0)") }`.
  public var trace: (@MainActor (ShellTraceEntry<State>) -> Void)?

  /// What an inspector connected (YaiaInspector): told of every handled event like ``trace``,
  /// but a slot of its own, so that connecting an inspector never replaces an app's trace.
  @usableFromInline package var inspection: (@MainActor (ShellTraceEntry<State>) -> Void)?

  /// The events handled since ``startJournal()``, in order; `nil` when not recording.
  public private(set) var journal: Journal<State.Event>?

  @usableFromInline var currentState: State
  @usableFromInline var publishedViewModel: State.ViewModel
  @usableFromInline var pending: [State.Event] = []
  @usableFromInline var pendingHead = 0
  @usableFromInline var isHandling = false
  @usableFromInline var handledCount = 0
  /// Whether a ``Shared`` value changed while an event was being handled: the view model is
  /// published again once the send is done.
  @usableFromInline var sharedChangedWhileHandling = false
  /// Whether a child scope has work running, so that each event must check whether that child
  /// is still there. Kept by the registry.
  @usableFromInline var sweepsChildren = false
  /// Whether anything read ``viewModel`` since observers were last told of a change: nobody
  /// can be observing otherwise (observers register by reading), so the notice is skipped.
  @usableFromInline var observed = true
  /// Whether the view model was read in the middle of a `send`: that reader may have seen a
  /// value between the one before the send and the one after it.
  @usableFromInline var readWhileHandling = false
  /// The view model observers were last told about (or that was current when they could not be
  /// observing), to tell a real change from events that changed it and back.
  @usableFromInline var observedViewModel: State.ViewModel
  @usableFromInline var renderView: (@MainActor (State.ViewModel) -> Void)?
  @usableFromInline var renderCallback: (@MainActor (State.ViewModel) -> Void)?
  /// View-model streams, each as "yield, and tell whether the consumer is still there".
  @usableFromInline var streams: [StreamSink] = []
  @usableFromInline struct StreamSink: Sendable {
    let yield: @Sendable (State.ViewModel) -> Bool
    let finish: @Sendable () -> Void
  }
  @usableFromInline let registrar = ObservationRegistrar()
  /// The key path observers register under, made once: a key path literal of a generic class
  /// is built anew at each use, which cost more than the rest of an observed event.
  @usableFromInline let viewModelPath = \Shell<State>.viewModel
  /// Reads the time, tells it to the state (if timed) and begins the event's time, so that timed
  /// children are told too; `nil` for a shell made without `now:`, which reads no clock.
  @usableFromInline var stamp: (@MainActor (inout State) -> Void)?
  /// Keeps the work an ``OngoingWorkState`` declares running (see ``runOngoingWork(_:)``):
  /// called after each event once the shell started, and with `restart` after a jump.
  @usableFromInline var reconcileOngoing: (@MainActor (_ restart: Bool) -> Void)?
  /// Whether the state declares ongoing work that no runner was given for: each event then
  /// checks whether it declares some, to report it once rather than let it never run.
  @usableFromInline var watchesUnrunWork = false
  private let handler: CommandHandler
  private let initialCommands: [State.Command]
  private var sources: [EventSource<State.Event>]
  private let registry = WorkRegistry()
  /// The shared values that changed since the view model was last published for them (kept
  /// after the fields every event reads: placed among them, it made each event 6-9% slower).
  private var changedShared: Set<ObjectIdentifier> = []
  @usableFromInline lazy var effects = ShellEffects<State>(
    registry: registry, scope: .root, readState: { [weak self] in self?.currentState },
    sink: { [weak self] event in self?.send(event) })

  /// Creates a shell that runs `state`, performing its commands with `commands`.
  ///
  /// Nothing runs until ``start()``: then the `initial` commands run, in order, and every
  /// event source starts. Events sent before that are handled as usual.
  ///
  /// The handler should hold services, never the UI that owns the shell: that would be a
  /// retain cycle. It reaches the UI through view models, and other screens through a flow
  /// coordinator it holds weakly or through a function.
  ///
  /// - Parameters:
  ///   - state: The feature's state.
  ///   - initial: Commands to run when the shell starts, such as loading what the screen shows.
  ///   - sources: Streams whose elements become events for as long as the shell lives.
  ///   - commands: The feature's command handler.
  public init(
    _ state: State, initial: [State.Command] = [], sources: [EventSource<State.Event>] = [],
    commands: @escaping CommandHandler
  ) {
    self.currentState = state
    let viewModel = state.viewModel
    self.publishedViewModel = viewModel
    self.observedViewModel = viewModel
    self.handler = commands
    self.initialCommands = initial
    self.sources = sources
    registry.onScopedWork = { [weak self] running in self?.sweepsChildren = running }
    watchesUnrunWork = State.self is any OngoingWorkState.Type
    if State.self is any TimedState.Type {
      stamp = { [weak self] _ in self?.reportUntoldTime() }
    }
    LiveShells.add(self)
  }

  deinit {
    for stream in streams { stream.finish() }
  }

  // MARK: Lifetime

  /// Starts the shell: runs its initial commands, then starts its event sources. Calling it
  /// again does nothing; after ``end()`` it does nothing.
  ///
  /// Start a shell when its screen appears (in SwiftUI, from `.task` or `onAppear`), not in an
  /// initializer that SwiftUI may run several times.
  public func start() {
    guard !isStarted, !isEnded else { return }
    isStarted = true
    run(initialCommands)
    for source in sources { effects.follow(source) }
    reconcileOngoing?(false)
    if watchesUnrunWork { checkUnrunWork() }
  }

  /// Binds one more event source to the shell's lifetime: it starts now if the shell has
  /// started (else when it starts) and is cancelled when the shell ends.
  public func bind(_ source: EventSource<State.Event>) {
    guard !isEnded else { return }
    if isStarted {
      effects.follow(source)
    } else {
      sources.append(source)
    }
  }

  /// Ends the shell: cancels all of its work and event sources, drops queued events, finishes
  /// view-model streams, and ignores every event sent afterwards. Calling it twice does
  /// nothing more.
  public func end() {
    guard !isEnded else { return }
    isEnded = true
    pending.removeAll()
    pendingHead = 0
    registry.end()
    let ended = streams
    streams.removeAll()
    for stream in ended { stream.finish() }
  }

  // MARK: Events

  /// Sends an event to the state.
  ///
  /// When no event is being handled, it is handled now, its view model published and its
  /// commands run before `send` returns. When called while another event is being handled, it
  /// is queued and handled right after, in order. After ``end()`` it is dropped.
  @inlinable
  public func send(_ event: State.Event) {
    guard !isEnded else { return }
    if isHandling {
      pending.append(event)
      return
    }
    isHandling = true
    var changed = handle(event)
    if !pending.isEmpty { changed = drainPending() || changed }
    if sharedChangedWhileHandling { changed = republishAfterSharedChange() || changed }
    isHandling = false
    reconcileAfterSend()
    if changed && observed { notifyObservers() }
  }

  /// Sends an event, then waits until the work it started has finished: what SwiftUI's
  /// `refreshable` needs to keep its spinner until the refresh is done.
  ///
  /// ```swift
  /// List(…).refreshable { await shell.sendAndWait(.pulledToRefresh) }
  /// ```
  ///
  /// It waits for the work started while handling `event` and the events queued behind it
  /// (not for work that later events start), and returns early if the waiting task is
  /// cancelled; the work goes on.
  public func sendAndWait(_ event: State.Event) async {
    let collecting = registry.collectStarts()
    send(event)
    guard collecting else { return }
    await registry.wait(for: registry.collectedStarts())
  }

  /// Handles one event; returns whether it changed the view model.
  @inlinable
  func handle(_ event: State.Event) -> Bool {
    if let stamp { stamp(&currentState) }
    let commands = currentState.handle(event)
    handledCount &+= 1
    let next = currentState.viewModel
    let changed = next != publishedViewModel
    if changed {
      publishedViewModel = next
      publish(next)
    }
    if trace != nil || journal != nil || inspection != nil {
      record(event, commands, viewModelChanged: changed)
    }
    if sweepsChildren { sweepGoneChildren() }
    if !commands.isEmpty { run(commands) }
    return changed
  }

  /// After a `send`'s events: keeps the work the state declares in line with it, once for the
  /// whole send (work that one queued event declares and the next withdraws never starts).
  @inlinable
  func reconcileAfterSend() {
    if let reconcileOngoing {
      if isStarted { reconcileOngoing(false) }
    } else if watchesUnrunWork {
      checkUnrunWork()
    }
  }

  /// Reports, once, a timed state whose shell tells no time: the stamp of a shell made without
  /// `now:` whose state is a ``TimedState``, so that its first event reports it (instead of
  /// dating everything the initial `now`) and no other event pays for the check.
  func reportUntoldTime() {
    stamp = nil
    WiringIssue.report(.rootTimeNotTold(state: "\(State.self)"))
  }

  /// Reports, once, a state that declares ongoing work while no runner was given for it.
  @usableFromInline
  func checkUnrunWork() {
    guard isStarted, reconcileOngoing == nil,
      let declaring = currentState as? any OngoingWorkState, !declaring.declaresNoWork
    else { return }
    watchesUnrunWork = false
    WiringIssue.report(.ongoingWorkNotRun(state: "\(State.self)"))
  }

  /// Cancels the work of children that the last event removed.
  @usableFromInline
  func sweepGoneChildren() {
    if registry.hasScopedWork { registry.sweep() }
  }

  /// Handles the queued events; returns whether any changed the view model.
  @usableFromInline
  func drainPending() -> Bool {
    var changed = false
    while pendingHead < pending.count, !isEnded {
      let event = pending[pendingHead]
      pendingHead += 1
      if handle(event) { changed = true }
    }
    pending.removeAll(keepingCapacity: true)
    pendingHead = 0
    return changed
  }

  @usableFromInline
  func run(_ commands: [State.Command]) {
    for command in commands {
      guard !isEnded else { return }
      handler(command, effects)
    }
  }

  @usableFromInline
  func record(_ event: State.Event, _ commands: [State.Command], viewModelChanged: Bool) {
    journal?.events.append(event)
    guard trace != nil || inspection != nil else { return }
    let entry = ShellTraceEntry<State>(
      index: handledCount, event: event, commands: commands, viewModel: publishedViewModel,
      viewModelChanged: viewModelChanged)
    trace?(entry)
    inspection?(entry)
  }

  // MARK: Observing view models

  /// Tells observers, once for the whole `send`, that the view model changed, unless it
  /// changed back. Only called when somebody read the view model since the last notice:
  /// otherwise nobody can be observing (observers register by reading).
  @usableFromInline
  func notifyObservers() {
    let sawIntermediate = readWhileHandling
    readWhileHandling = false
    guard sawIntermediate || publishedViewModel != observedViewModel else { return }
    observedViewModel = publishedViewModel
    observed = false
    registrar.withMutation(of: self, keyPath: viewModelPath) {}
  }

  @inlinable
  func publish(_ viewModel: State.ViewModel) {
    renderView?(viewModel)
    renderCallback?(viewModel)
    if !streams.isEmpty { yieldToStreams(viewModel) }
  }

  @usableFromInline
  func yieldToStreams(_ viewModel: State.ViewModel) {
    let live = streams.filter { $0.yield(viewModel) }
    if live.count != streams.count { streams = live }
  }

  /// Attaches the screen, renders the current view model on it, then every change.
  ///
  /// The shell holds `view` weakly: the view owns the shell, not the other way round.
  /// Attaching another view replaces this one.
  public func attach<View: ShellView>(_ view: View) where View.ViewModel == State.ViewModel {
    renderView = { [weak view] viewModel in view?.render(viewModel) }
    view.render(publishedViewModel)
  }

  /// Calls `render` with the current view model now, then with every change.
  ///
  /// The shell keeps the closure, so capture the UI weakly in it. Setting a new one replaces
  /// the old; pass `nil` to stop.
  public func onRender(_ render: (@MainActor (State.ViewModel) -> Void)?) {
    renderCallback = render
    render?(publishedViewModel)
  }

  /// An asynchronous sequence of view models: the current one first, then every change,
  /// finishing when the shell ends or is released.
  ///
  /// Each call returns a new stream. If the consumer falls behind, only the newest view
  /// model is kept: a screen needs the latest, not the history.
  public func viewModels() -> AsyncStream<State.ViewModel> where State.ViewModel: Sendable {
    let (stream, continuation) = AsyncStream.makeStream(
      of: State.ViewModel.self, bufferingPolicy: .bufferingNewest(1))
    continuation.yield(publishedViewModel)
    if isEnded {
      continuation.finish()
      return stream
    }
    streams.append(
      StreamSink(
        yield: {
          if case .terminated = continuation.yield($0) { return false }
          return true
        },
        finish: { continuation.finish() }))
    return stream
  }

  // MARK: Work

  /// The number of pieces of work, subscriptions and event sources still running.
  public var runningWorkCount: Int { registry.count }

  /// The work still running, oldest first: what a test that ends too early, or a bounded wait,
  /// names in its failure.
  public var runningWork: [ShellWork] { registry.running }

  /// Calls `observe` now and after every change of ``runningWork``: work started, cancelled or
  /// finished. Test harnesses and inspectors use it to follow the work without polling. Pass
  /// `nil` to stop.
  public func onWorkChange(_ observe: (@MainActor () -> Void)?) {
    registry.onChange = observe
    observe?()
  }

  /// Suspends until no work, subscription or event source is running: every result has been
  /// handled. Returns early if the waiting task is cancelled.
  ///
  /// Tests use it to wait for injected functions deterministically, without sleeping; prefer
  /// `ShellHarness.settle(timeout:)` from YaiaTesting, which is bounded and names the work it
  /// waited for. Event sources count as running work: end the shell or finish the streams
  /// you inject first.
  public func idle() async {
    await registry.idle()
  }

  /// Puts the shell back in `state`, as an inspector's time travel does: the work that
  /// commands started is cancelled (what it would deliver belongs to a past that is gone), the
  /// events queued are dropped, and the view model is published if it differs. Event sources
  /// bound to the shell keep running: they belong to the screen, not to a step. Returns how
  /// many pieces of work were cancelled; does nothing after ``end()`` or while an event is
  /// being handled.
  @discardableResult
  package func travel(to state: State) -> Int {
    guard !isEnded, !isHandling else { return 0 }
    pending.removeAll()
    pendingHead = 0
    let cancelled = registry.cancelCommandWork()
    currentState = state
    let next = currentState.viewModel
    if next != publishedViewModel {
      publishedViewModel = next
      publish(next)
      if observed { notifyObservers() }
    }
    // The work the earlier state implies runs again: the jump cancelled all of it.
    if isStarted { reconcileOngoing?(true) }
    return cancelled
  }

  /// Publishes the view model again if it changed without an event: a ``Shared`` value that
  /// the state reads through a ``SharedReader`` changed, `changed`. A view model that holds a
  /// reader of it is published even though it compares equal (it reads the newest value). Nothing
  /// is traced or journaled (no event was handled); while an event is being handled, it is
  /// published when the send ends.
  func refreshViewModel(changed: ObjectIdentifier) {
    guard !isEnded else { return }
    changedShared.insert(changed)
    if isHandling {
      // A command of this shell's own event set the value: published once that event is done.
      sharedChangedWhileHandling = true
      return
    }
    if republishAfterSharedChange() && observed { notifyObservers() }
  }

  /// Publishes the view model if a shared value changed it, or if it holds a reader of a changed
  /// value; whether it did.
  @usableFromInline
  func republishAfterSharedChange() -> Bool {
    sharedChangedWhileHandling = false
    let changed = changedShared
    changedShared.removeAll()
    let next = currentState.viewModel
    if next == publishedViewModel {
      guard HeldReaders.holds(next, anyOf: changed) else { return false }
      // Equal because both read the newest value: observers saw the old one.
      readWhileHandling = true
    }
    publishedViewModel = next
    publish(next)
    return true
  }

  /// Starts recording a ``Journal`` of every event handled from now on.
  public func startJournal() {
    if journal == nil { journal = Journal() }
  }
}

extension Shell where State: OngoingWorkState {
  /// Keeps the work the state declares (``OngoingWorkState/ongoingWork``) running: once the
  /// shell starts, and after every event, it starts each piece the state declares and does not
  /// run, and cancels each piece it runs and the state no longer declares. After a jump back in
  /// time (the inspector), the earlier state's work starts again.
  ///
  /// Each piece runs off the main actor under an id of its own, with a ``Send`` that is valid
  /// until the piece is cancelled; a piece that returns is not started again until the state
  /// stops declaring it and declares it anew. Give the runner before ``start()``: a started
  /// shell whose state declares work with no runner reports a ``WiringIssue``.
  public func runOngoingWork(
    _ run: @escaping @Sendable (State.OngoingWork, Send<State.Event>) async -> Void
  ) {
    let runner = OngoingWorkRunner<State>(run)
    reconcileOngoing = { [weak self, runner] restart in
      guard let self, !self.isEnded else { return }
      runner.reconcile(with: self.currentState, effects: self.effects, restart: restart)
    }
    watchesUnrunWork = false
    if isStarted { reconcileOngoing?(false) }
  }
}

extension Shell: Observable {}

extension Shell: RefreshingViewModel {}

extension Shell: TimeTeller {
  /// Whether the time this shell told is the time of the event being handled: only while it
  /// handles events.
  var isHandlingEvent: Bool { isHandling }
}

extension Shell {
  /// Creates a shell that tells the time, read from `now` before each event (`Date.init` in the
  /// app; a fixed or stepped time in a test), to its state if it is a ``TimedState`` and to every
  /// timed state nested in it, and otherwise works as ``init(_:initial:sources:commands:)``.
  ///
  /// ```swift
  /// let shell = Shell(NotesState(), now: Date.init) { command, effects in … }
  /// ```
  public convenience init<Time: Sendable>(
    _ state: State, now: @escaping @MainActor () -> Time, initial: [State.Command] = [],
    sources: [EventSource<State.Event>] = [], commands: @escaping CommandHandler
  ) {
    self.init(state, initial: initial, sources: sources, commands: commands)
    tellTime(from: now)
  }

  /// From now on, reads the time from `now` before each event and tells it to the state (when
  /// it is a ``TimedState``) and to every timed state nested in it: for a shell made elsewhere
  /// (a test harness) that should tell the time.
  public func tellTime<Time: Sendable>(from now: @escaping @MainActor () -> Time) {
    stamp = { [weak self] state in
      let time = now()
      State.stampTime(on: &state, from: time)
      if let self { EventTime.tell(time, by: self) }
    }
  }
}
