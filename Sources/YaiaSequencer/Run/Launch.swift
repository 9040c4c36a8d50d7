/// One run of a ``LaunchPlan``: it runs every step as soon as its dependencies have finished,
/// reports what happens as ``events``, takes the user's answers, and returns a
/// ``LaunchReport``.
///
/// ```swift
/// let launch = Launch(try LaunchPlan.regular(services), clock: ContinuousClock())
/// Task { for await event in launch.events { splash.show(event) } }
/// let report = await launch.run()
/// if case .aborted(by: .forceUpdate, let reason) = report.outcome { router.showUpdateScreen(reason) }
/// ```
///
/// Steps run on a task group, at most ``maxConcurrentSteps`` at once. A step that fails or
/// times out skips the steps after it (unless it is optional); a step that throws
/// ``LaunchAbortError`` cancels every running step at once and starts nothing more. Cancelling the
/// task that called ``run()`` cancels the launch the same way.
///
/// The clock is injected: tests pass a test clock, so timeouts, budgets and parallelism are
/// checked instantly and give the same result every time.
public final class Launch<ID: Hashable & Sendable>: Sendable {
  /// The plan this launch runs.
  public let plan: LaunchPlan<ID>
  /// The most steps running at once.
  public let maxConcurrentSteps: Int
  /// The longest the launch may take, counting only steps that need no user input.
  public let budget: Duration
  /// What happens to each step, as it happens, finishing when the launch ends. Meant for one
  /// consumer (a splash screen or a coordinator).
  public let events: AsyncStream<LaunchEvent<ID>>

  private let eventSink: AsyncStream<LaunchEvent<ID>>.Continuation
  private let clock: LaunchClock
  private let board = LaunchBoard<ID>()

  /// Prepares a launch of `plan` on `clock`.
  ///
  /// - Parameters:
  ///   - plan: The validated plan to run.
  ///   - clock: Times steps, timeouts and the budget; a test clock in tests.
  ///   - maxConcurrentSteps: The most steps running at once; `nil` for no limit. Values below
  ///     one count as one.
  ///   - budget: The time budget; the seed's rule is 3 seconds when no user input is needed.
  public init<C: Clock>(
    _ plan: LaunchPlan<ID>, clock: C, maxConcurrentSteps: Int? = nil,
    budget: Duration = .seconds(3)
  ) where C.Duration == Duration {
    self.plan = plan
    self.maxConcurrentSteps = max(1, maxConcurrentSteps ?? Int.max)
    self.budget = budget
    self.clock = LaunchClock(clock)
    (events, eventSink) = AsyncStream.makeStream(of: LaunchEvent<ID>.self)
  }

  /// Prepares a launch of `plan` on the continuous clock.
  public convenience init(
    _ plan: LaunchPlan<ID>, maxConcurrentSteps: Int? = nil, budget: Duration = .seconds(3)
  ) {
    self.init(
      plan, clock: ContinuousClock(), maxConcurrentSteps: maxConcurrentSteps, budget: budget)
  }

  /// Answers a step waiting in ``StepContext/ask(_:)``, or keeps the answer until it asks.
  /// Answers nobody asked for are dropped when the launch ends.
  public func answer<Answer>(_ prompt: UserPrompt<ID, Answer>, with answer: Answer) async {
    await board.answer(
      answer,
      at: ValueKey(step: prompt.step, name: prompt.name, type: ObjectIdentifier(Answer.self)))
  }

  /// Runs the launch and returns its report. A launch runs once: calling `run()` again
  /// returns the same report (waiting for the first run if it is still going).
  public func run() async -> LaunchReport<ID> {
    let elapsed = clock.startTimer()
    let sink = eventSink
    let isFirstRun = await board.beginRun { step, prompt in
      sink.yield(
        LaunchEvent(
          step: step, kind: .waitingForUser(PromptKey(step: step, name: prompt)), time: elapsed()))
    }
    guard isFirstRun else { return await board.finishedReport() }

    let report = await execute(elapsed: elapsed)
    await board.finishRun(with: report)
    eventSink.finish()
    return report
  }

  private struct Completion: Sendable {
    let index: Int
    let outcome: StepOutcome<ID>
    let end: Duration
  }

  private func execute(elapsed: @escaping @Sendable () -> Duration) async -> LaunchReport<ID> {
    var schedule = LaunchSchedule(plan: plan, maxRunning: maxConcurrentSteps)
    var outcomes = [StepOutcome<ID>?](repeating: nil, count: plan.count)
    var starts = [Duration?](repeating: nil, count: plan.count)
    var ends = [Duration?](repeating: nil, count: plan.count)
    var abort: (step: ID, reason: String)?
    let plan = self.plan
    let board = self.board
    let sleep = clock.sleep

    await withTaskGroup(of: Completion.self) { group in
      func startReadySteps() {
        if Task.isCancelled { schedule.stop() }
        for index in schedule.stepsToStart() {
          let step = plan.steps[index]
          let start = elapsed()
          starts[index] = start
          eventSink.yield(LaunchEvent(step: step.id, kind: .started, time: start))
          group.addTask {
            let context = StepContext(step: step.id, plan: plan, board: board)
            let outcome = await Self.perform(step, context: context, sleep: sleep)
            return Completion(index: index, outcome: outcome, end: elapsed())
          }
        }
      }

      startReadySteps()
      while let completion = await group.next() {
        let step = plan.steps[completion.index]
        outcomes[completion.index] = completion.outcome
        ends[completion.index] = completion.end
        eventSink.yield(
          LaunchEvent(step: step.id, kind: .ended(completion.outcome), time: completion.end))

        let mayRun = !completion.outcome.isFailure || step.isOptional
        for (skipped, cause) in schedule.stepEnded(completion.index, dependentsMayRun: mayRun) {
          let outcome = StepOutcome<ID>.skipped(because: plan.steps[cause].id)
          outcomes[skipped] = outcome
          eventSink.yield(
            LaunchEvent(step: plan.steps[skipped].id, kind: .ended(outcome), time: completion.end))
        }
        if case .aborted(let reason) = completion.outcome, abort == nil {
          abort = (step.id, reason)
          schedule.stop()
          group.cancelAll()
        }
        startReadySteps()
      }
    }

    let end = elapsed()
    for index in schedule.neverStarted {
      outcomes[index] = .cancelled
      eventSink.yield(LaunchEvent(step: plan.steps[index].id, kind: .ended(.cancelled), time: end))
    }
    return report(outcomes: outcomes, starts: starts, ends: ends, abort: abort, duration: end)
  }

  /// Runs one step's body, with its timeout if it has one, and says how it ended.
  private static func perform(
    _ step: LaunchStep<ID>, context: StepContext<ID>,
    sleep: @escaping @Sendable (Duration) async throws -> Void
  ) async -> StepOutcome<ID> {
    do {
      guard let timeout = step.timeout else {
        try await step.body(context)
        return .finished
      }
      let timedOut = try await withThrowingTaskGroup(of: Bool.self) { group in
        group.addTask {
          try await step.body(context)
          return false
        }
        group.addTask {
          try await sleep(timeout)
          return true
        }
        defer { group.cancelAll() }
        return try await group.next() ?? false
      }
      return timedOut ? .timedOut(StepTimeoutError(step: step.id, timeout: timeout)) : .finished
    } catch let abort as LaunchAbortError {
      return .aborted(reason: abort.reason)
    } catch {
      return Task.isCancelled ? .cancelled : .failed(StepError(error))
    }
  }

  private func report(
    outcomes: [StepOutcome<ID>?], starts: [Duration?], ends: [Duration?],
    abort: (step: ID, reason: String)?, duration: Duration
  ) -> LaunchReport<ID> {
    let spans = plan.steps.indices.map { index in
      LaunchReport<ID>.StepSpan(
        step: plan.steps[index].id, outcome: outcomes[index] ?? .cancelled, start: starts[index],
        end: ends[index], needsUserInput: plan.steps[index].needsUserInput)
    }
    let ran = plan.topologicalOrder.filter { starts[$0] != nil && ends[$0] != nil }
    let (path, launchTime) = plan.longestPath(among: ran) { index in
      guard !plan.steps[index].needsUserInput, let start = starts[index], let end = ends[index]
      else {
        return .zero
      }
      return end - start
    }
    let outcome: LaunchReport<ID>.Outcome
    let failed = spans.filter {
      $0.outcome.isFailure && !(plan.step($0.step)?.isOptional ?? false)
    }
    if let abort {
      outcome = .aborted(by: abort.step, reason: abort.reason)
    } else if spans.contains(where: { $0.outcome == .cancelled }) {
      outcome = .cancelled
    } else if !failed.isEmpty {
      outcome = .failed(steps: failed.map(\.step))
    } else {
      outcome = .completed
    }
    return LaunchReport(
      outcome: outcome, spans: spans, duration: duration, launchTime: launchTime,
      criticalPath: path.map { plan.steps[$0].id }, budget: budget)
  }
}

/// A clock reduced to what a launch needs, so ``Launch`` is not generic over its clock.
struct LaunchClock: Sendable {
  /// Starts timing; the returned function gives the time elapsed since.
  let startTimer: @Sendable () -> (@Sendable () -> Duration)
  /// Sleeps for a duration on the clock.
  let sleep: @Sendable (Duration) async throws -> Void

  init<C: Clock>(_ clock: C) where C.Duration == Duration {
    startTimer = {
      let start = clock.now
      return { start.duration(to: clock.now) }
    }
    sleep = { try await clock.sleep(for: $0) }
  }
}
