import Yaia

/// How a step of a launch ended.
public enum StepOutcome<ID: Hashable & Sendable>: Sendable, Equatable, CustomStringConvertible {
  /// Its body returned.
  case finished
  /// Its body threw; the description of the error is kept for reports.
  case failed(StepError)
  /// It ran past its timeout and was cancelled; the error names the step and the timeout.
  case timedOut(StepTimeoutError<ID>)
  /// It never ran because a step it waits for failed, timed out or was skipped.
  case skipped(because: ID)
  /// It aborted the launch.
  case aborted(reason: String)
  /// It was stopped, or never started, because another step aborted the launch or the launch
  /// was cancelled.
  case cancelled

  /// Whether the step failed (threw or timed out): what skips its dependents unless it is
  /// optional. Cancelled and aborting steps leave their dependents unstarted, not skipped.
  var isFailure: Bool {
    switch self {
    case .failed, .timedOut: return true
    default: return false
    }
  }

  public var description: String {
    switch self {
    case .finished: return "finished"
    case .failed(let failure): return "failed: \(failure)"
    case .timedOut(let error): return "timed out after \(DurationText.format(error.timeout))"
    case .skipped(let dependency): return "skipped: '\(dependency)' did not finish"
    case .aborted(let reason): return "aborted the launch: \(reason)"
    case .cancelled: return "cancelled"
    }
  }
}

/// An outcome is `Codable` when its step ids are, so that events and reports carrying it can be.
extension StepOutcome: Codable where ID: Codable {}
