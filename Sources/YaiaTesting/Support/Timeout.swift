/// Runs `operation` for at most `timeout` of real time: its result, or `nil` when the time ran
/// out first (the operation is then cancelled, so it must return on cancellation).
///
/// Every wait in YaiaTesting goes through here, which is why none of them can hang a test run.
func withTimeout<T: Sendable>(
  _ timeout: Duration, _ operation: @escaping @Sendable () async -> T
) async -> T? {
  await withTaskGroup(of: T?.self) { group in
    group.addTask { await operation() }
    group.addTask {
      try? await Task.sleep(for: timeout)
      return nil
    }
    let first = await group.next() ?? nil
    group.cancelAll()
    return first
  }
}

/// A duration as people write it: `300 ms`, `1.5 s`, `2 min`.
func readable(_ duration: Duration) -> String {
  let (seconds, attoseconds) = duration.components
  let total = Double(seconds) + Double(attoseconds) / 1e18
  let magnitude = abs(total)
  if magnitude == 0 { return "0 s" }
  if magnitude < 1e-6 { return "\(trimmed(total * 1e9)) ns" }
  if magnitude < 1e-3 { return "\(trimmed(total * 1e6)) µs" }
  if magnitude < 1 { return "\(trimmed(total * 1e3)) ms" }
  if magnitude < 120 { return "\(trimmed(total)) s" }
  return "\(trimmed(total / 60)) min"
}

private func trimmed(_ value: Double) -> String {
  let rounded = (value * 1000).rounded() / 1000
  if rounded == rounded.rounded() { return String(Int(rounded)) }
  return String(rounded)
}
