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

/// A step's error is written as its description, the part a report keeps: an event or a
/// report that carries one can be `Codable` (an inspector's exported session). Read back, it
/// is a ``RecordedStepError`` with that description, not the type that was thrown.
extension StepError: Codable {
  private enum CodingKeys: String, CodingKey {
    case description
  }

  /// Writes `{"description": …}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(description, forKey: .description)
  }

  /// Reads a ``RecordedStepError`` with the written description.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      RecordedStepError(description: try container.decode(String.self, forKey: .description)))
  }
}

/// A step's error read back from its written description (``StepError``'s `Codable`): it
/// describes itself as the error that was thrown did.
public struct RecordedStepError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The thrown error's description.
  public let description: String

  /// The error described as `description`.
  public init(description: String) {
    self.description = description
  }
}
