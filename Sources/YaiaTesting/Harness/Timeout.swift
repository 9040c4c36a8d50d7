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
