import Yaia
import YaiaChoreography
import YaiaResources
import YaiaSequencer

/// The launch screen's model: one line per step, updated from the launch's events as they
/// happen, then its report. A plain value: tests feed it events.
struct LaunchProgress: Equatable, Sendable {
  /// Where a step is.
  enum Status: Equatable, Sendable {
    /// Not started: waiting for its dependencies.
    case pending
    /// Running.
    case running
    /// Waiting for the user to answer on another screen.
    case waitingForUser(String)
    /// Done.
    case finished
    /// Failed, timed out, skipped or cancelled; the text says which and why.
    case stopped(LocalizedText)
  }

  /// One step's line.
  struct Line: Equatable, Sendable {
    /// The step.
    var step: DemoStep
    /// Where it is.
    var status: Status
    /// When it started, from the start of the launch.
    var started: Duration?
    /// How long it ran, once ended.
    var duration: Duration?
  }

  /// The lines, in the plan's order.
  private(set) var lines: [Line]
  /// The launch's report, once it has ended.
  private(set) var report: LaunchReport<DemoStep>?
  /// The splash animation's latest frame, while the splash plays and after.
  private(set) var splash: ChoreographyFrame?

  /// Every step of `plan` pending.
  init(plan: LaunchPlan<DemoStep>) {
    lines = plan.waves.flatMap { $0 }.map { Line(step: $0, status: .pending) }
  }

  /// Takes in one event of the launch.
  mutating func apply(_ event: LaunchEvent<DemoStep>) {
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
        lines[index].status = .stopped(Self.text(of: outcome))
      }
      if let started = lines[index].started { lines[index].duration = event.time - started }
    }
  }

  /// Shows the splash animation's frame.
  mutating func show(_ frame: ChoreographyFrame) {
    splash = frame
  }

  /// Takes in the launch's report.
  mutating func finish(_ report: LaunchReport<DemoStep>) {
    self.report = report
  }
}

extension LaunchReport where ID == DemoStep {
  /// Why the app must be updated, when the version check aborted the launch.
  var updateRequired: String? {
    if case .aborted(by: .forceUpdate, let reason) = outcome { return reason }
    return nil
  }
}

extension LaunchProgress {
  /// How a step that did not finish ended, in the user's language; a failure's own reason
  /// (from the network, the store) is shown as it came.
  static func text(of outcome: StepOutcome<DemoStep>) -> LocalizedText {
    switch outcome {
    case .finished: .launchDone
    case .failed(let failure): .launchStepFailed("\(failure)")
    case .timedOut(let error): .launchStepTimedOut(DurationText.format(error.timeout))
    case .skipped(let dependency): .launchStepSkipped(dependency.title)
    case .aborted(let reason): .launchStepAborted(reason)
    case .cancelled: .launchStepCancelled
    }
  }
}

extension DemoStep {
  /// The step's name as the user reads it.
  var title: LocalizedText {
    switch self {
    case .presentSplash: .stepPresentSplash
    case .forceUpdate: .stepForceUpdate
    case .fetchConfiguration: .stepFetchConfiguration
    case .login: .stepLogin
    case .tutorial: .stepTutorial
    case .connectSpeaker: .stepConnectSpeaker
    case .presentPush: .stepPresentPush
    }
  }
}
