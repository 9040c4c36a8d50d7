import Testing

/// Yields until `condition` holds, for at most `limit` of real time; records a failure naming
/// `what` otherwise. Tests use it instead of an unbounded `while !condition { yield }`.
@MainActor
func waitUntil(
  _ what: String, within limit: Duration = .seconds(30),
  sourceLocation: SourceLocation = #_sourceLocation, _ condition: () -> Bool
) async {
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: limit)
  while !condition() {
    guard clock.now < deadline else {
      Issue.record("Waited \(limit) for \(what).", sourceLocation: sourceLocation)
      return
    }
    await Task.yield()
  }
}
