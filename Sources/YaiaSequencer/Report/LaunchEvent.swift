import Yaia

/// Something that happened to a step during a launch, with the time since the launch began.
///
/// ``Launch/events`` delivers these as they happen: a splash screen can show the steps running
/// in parallel, and a coordinator learns when a step waits for the user.
public struct LaunchEvent<ID: Hashable & Sendable>: Sendable, Equatable, CustomStringConvertible {
  /// What happened.
  public enum Kind: Sendable, Equatable {
    /// The step started.
    case started
    /// The step is waiting for the user to answer this prompt (compare it with a
    /// ``UserPrompt``'s ``UserPrompt/key``).
    case waitingForUser(PromptKey<ID>)
    /// The step ended this way.
    case ended(StepOutcome<ID>)
  }

  /// The step it happened to.
  public let step: ID
  /// What happened.
  public let kind: Kind
  /// When, measured from the start of the launch on the launch's clock.
  public let time: Duration

  /// Creates an event; launches make these, tests may too.
  public init(step: ID, kind: Kind, time: Duration) {
    self.step = step
    self.kind = kind
    self.time = time
  }

  public var description: String {
    let what: String
    switch kind {
    case .started: what = "started"
    case .waitingForUser(let prompt): what = "waiting for the user: \(prompt)"
    case .ended(let outcome): what = outcome.description
    }
    return "\(DurationText.format(time)) \(step) \(what)"
  }
}

/// A launch event is `Codable` when its step ids are, so that an app event carrying it can be
/// (an inspector's exported session replays it).
extension LaunchEvent: Codable where ID: Codable {}

/// `Codable` when its step ids are.
extension LaunchEvent.Kind: Codable where ID: Codable {}
