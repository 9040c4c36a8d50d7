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

  /// One step's part in the launch.
  public struct Record: Sendable, Equatable {
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

    /// A record from its parts: a launch makes these, and a test builds one to hand a
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
  /// Every step, in plan order.
  public let records: [Record]
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
    outcome: Outcome, records: [Record], duration: Duration, launchTime: Duration,
    criticalPath: [ID], budget: Duration
  ) {
    self.outcome = outcome
    self.records = records
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

  /// The record of `step`, if the plan has it.
  public func record(of step: ID) -> Record? {
    records.first { $0.step == step }
  }

  /// The outcome of `step`, if the plan has it.
  public func outcome(of step: ID) -> StepOutcome<ID>? {
    record(of: step)?.outcome
  }
}

extension LaunchReport: CustomStringConvertible {
  /// A summary line, then the Gantt chart.
  public var description: String { gantt() }
}

/// A report is `Codable` when its step ids are, so that an app event carrying it can be (an
/// inspector's exported session replays it).
extension LaunchReport: Codable where ID: Codable {}

/// `Codable` when its step ids are.
extension LaunchReport.Outcome: Codable where ID: Codable {}

/// `Codable` when its step ids are.
extension LaunchReport.Record: Codable where ID: Codable {}
