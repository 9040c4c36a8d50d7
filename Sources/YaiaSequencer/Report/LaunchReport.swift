import Yaia

/// How a launch went: each step's start, end and outcome, how the launch ended, and whether it
/// kept to its time budget.
public struct LaunchReport<ID: Hashable & Sendable>: Sendable, Equatable {
  /// How the launch as a whole ended.
  public enum Outcome: Sendable, Equatable {
    /// Every step finished (optional steps may have failed).
    case completed
    /// Some required steps failed or timed out; their dependents were skipped.
    case failed(steps: [ID])
    /// A step aborted the launch.
    case aborted(by: ID, reason: String)
    /// The task running the launch was cancelled.
    case cancelled
  }

  /// One step's span in the launch: when it ran and how it ended. ("Record" is the mock
  /// server's word, for what it writes from a backend.)
  public struct StepSpan: Sendable, Equatable {
    /// The step.
    public let step: ID
    /// How it ended.
    public let outcome: StepOutcome<ID>
    /// When it started, from the start of the launch; `nil` if it never ran.
    public let start: Duration?
    /// When it ended, from the start of the launch; `nil` if it never ran.
    public let end: Duration?
    /// Whether it waits for the user (and so is left out of the budget).
    public let needsUserInput: Bool

    /// A span from its parts: a launch makes these, and a test builds one to hand a
    /// report to a state as a plain value.
    public init(
      step: ID, outcome: StepOutcome<ID>, start: Duration?, end: Duration?, needsUserInput: Bool
    ) {
      self.step = step
      self.outcome = outcome
      self.start = start
      self.end = end
      self.needsUserInput = needsUserInput
    }

    /// How long it ran; `nil` if it never ran.
    public var duration: Duration? {
      guard let start, let end else { return nil }
      return end - start
    }
  }

  /// The launch ran longer than its budget: the launch time, the budget, and the chain of
  /// steps that took that long.
  public struct BudgetOverrun: Sendable, Equatable, CustomStringConvertible {
    /// The launch time, counting only steps that need no user input.
    public let launchTime: Duration
    /// The budget.
    public let budget: Duration
    /// The chain of steps, each waiting for the one before, that made the launch this long.
    public let path: [ID]

    public var description: String {
      let chain = path.map { "\($0)" }.joined(separator: " -> ")
      return
        "Launch took \(DurationText.format(launchTime)), over its budget of \(DurationText.format(budget)), along \(chain). Shorten these steps or make them independent."
    }
  }

  /// How the launch ended.
  public let outcome: Outcome
  /// Renamed ``StepSpan``.
  @available(*, deprecated, renamed: "StepSpan")
  public typealias Record = StepSpan

  /// Every step's span, in plan order.
  public let spans: [StepSpan]
  /// From the start of the launch to the end of its last step.
  public let duration: Duration
  /// The longest chain of steps by the time they actually ran, counting steps that need user
  /// input as zero: how long the user waited for the app.
  public let launchTime: Duration
  /// The chain of steps that gives ``launchTime``.
  public let criticalPath: [ID]
  /// The budget the launch was measured against.
  public let budget: Duration

  /// A report from its parts: a launch makes these, and a test builds one to hand to a state
  /// as a plain value (the state that shows a finished launch is tested without running one).
  public init(
    outcome: Outcome, spans: [StepSpan], duration: Duration, launchTime: Duration,
    criticalPath: [ID], budget: Duration
  ) {
    self.outcome = outcome
    self.spans = spans
    self.duration = duration
    self.launchTime = launchTime
    self.criticalPath = criticalPath
    self.budget = budget
  }

  /// The overrun, if ``launchTime`` exceeded ``budget``.
  public var budgetOverrun: BudgetOverrun? {
    launchTime > budget
      ? BudgetOverrun(launchTime: launchTime, budget: budget, path: criticalPath) : nil
  }

  /// Renamed ``init(outcome:spans:duration:launchTime:criticalPath:budget:)``.
  @available(*, deprecated, renamed: "init(outcome:spans:duration:launchTime:criticalPath:budget:)")
  public init(
    outcome: Outcome, records: [StepSpan], duration: Duration, launchTime: Duration,
    criticalPath: [ID], budget: Duration
  ) {
    self.init(
      outcome: outcome, spans: records, duration: duration, launchTime: launchTime,
      criticalPath: criticalPath, budget: budget)
  }

  /// Renamed ``spans``.
  @available(*, deprecated, renamed: "spans")
  public var records: [StepSpan] { spans }

  /// The span of `step`, if the plan has it.
  public func span(of step: ID) -> StepSpan? {
    spans.first { $0.step == step }
  }

  /// Renamed ``span(of:)``.
  @available(*, deprecated, renamed: "span(of:)")
  public func record(of step: ID) -> StepSpan? { span(of: step) }

  /// The outcome of `step`, if the plan has it.
  public func outcome(of step: ID) -> StepOutcome<ID>? {
    span(of: step)?.outcome
  }
}

extension LaunchReport: CustomStringConvertible {
  /// A summary line, then the Gantt chart.
  public var description: String { gantt() }
}

/// A report is `Codable` when its step ids are, so that an app event carrying it can be (an
/// inspector's exported session replays it).
extension LaunchReport: Codable where ID: Codable {
  /// The spans keep the key `records` they were saved under before the rename, so journals
  /// and reports already written still read.
  private enum CodingKeys: String, CodingKey {
    case outcome, duration, launchTime, criticalPath, budget
    case spans = "records"
  }
}

/// `Codable` when its step ids are.
extension LaunchReport.Outcome: Codable where ID: Codable {}

/// `Codable` when its step ids are.
extension LaunchReport.StepSpan: Codable where ID: Codable {}
