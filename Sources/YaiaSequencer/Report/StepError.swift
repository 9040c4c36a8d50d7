/// The error a step failed with, kept for the report.
///
/// Two failures are equal when their errors have the same type and description, so reports
/// can be compared in tests.
public struct StepError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The error the step threw.
  public let error: any Error

  /// Wraps the error a step threw.
  public init(_ error: any Error) {
    self.error = error
  }

  public var description: String { String(describing: error) }

  /// Same error type and same description.
  public static func == (lhs: StepError, rhs: StepError) -> Bool {
    type(of: lhs.error) == type(of: rhs.error) && lhs.description == rhs.description
  }
}
