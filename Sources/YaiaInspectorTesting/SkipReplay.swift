public import Yaia
public import YaiaInspector

/// A recorded session replayed with some of its steps left out, beside what was recorded: the
/// "skip this action" of Redux DevTools, over a journal. Because a state is a value that
/// depends on nothing but its events, leaving one out and handling the rest again shows what
/// the screens would have shown without it, step by step.
///
/// ```swift
/// let journal = try InspectorJournal(contentsOf: url)
/// let withoutSubmit = try SkipReplay(journal, into: SignInState(), skipping: [3])
/// #expect(withoutSubmit.steps.last?.recomputed == withoutSubmit.steps.last?.recorded)
/// ```
///
/// Nothing runs but `handle`: the commands are returned, not performed.
public struct SkipReplay: Sendable, Equatable {
  /// One recorded step and what it became.
  public struct Step: Sendable, Equatable {
    /// The step's index in the journal.
    public var index: Int
    /// Whether it was left out.
    public var skipped: Bool
    /// The view model after it, as recorded.
    public var recorded: InspectedValue
    /// The view model after it with the skipped steps left out (for a skipped step, the one
    /// before it).
    public var recomputed: InspectedValue
    /// How ``recomputed`` differs from ``recorded``, lists matched by position.
    public var differences: [InspectedChange]
    /// The commands it returned, as recorded.
    public var recordedCommands: [InspectedValue]
    /// The commands it returns now (none for a skipped step).
    public var commands: [InspectedValue]
  }

  /// The steps left out, by index.
  public var skipped: Set<Int>
  /// Every step of the journal, in order.
  public var steps: [Step]

  /// The first step after which the screen differs from what was recorded.
  public var firstDifference: Step? { steps.first { !$0.differences.isEmpty } }

  /// Replays `journal` into `state`, leaving out the steps whose indexes are in `skipping`.
  ///
  /// - Throws: `InspectorJournalError` when the journal does not replay (see
  ///   `InspectorJournal.journal(of:userInfo:)`), or a step to leave out is not in it.
  public init<State: ShellState>(
    _ journal: InspectorJournal, into state: State, skipping: Set<Int>,
    userInfo: [CodingUserInfoKey: any Sendable] = [:]
  ) throws(InspectorJournalError) where State.Event: Decodable {
    let indexes = Set(journal.steps.map(\.index))
    if let missing = skipping.subtracting(indexes).min() {
      let range = journal.steps.first.map { "\($0.index)–\(journal.steps.last?.index ?? 0)" }
      throw .notReplayable(
        "step \(missing) is not in the journal, so it cannot be left out (its steps are \(range ?? "none"))"
      )
    }
    let events = try journal.journal(of: State.Event.self, userInfo: userInfo).events
    var state = state
    var recorded = journal.initialViewModel
    var recomputed = InspectedValue(state.viewModel)
    var steps: [Step] = []
    steps.reserveCapacity(events.count)
    for (step, event) in zip(journal.steps, events) {
      if step.changed, let after = step.viewModel { recorded = after }
      let skipped = skipping.contains(step.index)
      var commands: [InspectedValue] = []
      if !skipped {
        commands = state.handle(event).map { InspectedValue($0) }
        recomputed = InspectedValue(state.viewModel)
      }
      steps.append(
        Step(
          index: step.index, skipped: skipped, recorded: recorded, recomputed: recomputed,
          differences: InspectedChange.between(recorded, recomputed),
          recordedCommands: step.commands, commands: commands))
    }
    self.skipped = skipping
    self.steps = steps
  }
}
