public import Testing
public import Yaia
public import YaiaInspector
import YaiaTesting

/// Replays a journal exported from Yaia Inspector into `state` and checks that every step
/// produces the commands and view model the app produced when it was recorded: a session
/// someone watched in the inspector becomes a regression test in two lines.
///
/// ```swift
/// let journal = try InspectorJournal(contentsOf: url)   // "Export journal" in the page
/// try expectReplay(journal, into: LoginState())
/// ```
///
/// Values are compared as the inspector shows them (`InspectedValue`, with the standard
/// limits), since that is what the journal holds. On failure it names the first step that
/// differs and the fields that differ.
///
/// - Throws: `InspectorJournalError` when the journal cannot be replayed (it lost its first
///   steps, or the shell's events were not `Codable` when it was recorded).
public func expectReplay<State: ShellState>(
  _ journal: InspectorJournal, into state: State,
  sourceLocation: SourceLocation = #_sourceLocation
) throws(InspectorJournalError) where State.Event: Decodable {
  let events = try journal.journal(of: State.Event.self)
  let replay = events.replay(into: state)
  let initial = InspectedValue(state.viewModel)
  if initial != journal.initialViewModel {
    reportReplayDifference(
      "The initial view model differs from the recorded one",
      changes: InspectedChange.between(journal.initialViewModel, initial), at: sourceLocation)
    return
  }
  var previous = initial
  for (recorded, step) in zip(journal.steps, replay.steps) {
    let commands = step.commands.map { InspectedValue($0) }
    if commands != recorded.commands {
      reportReplayDifference(
        "Step \(recorded.index) (\(dumped(step.event))) returns other commands than recorded",
        changes: InspectedChange.between(
          .collection(type: "commands", elements: recorded.commands, omitted: 0),
          .collection(type: "commands", elements: commands, omitted: 0)),
        at: sourceLocation)
      return
    }
    let viewModel = InspectedValue(step.viewModel)
    let expected = recorded.changed ? (recorded.viewModel ?? previous) : previous
    if viewModel != expected {
      reportReplayDifference(
        "Step \(recorded.index) (\(dumped(step.event))) renders another view model than recorded",
        changes: InspectedChange.between(expected, viewModel), at: sourceLocation)
      return
    }
    previous = viewModel
  }
}

private func reportReplayDifference(
  _ headline: String, changes: [InspectedChange], at location: SourceLocation
) {
  let lines = changes.prefix(20).map { change in
    "  \(change.path.isEmpty ? "(whole value)" : change.path): recorded \(describe(change.before)), replayed \(describe(change.after))"
  }
  reportFailure(([headline + ":"] + lines).joined(separator: "\n"), at: location)
}

private func describe(_ value: InspectedValue?) -> String {
  value.map { dumped($0) } ?? "nothing"
}
