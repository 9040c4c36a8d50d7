/// Thrown by a step to abort the whole launch, such as a forced update.
///
/// Every running step is cancelled at once, nothing more starts, and the launch's report names
/// the aborting step and `reason`.
///
/// ```swift
/// LaunchStep(.forceUpdate) { _ in
///   if try await api.minimumVersion() > appVersion { throw LaunchAbortError("update required") }
/// }
/// ```
public struct LaunchAbortError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Why the launch stops, for the report and the screen that takes over.
  public var reason: String

  /// Creates an abort with the reason to report.
  public init(_ reason: String) {
    self.reason = reason
  }

  public var description: String { "launch aborted: \(reason)" }
}
