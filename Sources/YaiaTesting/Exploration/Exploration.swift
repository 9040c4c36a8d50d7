public import Testing
public import Yaia

/// What ``explore(_:depth:sequences:seed:eventTime:events:screens:draws:invariant:sourceLocation:)``
/// did: how much it tried, and the shortest failing sequence it found, if any.
public struct ExplorationReport<Event> {
  /// The sequences of events it played.
  public let sequences: Int
  /// The events it handled in all, shrinking included.
  public let steps: Int
  /// What went wrong, or `nil` when every sequence held.
  public let finding: String?
  /// The shortest sequence found that shows it (empty when nothing was found).
  public let shortest: [Event]
}

/// Plays seeded random sequences of events on `state`, each up to `depth` events long, and fails
/// the test on the first wiring mistake any of them reaches, shrunk to the shortest sequence that
/// still shows it: the tests explore the app, rather than only the paths someone thought to write.
///
/// After every event it checks:
/// - no `WiringIssue` was reported (a timed screen nobody tells, an event for a screen
///   that is not there, a screen command with no handler);
/// - every `ScreenCommand` the state returned has a handler in `screens`, when given;
/// - every screen in the state (each `AnyScreen`) can be drawn, when `draws` is given;
/// - no two `IDSequence`s in the state share a namespace (their ids would repeat);
/// - `invariant`, when given, returns `nil` (else the broken rule, in words).
///
/// ```swift
/// @MainActor @Test func explored() async {
///   await explore(Meetings(), depth: 8, sequences: 300) { state in
///     state.path.isEmpty ? [.addTapped, .meetingTapped(0)] : [.path(top, MeetingDetail.event(.editTapped)), .back]
///   }
/// }
/// ```
///
/// `events` lists what can happen in a state (the keys or buttons on screen, the answers the
/// screen's work can bring): only those are played, so every failure is a path a user can take.
/// The same seed plays the same sequences on every run; a failure names the seed. No shell runs:
/// the state is handled as a value, about a millisecond per event in a debug build. It yields
/// the main actor after each sequence: a long exploration holds it for no more than one
/// sequence at a time, so the other tests waiting on it are not starved on a busy machine.
///
/// `eventTime` is the time of every event played, for a state whose timed screens sit below a
/// parent that is not timed (what `withEventTime(_:_:)` gives a value test; that one cannot
/// wrap an exploration, which suspends between sequences).
@MainActor
@discardableResult
public func explore<State: ShellState>(
  _ state: State, depth: Int = 8, sequences: Int = 200, seed: UInt64 = 1,
  eventTime: (any Sendable)? = nil,
  events: @escaping (State) -> [State.Event],
  screens: ScreenHandlers? = nil,
  draws: ((any ScreenState.Type) -> Bool)? = nil,
  invariant: ((State) -> String?)? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) async -> ExplorationReport<State.Event> where State.Event: Equatable {
  var explorer = Explorer(
    start: state, eventTime: eventTime, events: events, screens: screens, draws: draws,
    invariant: invariant)
  var random = SeededGenerator(seed: seed)
  for played in 1...max(sequences, 1) {
    var current = state
    var sequence: [State.Event] = []
    for _ in 0..<max(depth, 0) {
      let offered = events(current)
      guard let event = offered.randomElement(using: &random) else { break }
      sequence.append(event)
      if let finding = explorer.step(&current, event) {
        let shortest = await explorer.shrink(sequence)
        let lines = shortest.enumerated().map { "  \($0.offset + 1). \(dumped($0.element))" }
        reportFailure(
          "Exploration (seed \(seed), sequence \(played) of up to \(sequences), depth \(depth)) found: \(finding)\nShortest sequence that shows it (\(shortest.count) of \(sequence.count) events):\n"
            + lines.joined(separator: "\n"),
          at: sourceLocation)
        return ExplorationReport(
          sequences: played, steps: explorer.steps, finding: finding, shortest: shortest)
      }
    }
    await Task.yield()
  }
  return ExplorationReport(
    sequences: max(sequences, 1), steps: explorer.steps, finding: nil, shortest: [])
}

/// Plays events on a state and checks each step; shrinks a failing sequence.
@MainActor
struct Explorer<State: ShellState> where State.Event: Equatable {
  let start: State
  /// The time every event is handled at, when the explorer was told one.
  let eventTime: (any Sendable)?
  /// What can happen in a state: a shrunk sequence plays only events offered where it plays them.
  let events: (State) -> [State.Event]
  let screens: ScreenHandlers?
  let draws: ((any ScreenState.Type) -> Bool)?
  let invariant: ((State) -> String?)?
  /// Events handled so far.
  var steps = 0

  /// Handles `event`; what went wrong, if anything.
  mutating func step(_ state: inout State, _ event: State.Event) -> String? {
    steps += 1
    let collected = WiringIssueCollector()
    let commands = WiringIssueRecorder.$collector.withValue(collected) {
      guard let eventTime else { return WiringIssueRecorder.handle(event, on: &state) }
      return withEventTime(eventTime) { WiringIssueRecorder.handle(event, on: &state) }
    }
    if let issue = collected.first { return "a wiring issue: \(issue.description)" }
    let scan = StateScan(commands: commands, state: state)
    if let screens {
      for command in scan.screenCommands where !screens.handles(command.screen) {
        return
          "\(command.screen) returned \(command), and no handler is registered for \(command.screen)"
      }
    }
    if let draws {
      for screen in scan.screens where !draws(screen) {
        return "\(screen) is on screen, but nothing draws it"
      }
    }
    if let repeated = scan.sharedNamespace {
      return
        "two IDSequences share the namespace \(repeated): their ids repeat (make one with `split()`)"
    }
    if let invariant, let broken = invariant(state) { return "the invariant failed: \(broken)" }
    return nil
  }

  /// Whether `sequence`, played from the start, goes wrong; a sequence that plays an event not
  /// offered where it plays it is not a path a user can take, and counts as not failing.
  mutating func fails(_ sequence: [State.Event]) -> Bool {
    var state = start
    for event in sequence {
      guard events(state).contains(event) else { return false }
      if step(&state, event) != nil { return true }
    }
    return false
  }

  /// The shortest sequence found by leaving events out of `sequence` one at a time, while it
  /// still goes wrong, until no single event can be left out (quadratic in the sequence's
  /// length, which the depth bounds).
  mutating func shrink(_ sequence: [State.Event]) async -> [State.Event] {
    var shortest = sequence
    var index = 0
    while index < shortest.count {
      await Task.yield()
      var candidate = shortest
      candidate.remove(at: index)
      if fails(candidate) {
        // A removal that failed before may work now: start over on the shorter sequence.
        shortest = candidate
        index = 0
      } else {
        index += 1
      }
    }
    return shortest
  }
}

/// The wiring issues reported while a piece of exploration ran.
final class WiringIssueCollector: Sendable {
  /// Behind a lock: a report may come from any thread.
  private let issues = Locked<[WiringIssue]>([])

  /// Keeps `issue`.
  func append(_ issue: WiringIssue) { issues.withLock { $0.append(issue) } }

  /// The first issue kept.
  var first: WiringIssue? { issues.withLock { $0.first } }
}

/// What a state and its commands hold that an exploration checks, found through their mirrors
/// (bounded: a huge state is not searched to its end).
struct StateScan {
  /// The screen commands among the commands.
  private(set) var screenCommands: [ScreenCommand] = []
  /// The type of every screen in the state.
  private(set) var screens: [any ScreenState.Type] = []
  /// A namespace two id sequences in the state share, if any.
  private(set) var sharedNamespace: UInt64?

  private var namespaces: Set<UInt64> = []
  private var budget = 50_000

  init<Command, State>(commands: [Command], state: State) {
    for command in commands { visit(command, depth: 0, inState: false) }
    visit(state, depth: 0, inState: true)
  }

  private mutating func visit(_ value: Any, depth: Int, inState: Bool) {
    budget -= 1
    guard budget >= 0, depth < 24 else { return }
    if let command = value as? ScreenCommand {
      if !inState { screenCommands.append(command) }
      return
    }
    if inState, let screen = value as? AnyScreen { screens.append(screen.screen) }
    if inState, let sequence = value as? IDSequence {
      if sequence.issued > 0, !namespaces.insert(sequence.namespace).inserted,
        sharedNamespace == nil
      {
        sharedNamespace = sequence.namespace
      }
      return
    }
    for child in Mirror(reflecting: value).children {
      visit(child.value, depth: depth + 1, inState: inState)
    }
  }
}
