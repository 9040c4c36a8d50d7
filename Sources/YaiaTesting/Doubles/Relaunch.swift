import Yaia

/// Runs `body` as launch `number` of the app: every `IDSequence()` made in it takes the
/// namespace of that launch, as a fresh sequence does in each run of an app. For a test that
/// models a restart: the notes are kept, the state is rebuilt, and the new launch must not issue
/// an id a kept note has.
///
/// ```swift
/// let kept = try JSONEncoder().encode(before.notes)          // what the app stores
/// let after = withLaunch(2) { NotesState(notes: try JSONDecoder().decode([Note].self, from: kept)) }
/// ```
///
/// Launch 1 is what every test runs as (the test namespace: ids print `#1`, `#2`); each later
/// launch has a fixed namespace of its own, so the test sees the same ids on every run.
public func withLaunch<Result>(_ number: Int, _ body: () throws -> Result) rethrows -> Result {
  try LaunchNamespace.withModelled(LaunchNamespace.namespace(ofLaunch: number)) { try body() }
}
