/// Thrown by a step to abort the whole launch, such as a forced update.
///
/// Every running step is cancelled at once, nothing more starts, and the launch's report names
/// the aborting step and `reason`.
///
/// ```swift
/// LaunchStep(.forceUpdate) { _ in
///   if try await api.minimumVersion() > appVersion { throw LaunchAbort("update required") }
/// }
/// ```
public struct LaunchAbort: Error, Sendable, Equatable, CustomStringConvertible {
  /// Why the launch stops, for the report and the screen that takes over.
  public var reason: String

  /// Creates an abort with the reason to report.
  public init(_ reason: String) {
    self.reason = reason
  }

  public var description: String { "launch aborted: \(reason)" }
}

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
    "Step '\(step)' timed out after \(formatted(timeout)). Make it faster, raise its timeout, or mark it optional."
  }
}
