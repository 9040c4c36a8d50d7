/// The imperative shell of a feature: it moves values between a ``SceneState`` and the
/// outside world.
///
/// A scene hands events to its state, runs the commands the state returns through the one
/// command handler the feature supplies (its `switch` from command to service call), feeds
/// the results back as events, and publishes the state's view model to the UI.
///
/// ```swift
/// let scene = Scene(LoginState()) { command, effects in
///   switch command {
///   case .sendLoginRequest(let request):
///     effects.run { await api.login(request) ? .loginSucceeded : .loginFailed }
///   case .showErrorBanner(let message):
///     banner.show(message)
///   case .showHome:
///     coordinator.loginFinished()          // transitions are commands like any other
///   }
/// }
/// scene.attach(loginViewController)        // held weakly; the view controller owns the scene
/// scene.send(.loginTapped(user: "ada", password: "secret"))
/// ```
///
/// Guarantees, each proven by a test:
/// - Events are handled one at a time, strictly in the order they were sent. An event sent
///   while another is being handled (by a command, or by the UI during a render) is queued and
///   handled next: never lost, never handled re-entrantly.
/// - After each event the view model is published only if it changed; the view is updated
///   before that event's commands run.
/// - Commands run in the order returned.
/// - Ending the scene (``end()``, or releasing it) cancels all of its work, and no event from
///   cancelled or ended work ever reaches the state.
/// - The scene holds its view weakly and its work holds the scene weakly: a UI that owns its
///   scene is released normally.
@MainActor
public final class Scene<State: SceneState> where State.Event: Sendable {
  /// The feature's command handler: one `switch` from command to service call.
  public typealias CommandHandler = @MainActor (State.Command, SceneEffects<State.Event>) -> Void

  /// The current state. Read it for debugging and tests; only events change it.
  public var state: State { currentState }

  /// The last published view model.
  public var viewModel: State.ViewModel { publishedViewModel }

  /// Whether ``end()`` was called. An ended scene drops new events and starts no work.
  public private(set) var isEnded = false

  /// Called with every handled event, the commands it produced and whether the view model
  /// changed. Bridge it to your logger: `scene.trace = { logger.debug("\($0)") }`.
  public var trace: (@MainActor (SceneTraceEntry<State>) -> Void)?

  /// The events handled since ``startJournal()``, in order; `nil` when not recording.
  public private(set) var journal: Journal<State.Event>?

  @usableFromInline var currentState: State
  @usableFromInline var publishedViewModel: State.ViewModel
  @usableFromInline var pending: [State.Event] = []
  @usableFromInline var pendingHead = 0
  @usableFromInline var isHandling = false
  @usableFromInline var handledCount = 0
  @usableFromInline var renderView: (@MainActor (State.ViewModel) -> Void)?
  @usableFromInline var renderCallback: (@MainActor (State.ViewModel) -> Void)?
  /// View-model streams, each as "yield, and tell whether the consumer is still there".
  @usableFromInline var streams: [StreamSink] = []
  @usableFromInline struct StreamSink: Sendable {
    let yield: @Sendable (State.ViewModel) -> Bool
    let finish: @Sendable () -> Void
  }
  private let handler: CommandHandler
  private let registry = WorkRegistry()
  private lazy var effects = SceneEffects<State.Event>(registry: registry) { [weak self] event in
    self?.send(event)
  }

  /// Creates a scene that runs `state`, performing its commands with `commands`.
  ///
  /// The handler should hold services, never the UI that owns the scene: that would be a
  /// retain cycle. It reaches the UI through view models, and other screens through a flow
  /// coordinator it holds weakly or through a function.
  public init(_ state: State, commands: @escaping CommandHandler) {
    self.currentState = state
    self.publishedViewModel = state.viewModel
    self.handler = commands
  }

  deinit {
    for stream in streams { stream.finish() }
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
    handle(event)
    if !pending.isEmpty { drainPending() }
    isHandling = false
  }

  @inlinable
  func handle(_ event: State.Event) {
    let commands = currentState.handle(event)
    handledCount &+= 1
    let next = currentState.viewModel
    let changed = next != publishedViewModel
    if changed {
      publishedViewModel = next
      publish(next)
    }
    if trace != nil || journal != nil { record(event, commands, viewModelChanged: changed) }
    if !commands.isEmpty { run(commands) }
  }

  @usableFromInline
  func drainPending() {
    while pendingHead < pending.count, !isEnded {
      let event = pending[pendingHead]
      pendingHead += 1
      handle(event)
    }
    pending.removeAll(keepingCapacity: true)
    pendingHead = 0
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
    trace?(
      SceneTraceEntry(
        index: handledCount, event: event, commands: commands, viewModelChanged: viewModelChanged))
  }

  // MARK: Observing view models

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
  /// The scene holds `view` weakly: the view owns the scene, not the other way round.
  /// Attaching another view replaces this one.
  public func attach<View: SceneView>(_ view: View) where View.ViewModel == State.ViewModel {
    renderView = { [weak view] viewModel in view?.render(viewModel) }
    view.render(viewModel)
  }

  /// Calls `render` with the current view model now, then with every change.
  ///
  /// The scene keeps the closure, so capture the UI weakly in it. Setting a new one replaces
  /// the old; pass `nil` to stop.
  public func onRender(_ render: (@MainActor (State.ViewModel) -> Void)?) {
    renderCallback = render
    render?(viewModel)
  }

  /// An asynchronous sequence of view models: the current one first, then every change,
  /// finishing when the scene ends or is released.
  ///
  /// Each call returns a new stream. If the consumer falls behind, only the newest view
  /// model is kept: a screen needs the latest, not the history.
  public func viewModels() -> AsyncStream<State.ViewModel> where State.ViewModel: Sendable {
    let (stream, continuation) = AsyncStream.makeStream(
      of: State.ViewModel.self, bufferingPolicy: .bufferingNewest(1))
    continuation.yield(viewModel)
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

  // MARK: Lifetime

  /// Ends the scene: cancels all of its work, drops queued events, finishes view-model
  /// streams, and ignores every event sent afterwards. Calling it twice does nothing more.
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

  /// The number of pieces of work and subscriptions still running.
  public var runningWorkCount: Int { registry.count }

  /// Suspends until no work or subscription is running: every result has been handled.
  ///
  /// Tests use it to wait for injected functions deterministically, without sleeping. It
  /// waits for subscriptions too, so finish the streams you inject before calling it.
  public func idle() async {
    await registry.idle()
  }

  /// Starts recording a ``Journal`` of every event handled from now on.
  public func startJournal() {
    if journal == nil { journal = Journal() }
  }
}
