public import Testing
public import Yaia

/// Replays `journal` into `state` and checks that it renders `expected`: the initial view
/// model, then each change, as a shell would publish them.
///
/// Use it to reproduce a recorded session (a journal saved from a bug report) in a test, or
/// to prove a state deterministic: replaying the events a live shell handled must render
/// exactly what the shell rendered. On failure it names the first event whose view model
/// differs.
///
/// ```swift
/// let journal = try JSONDecoder().decode(Journal<LoginState.Event>.self, from: data)
/// expectReplay(journal, into: LoginState(), renders: [.idle, .loading, .error("Failed to log in")])
/// ```
public func expectReplay<State: ShellState>(
  _ journal: Journal<State.Event>,
  into state: State,
  renders expected: [State.ViewModel],
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let replay = journal.replay(into: state)
  var rendered = [state.viewModel]
  var renderingEvent: [Int?] = [nil]
  for (index, step) in replay.steps.enumerated()
  where step.viewModel != rendered[rendered.count - 1] {
    rendered.append(step.viewModel)
    renderingEvent.append(index)
  }
  guard rendered != expected else { return }
  let firstDifference =
    YaiaTesting.firstDifference(expected, rendered)
  let cause: String
  if firstDifference < renderingEvent.count, let index = renderingEvent[firstDifference] {
    cause = "from \(describeEvent(journal.events[index], at: index, of: journal.events.count))"
  } else if firstDifference == 0 {
    cause = "from the initial view model"
  } else {
    cause = "after the last event (a render is missing or extra)"
  }
  recordMismatch(
    "Replay renders differ \(cause) (render \(firstDifference + 1)).",
    expected: expected, actual: rendered, sourceLocation: sourceLocation)
}
