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
  /// For each step whose outputs were read: which steps reach it (it is upstream of them),
  /// remembered across reads so that a long chain is walked once, not once per read.
  private var reaches: [Int: [Bool?]] = [:]

  /// Whether `upstream` is a step `id` waits for, directly or not; memoized per `upstream`,
  /// so that all the reads of one step's outputs together walk the plan once.
  func isUpstream(_ upstream: ID, of id: ID, in plan: LaunchPlan<ID>) -> Bool {
    guard let target = plan.indexByID[upstream], let start = plan.indexByID[id] else {
      return false
    }
    // A step that waits for another runs in a later wave: no need to look further.
    guard plan.waveOfStep[target] < plan.waveOfStep[start] else { return false }
    var memo = reaches[target] ?? [Bool?](repeating: nil, count: plan.steps.count)
    memo[target] = true
    // Iterative depth-first walk (a chain of 20,000 steps must not overflow the stack): a step
    // reaches the target when one of its dependencies does.
    var stack: [(node: Int, next: Int)] = [(start, 0)]
    while var top = stack.popLast() {
      if memo[top.node] != nil { continue }
      let dependencies = plan.dependencyIndexes[top.node]
      var decided: Bool?
      while top.next < dependencies.count {
        let dependency = dependencies[top.next]
        if plan.waveOfStep[dependency] < plan.waveOfStep[target] {
          top.next += 1  // too early to wait for the target
          continue
        }
        switch memo[dependency] {
        case true?: decided = true
        case false?: top.next += 1
        case nil:
          stack.append(top)
          stack.append((dependency, 0))
        }
        if decided != nil || memo[dependency] == nil { break }
      }
      if decided == true {
        memo[top.node] = true
      } else if top.next >= dependencies.count {
        memo[top.node] = false
      }
    }
    reaches[target] = memo
    return memo[start] ?? false
  }

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
