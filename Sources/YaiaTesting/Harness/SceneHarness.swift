import Testing
import Yaia

/// Runs a real `Scene` with plain functions in place of services and a recording UI, and
/// checks what it rendered and which commands it ran.
///
/// The command handler you pass is the feature's own `switch`, with the services replaced by
/// functions that return at once (or streams the test feeds). ``settle()`` waits until every
/// piece of work has been handled, without sleeping, so the checks are deterministic.
///
/// ```swift
/// @Test @MainActor
/// func wrongPasswordShowsBanner() async {
///   let harness = SceneHarness(LoginState()) { command, effects in
///     LoginShell.run(command, effects, login: { _ in .failure(.unauthorized) })
///   }
///   harness.send(.loginTapped(user: "ada", password: "wrong"))
///   await harness.settle()
///   harness.verify(rendered: [.idle, .loading, .error("Failed to log in")])
/// }
/// ```
///
/// The harness records a journal of the scene's events from the start, so
/// ``verifyReplay(sourceLocation:)`` can prove that replaying them into a fresh state gives
/// the same view models: that no I/O leaked into the state.
@MainActor
public final class SceneHarness<State: SceneState> where State.Event: Sendable {
  /// The scene under test.
  public let scene: Scene<State>
  /// The recording UI attached to the scene (it owns the scene, as a real UI would).
  public let view = RecordingView<State.ViewModel>()
  private let log: CommandLog<State.Command>
  private let initialState: State

  /// Starts a scene from `state`, with `commands` as its command handler, and attaches the
  /// recording view (which records the initial view model).
  public init(_ state: State, commands handler: @escaping Scene<State>.CommandHandler) {
    let log = CommandLog<State.Command>()
    self.log = log
    self.initialState = state
    self.scene = Scene(state) { command, effects in
      log.commands.append(command)
      handler(command, effects)
    }
    scene.startJournal()
    scene.attach(view)
  }

  /// Every view model rendered so far, starting with the initial one.
  public var rendered: [State.ViewModel] { view.rendered }

  /// Every command run so far, in order.
  public var commands: [State.Command] { log.commands }

  /// Sends events to the scene, in order.
  public func send(_ events: State.Event...) {
    for event in events { scene.send(event) }
  }

  /// Waits until all work started by the scene has finished and its events were handled.
  /// Finish any stream you injected first: an open subscription is work still running.
  public func settle() async {
    await scene.idle()
  }

  /// Checks the view models rendered and the commands run so far, each when given.
  public func verify(
    rendered expectedRendered: [State.ViewModel]? = nil,
    commands expectedCommands: [State.Command]? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) where State.Command: Equatable {
    if let expectedRendered { verify(rendered: expectedRendered, sourceLocation: sourceLocation) }
    if let expectedCommands, expectedCommands != commands {
      recordMismatch(
        "The scene ran other commands.", expected: expectedCommands, actual: commands,
        sourceLocation: sourceLocation)
    }
  }

  /// Checks the view models rendered so far.
  public func verify(
    rendered expected: [State.ViewModel],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard expected != rendered else { return }
    recordMismatch(
      "The scene rendered other view models.", expected: expected, actual: rendered,
      sourceLocation: sourceLocation)
  }

  /// Replays the events the scene handled into a fresh copy of the initial state and checks
  /// that it produces the same view models the scene rendered.
  public func verifyReplay(sourceLocation: SourceLocation = #_sourceLocation) {
    guard let journal = scene.journal else { return }
    expectReplay(journal, into: initialState, renders: rendered, sourceLocation: sourceLocation)
  }
}

/// The commands a harness saw, kept apart from the harness so that the scene's handler does
/// not hold the harness (which holds the scene).
@MainActor
final class CommandLog<Command> {
  var commands: [Command] = []
}
