import Yaia

/// The error a step fails with when it runs past its timeout.
public struct StepTimeoutError<ID: Hashable & Sendable>: Error, Equatable, CustomStringConvertible {
  /// The step that ran too long.
  public var step: ID
  /// Its timeout.
  public var timeout: Duration

  /// Creates the error for `step`, which ran past `timeout`.
  public init(step: ID, timeout: Duration) {
    self.step = step
    self.timeout = timeout
  }

  public var description: String {
    "Step '\(step)' timed out after \(DurationText.format(timeout)). Make it faster, raise its timeout, or mark it optional."
  }
}

/// `Codable` when its step ids are, so that an outcome carrying it can be.
extension StepTimeoutError: Codable where ID: Codable {}
