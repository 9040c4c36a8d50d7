/// The shared, isolated place where a launch keeps the values steps provide and the answers
/// the user gives, and where steps wait for those answers.
actor LaunchBoard<ID: Hashable & Sendable> {
  private var values: [ValueKey<ID>: any Sendable] = [:]
  private var answers: [ValueKey<ID>: any Sendable] = [:]
  private var waiters: [ValueKey<ID>: CheckedContinuation<any Sendable, any Error>] = [:]
  private var report: LaunchReport<ID>?
  private var reportWaiters: [CheckedContinuation<LaunchReport<ID>, Never>] = []
  private var hasStarted = false
  private var notifyWaiting: (@Sendable (ID, String) -> Void)?

  func store(_ value: any Sendable, at key: ValueKey<ID>) {
    values[key] = value
  }

  func value(at key: ValueKey<ID>) -> (any Sendable)? {
    values[key]
  }

  /// Returns the answer at `key`, suspending until it is given; throws `CancellationError`
  /// when the asking task is cancelled first.
  func waitForAnswer(at key: ValueKey<ID>) async throws -> any Sendable {
    if let answer = answers.removeValue(forKey: key) { return answer }
    notifyWaiting?(key.step, key.name)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        if Task.isCancelled {
          continuation.resume(throwing: CancellationError())
        } else {
          waiters[key] = continuation
        }
      }
    } onCancel: {
      Task { await self.cancelWaiter(at: key) }
    }
  }

  /// Delivers an answer to the step waiting for it, or keeps it until the step asks. After
  /// the launch, answers are dropped.
  func answer(_ answer: any Sendable, at key: ValueKey<ID>) {
    if let waiter = waiters.removeValue(forKey: key) {
      waiter.resume(returning: answer)
    } else if report == nil {
      answers[key] = answer
    }
  }

  private func cancelWaiter(at key: ValueKey<ID>) {
    waiters.removeValue(forKey: key)?.resume(throwing: CancellationError())
  }

  // MARK: Running once

  /// Marks the launch as started; `false` if it had started already.
  func beginRun(notifyWaiting: @escaping @Sendable (ID, String) -> Void) -> Bool {
    guard !hasStarted else { return false }
    hasStarted = true
    self.notifyWaiting = notifyWaiting
    return true
  }

  func finishRun(with report: LaunchReport<ID>) {
    self.report = report
    notifyWaiting = nil
    answers.removeAll()
    for waiter in reportWaiters { waiter.resume(returning: report) }
    reportWaiters.removeAll()
  }

  /// The report of the run, waiting for it if the run is still going.
  func finishedReport() async -> LaunchReport<ID> {
    if let report { return report }
    return await withCheckedContinuation { reportWaiters.append($0) }
  }
}
