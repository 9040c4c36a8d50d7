public import Testing
public import Yaia

/// The start of a state test: given this state, when these events, then these commands.
///
/// ```swift
/// @Test("a failed login shows the error banner")
/// func failedLogin() {
///   Given(LoginState())
///     .when(.loginResponse(.failure(.unauthorized)))
///     .then([.showErrorBanner("Failed to log in")])
/// }
/// ```
///
/// The state runs synchronously, as a value: no shell, no services, no waiting. On failure
/// the test records one issue naming the event at which actual and expected diverged, with a
/// field-by-field diff.
public struct Given<State: ShellState> {
  /// The state before the events.
  public let state: State

  /// How many events led here (each `step`, and the events of a `when`): failures name the
  /// event by it, and an exported session's test checks at its end that every recorded step
  /// ran.
  public let stepsTaken: Int

  /// Starts a test from `state`.
  public init(_ state: State) {
    self.state = state
    self.stepsTaken = 0
  }

  package init(_ state: State, stepsTaken: Int) {
    self.state = state
    self.stepsTaken = stepsTaken
  }

  /// Handles `event` and checks the view model after it: the view model before, changed by
  /// `update`. Chain steps to say, event by event, exactly what each one changed:
  ///
  /// ```swift
  /// Given(Counter())
  ///   .step(.increment) { $0.count = 1 }
  ///   .step(.increment) { $0.count = 2 }
  /// ```
  @discardableResult
  public func step(
    _ event: State.Event, sourceLocation: SourceLocation = #_sourceLocation,
    _ update: (inout State.ViewModel) -> Void
  ) -> Given {
    var next = state
    var expected = state.viewModel
    _ = WiringIssueRecorder.at(sourceLocation) { WiringIssueRecorder.handle(event, on: &next) }
    update(&expected)
    if next.viewModel != expected {
      recordMismatch(
        "View model differs after step \(stepsTaken + 1), \(dumped(event)).",
        expected: expected, actual: next.viewModel, sourceLocation: sourceLocation)
    }
    return Given(next, stepsTaken: stepsTaken + 1)
  }

  /// Handles `event`, checks that it returns exactly `commands`, and checks the view model after
  /// it: the view model before, changed by `update` (unchanged if omitted).
  @discardableResult
  public func step(
    _ event: State.Event, commands: [State.Command],
    sourceLocation: SourceLocation = #_sourceLocation,
    _ update: (inout State.ViewModel) -> Void = { _ in }
  ) -> Given where State.Command: Equatable {
    var probe = state
    let actual = WiringIssueRecorder.at(sourceLocation) {
      WiringIssueRecorder.handle(event, on: &probe)
    }
    if actual != commands {
      recordMismatch(
        "Commands differ at step \(stepsTaken + 1), \(dumped(event)).",
        expected: commands, actual: actual, sourceLocation: sourceLocation)
    }
    return step(event, sourceLocation: sourceLocation, update)
  }

  /// Handles `event` and checks that the view model did not change: "nothing happens".
  @discardableResult
  public func step(
    _ event: State.Event, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Given {
    step(event, sourceLocation: sourceLocation) { _ in }
  }

  /// Handles `event` and checks the state after it: the state before, changed by `update`.
  @_disfavoredOverload  // a state that is its own view model: `step(e) { … }` means this one
  @discardableResult
  public func step(
    _ event: State.Event, sourceLocation: SourceLocation = #_sourceLocation,
    state update: (inout State) -> Void
  ) -> Given where State: Equatable {
    var next = state
    var expected = state
    _ = WiringIssueRecorder.at(sourceLocation) { WiringIssueRecorder.handle(event, on: &next) }
    update(&expected)
    if next != expected {
      recordMismatch(
        "State differs after step \(stepsTaken + 1), \(dumped(event)).",
        expected: expected, actual: next, sourceLocation: sourceLocation)
    }
    return Given(next, stepsTaken: stepsTaken + 1)
  }

  /// The events to handle, in order.
  public func when(_ events: State.Event...) -> When<State> {
    When(state: state, events: events)
  }

  /// The events to handle, in order, as an array.
  public func when(_ events: [State.Event]) -> When<State> {
    When(state: state, events: events)
  }

  /// The events of a recorded `Journal`, to reproduce a session.
  public func when(_ journal: Journal<State.Event>) -> When<State> {
    When(state: state, events: journal.events)
  }
}

/// A state and the events to run through it; finish it with `then`.
public struct When<State: ShellState> {
  /// The state before the events.
  public let state: State
  /// The events, in order.
  public let events: [State.Event]

  /// The state after the events, to go on step by step: `.when(a, b).step(c) { … }`.
  public var given: Given<State> {
    Given(Journal(events).replay(into: state).state, stepsTaken: events.count)
  }

  /// Runs the events, then handles `event` and checks the view model after it, as
  /// ``Given/step(_:sourceLocation:_:)`` does.
  @discardableResult
  public func step(
    _ event: State.Event, sourceLocation: SourceLocation = #_sourceLocation,
    _ update: (inout State.ViewModel) -> Void = { _ in }
  ) -> Given<State> {
    given.step(event, sourceLocation: sourceLocation, update)
  }

  /// Runs the events, then handles `event`, checks that it returns exactly `commands`, and
  /// checks the view model after it, as ``Given/step(_:commands:sourceLocation:_:)`` does.
  @discardableResult
  public func step(
    _ event: State.Event, commands: [State.Command],
    sourceLocation: SourceLocation = #_sourceLocation,
    _ update: (inout State.ViewModel) -> Void = { _ in }
  ) -> Given<State> where State.Command: Equatable {
    given.step(event, commands: commands, sourceLocation: sourceLocation, update)
  }

  /// Runs the events, then handles `event` and checks the state after it, as
  /// ``Given/step(_:sourceLocation:state:)`` does.
  @_disfavoredOverload
  @discardableResult
  public func step(
    _ event: State.Event, sourceLocation: SourceLocation = #_sourceLocation,
    state update: (inout State) -> Void
  ) -> Given<State> where State: Equatable {
    given.step(event, sourceLocation: sourceLocation, state: update)
  }

  /// Runs the events and expects exactly `commands` (all events' commands, in order) and,
  /// when given, `viewModel` at the end. Returns the resulting state for further checks.
  @discardableResult
  public func then(
    _ commands: [State.Command],
    viewModel: State.ViewModel? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> State where State.Command: Equatable {
    let replay = WiringIssueRecorder.at(sourceLocation) {
      Journal(events).replay(into: state) { UntoldStamp.check(before: $0, after: $1) }
    }
    checkCommands(commands, in: replay, sourceLocation: sourceLocation)
    if let viewModel { checkViewModel(viewModel, in: replay, sourceLocation: sourceLocation) }
    return replay.state
  }

  /// Runs the events and expects `viewModel` at the end, whatever the commands. Returns the
  /// resulting state for further checks.
  @discardableResult
  public func then(
    viewModel: State.ViewModel,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> State {
    let replay = WiringIssueRecorder.at(sourceLocation) {
      Journal(events).replay(into: state) { UntoldStamp.check(before: $0, after: $1) }
    }
    checkViewModel(viewModel, in: replay, sourceLocation: sourceLocation)
    return replay.state
  }

  private func checkCommands(
    _ expected: [State.Command], in replay: Replay<State>, sourceLocation: SourceLocation
  ) where State.Command: Equatable {
    let actual = replay.commands
    guard actual != expected else { return }
    let firstDifference =
      YaiaTesting.firstDifference(expected, actual)
    recordMismatch(
      "Commands differ from \(eventProducing(commandAt: firstDifference, in: replay))"
        + " (command \(firstDifference + 1)).",
      expected: expected, actual: actual, sourceLocation: sourceLocation)
  }

  private func checkViewModel(
    _ expected: State.ViewModel, in replay: Replay<State>, sourceLocation: SourceLocation
  ) {
    let actual = replay.state.viewModel
    guard actual != expected else { return }
    let position =
      events.isEmpty
      ? "with no events"
      : "after \(describeEvent(events[events.count - 1], at: events.count - 1, of: events.count))"
    recordMismatch(
      "View model differs \(position).", expected: expected, actual: actual,
      sourceLocation: sourceLocation)
  }

  /// Names the event whose commands include the flat index `index`; past the end, the last
  /// event (the one after which a command was missing).
  private func eventProducing(commandAt index: Int, in replay: Replay<State>) -> String {
    guard !events.isEmpty else { return "the start (no events were sent)" }
    var seen = 0
    for (position, step) in replay.steps.enumerated() {
      seen += step.commands.count
      if index < seen { return describeEvent(step.event, at: position, of: events.count) }
    }
    return describeEvent(events[events.count - 1], at: events.count - 1, of: events.count)
  }
}
