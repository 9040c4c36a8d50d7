/// A value one step provides and the steps after it read, typed: the language the
/// configuration step chose, read by the login step.
///
/// Declare each output once, naming the step that provides it:
///
/// ```swift
/// enum Outputs {
///   static let language = StepOutput<LaunchStepID, Language>("language", of: .fetchConfiguration)
/// }
/// ```
///
/// Only that step may provide it, and only steps that wait for that step (directly or not)
/// may read it, so the value is always there when read: no globals, no races.
public struct StepOutput<ID: Hashable & Sendable, Value: Sendable>: Hashable, Sendable {
  /// The step that provides the value.
  public let step: ID
  /// A name for messages and to tell several outputs of one step apart.
  public let name: String

  /// Declares an output named `name` that `step` provides.
  public init(_ name: String, of step: ID, as type: Value.Type = Value.self) {
    self.step = step
    self.name = name
  }
}

/// A question a step asks the user during launch (credentials, a language, the tutorial's
/// "done"), answered by the app's coordinator through ``Launch/answer(_:with:)``.
///
/// ```swift
/// static let credentials = UserPrompt<LaunchStepID, Credentials>("credentials", for: .login)
/// // in the login step:      let credentials = try await context.ask(Prompts.credentials)
/// // in the coordinator:     await launch.answer(Prompts.credentials, with: typed)
/// ```
public struct UserPrompt<ID: Hashable & Sendable, Answer: Sendable>: Hashable, Sendable {
  /// The step that asks.
  public let step: ID
  /// What is asked, for the coordinator and the launch's events.
  public let name: String

  /// Declares a prompt named `name` that `step` asks.
  public init(_ name: String, for step: ID, answer type: Answer.Type = Answer.self) {
    self.step = step
    self.name = name
  }

  /// The prompt's identity without its answer's type: what ``LaunchEvent`` reports when a step
  /// waits on it, so a coordinator can tell which prompt is waiting by comparing values.
  public var key: PromptKey<ID> { PromptKey(step: step, name: name) }
}

/// Which prompt a step waits on: the step and the prompt's name, whatever the answer's type.
///
/// ```swift
/// if case .waitingForUser(let waiting) = event.kind, waiting == Prompts.credentials.key {
///   showLogin()
/// }
/// ```
public struct PromptKey<ID: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
  /// The step that asks.
  public let step: ID
  /// The prompt's name.
  public let name: String

  /// The key of the prompt named `name` that `step` asks; ``UserPrompt/key`` makes it for you.
  public init(step: ID, name: String) {
    self.step = step
    self.name = name
  }

  /// The prompt's name.
  public var description: String { name }
}

/// Why a step could not provide, read or ask for a value.
public enum StepValueError<ID: Hashable & Sendable>: Error, Equatable, CustomStringConvertible {
  /// A step read an output of a step it does not wait for.
  case notUpstream(reader: ID, output: String, provider: ID)
  /// A step read an output its provider finished without providing.
  case notProvided(reader: ID, output: String, provider: ID)
  /// A step tried to provide another step's output, or to ask another step's prompt.
  case notOwner(step: ID, name: String, owner: ID)

  public var description: String {
    switch self {
    case .notUpstream(let reader, let output, let provider):
      return
        "Step '\(reader)' reads '\(output)' of '\(provider)' but does not wait for '\(provider)'. Add '\(provider)' to the dependencies of '\(reader)'."
    case .notProvided(let reader, let output, let provider):
      return
        "Step '\(reader)' reads '\(output)', but '\(provider)' finished without providing it. Provide it in '\(provider)' on every path that finishes."
    case .notOwner(let step, let name, let owner):
      return
        "Step '\(step)' cannot use '\(name)': it belongs to step '\(owner)'. Declare a value of its own for '\(step)'."
    }
  }
}

/// The key a provided value or an answer is stored under: its step, its name and its type,
/// so two declarations with the same name but different types never collide.
struct ValueKey<ID: Hashable & Sendable>: Hashable, Sendable {
  let step: ID
  let name: String
  let type: ObjectIdentifier
}

/// `Codable` when its step ids are, so that a launch event carrying it can be.
extension PromptKey: Codable where ID: Codable {}
