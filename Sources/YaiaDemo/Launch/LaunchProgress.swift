import Yaia
import YaiaSequencer

/// The launch screen's model: one line per step, updated from the launch's events as they
/// happen, then the summary from its report. A plain value: tests feed it events.
public struct LaunchProgress: Equatable, Sendable {
  /// Where a step is.
  public enum Status: Equatable, Sendable {
    /// Not started: waiting for its dependencies.
    case pending
    /// Running.
    case running
    /// Waiting for the user to answer on another screen.
    case waitingForUser(String)
    /// Done.
    case finished
    /// Failed, timed out, skipped or cancelled; the text says which and why.
    case stopped(String)
  }

  /// One step's line.
  public struct Line: Equatable, Sendable {
    /// The step.
    public var step: DemoStep
    /// Where it is.
    public var status: Status
    /// When it started, from the start of the launch.
    public var started: Duration?
    /// How long it ran, once ended.
    public var duration: Duration?
  }

  /// The lines, in the plan's order.
  public private(set) var lines: [Line]
  /// The summary, once the launch has ended.
  public private(set) var summary: LaunchSummary?

  /// Every step of `plan` pending.
  public init(plan: LaunchPlan<DemoStep>) {
    lines = plan.waves.flatMap { $0 }.map { Line(step: $0, status: .pending) }
  }

  /// Takes in one event of the launch.
  public mutating func apply(_ event: LaunchEvent<DemoStep>) {
    guard let index = lines.firstIndex(where: { $0.step == event.step }) else { return }
    switch event.kind {
    case .started:
      lines[index].status = .running
      lines[index].started = event.time
    case .waitingForUser(let prompt):
      lines[index].status = .waitingForUser(prompt.name)
    case .ended(let outcome):
      if case .finished = outcome {
        lines[index].status = .finished
      } else {
        lines[index].status = .stopped(outcome.description)
      }
      if let started = lines[index].started { lines[index].duration = event.time - started }
    }
  }

  /// Takes in the launch's summary.
  public mutating func finish(_ summary: LaunchSummary) {
    self.summary = summary
  }
}

/// How a launch went, from its report: the outcome, the launch time against the budget, and
/// each step's time.
public struct LaunchSummary: Equatable, Sendable {
  /// One step's result.
  public struct Step: Equatable, Sendable {
    /// The step.
    public var step: DemoStep
    /// How long it ran, if it ran.
    public var duration: Duration?
    /// How it ended.
    public var outcome: String
    /// Whether it waited for the user (its time does not count against the budget).
    public var needsUserInput: Bool

    /// A step's result.
    public init(step: DemoStep, duration: Duration?, outcome: String, needsUserInput: Bool) {
      self.step = step
      self.duration = duration
      self.outcome = outcome
      self.needsUserInput = needsUserInput
    }
  }

  /// `completed`, or what stopped it.
  public var outcome: String
  /// Whether an update is required (the version check aborted the launch).
  public var updateRequired: String?
  /// The launch time: the longest chain of steps, user input not counted.
  public var launchTime: Duration
  /// The budget.
  public var budget: Duration
  /// Each step, in the plan's order.
  public var steps: [Step]

  /// The summary of `report`.
  public init(report: LaunchReport<DemoStep>) {
    switch report.outcome {
    case .completed:
      outcome = "completed"
    case .failed(let steps):
      outcome = "completed with failures: \(steps.map(\.description).joined(separator: ", "))"
    case .aborted(let step, let reason):
      outcome = "aborted by \(step): \(reason)"
    case .cancelled:
      outcome = "cancelled"
    }
    if case .aborted(by: .forceUpdate, let reason) = report.outcome {
      updateRequired = reason
    }
    launchTime = report.launchTime
    budget = report.budget
    steps = report.records.map {
      Step(
        step: $0.step, duration: $0.duration, outcome: $0.outcome.description,
        needsUserInput: $0.needsUserInput)
    }
  }

  /// A summary from its parts (tests).
  public init(
    outcome: String, updateRequired: String? = nil, launchTime: Duration, budget: Duration,
    steps: [Step]
  ) {
    self.outcome = outcome
    self.updateRequired = updateRequired
    self.launchTime = launchTime
    self.budget = budget
    self.steps = steps
  }

  /// `Launch completed in 612 ms (budget 3.00 s)`.
  public var headline: String {
    "Launch \(outcome) in \(DurationText.format(launchTime)) (budget \(DurationText.format(budget))"
      + (launchTime > budget ? ", OVER BUDGET)" : ")")
  }
}
