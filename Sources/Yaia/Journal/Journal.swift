/// The events a shell handled, in order: enough to reproduce a session exactly.
///
/// A state is a value that depends on nothing but its events, so replaying a journal into a
/// fresh state reproduces every command and view model of the original session. Record one
/// with ``Shell/startJournal()``, save it (a journal is `Codable` when its events are), and
/// replay it in a test to reproduce a bug report.
///
/// ```swift
/// let replay = journal.replay(into: LoginState())
/// #expect(replay.state.viewModel == recordedViewModel)
/// ```
public struct Journal<Event> {
  /// The events, in the order they were handled.
  public var events: [Event]

  /// Creates a journal of `events`.
  public init(_ events: [Event] = []) {
    self.events = events
  }

  /// Runs every event through `state`, collecting what each produced.
  public func replay<State: ShellState>(into state: State) -> Replay<State>
  where State.Event == Event {
    replay(into: state, checking: nil)
  }

  /// Runs every event through `state`, as ``replay(into:)`` does, handing `check` the state
  /// before and after each event (a test library's checks of the wiring).
  package func replay<State: ShellState>(
    into state: State, checking check: ((_ before: State, _ after: State) -> Void)?
  ) -> Replay<State> where State.Event == Event {
    var state = state
    var steps: [Replay<State>.Step] = []
    steps.reserveCapacity(events.count)
    for event in events {
      let before = check == nil ? nil : state
      let commands = state.handle(event)
      if let check, let before { check(before, state) }
      steps.append(.init(event: event, commands: commands, viewModel: state.viewModel))
    }
    return Replay(state: state, steps: steps)
  }
}

extension Journal: Equatable where Event: Equatable {}
extension Journal: Hashable where Event: Hashable {}
extension Journal: Sendable where Event: Sendable {}
extension Journal: Codable where Event: Codable {}

/// What replaying events into a state produced: each event's commands and view model, and
/// the final state.
public struct Replay<State: ShellState> {
  /// One event and what handling it produced.
  public struct Step {
    /// The event handled.
    public let event: State.Event
    /// The commands it returned.
    public let commands: [State.Command]
    /// The view model right after it.
    public let viewModel: State.ViewModel
  }

  /// The state after the last event.
  public let state: State
  /// One step per event, in order.
  public let steps: [Step]

  /// All commands of all steps, in order.
  public var commands: [State.Command] { steps.flatMap(\.commands) }
}
