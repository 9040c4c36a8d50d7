/// What a step's body works with: its id, the outputs of the steps it waits for, and the
/// user's answers.
public struct StepContext<ID: Hashable & Sendable>: Sendable {
  /// The step running.
  public let step: ID
  let plan: LaunchPlan<ID>
  let board: LaunchBoard<ID>

  /// Provides this step's `output` for the steps after it.
  ///
  /// - Throws: ``StepValueError/notOwner(step:name:owner:)`` if `output` belongs to another
  ///   step.
  public func provide<Value>(_ output: StepOutput<ID, Value>, _ value: Value)
    async throws(StepValueError<ID>)
  {
    guard output.step == step else {
      throw .notOwner(step: step, name: output.name, owner: output.step)
    }
    await board.store(
      value, at: ValueKey(step: step, name: output.name, type: ObjectIdentifier(Value.self)))
  }

  /// Reads an output of a step this one waits for.
  ///
  /// - Throws: ``StepValueError/notUpstream(reader:output:provider:)`` if this step does not
  ///   wait for the provider, ``StepValueError/notProvided(reader:output:provider:)`` if the
  ///   provider did not provide it (an optional provider that failed, for instance).
  public func value<Value>(of output: StepOutput<ID, Value>) async throws(StepValueError<ID>)
    -> Value
  {
    guard await board.isUpstream(output.step, of: step, in: plan) else {
      throw .notUpstream(reader: step, output: output.name, provider: output.step)
    }
    let key = ValueKey(step: output.step, name: output.name, type: ObjectIdentifier(Value.self))
    guard let value = await board.value(at: key) as? Value else {
      throw .notProvided(reader: step, output: output.name, provider: output.step)
    }
    return value
  }

  /// Asks the user and suspends until the app answers through ``Launch/answer(_:with:)``.
  ///
  /// The launch's events report the step as waiting for `prompt`, so a coordinator knows to
  /// show the matching screen. An answer given before the step asks is kept for it.
  ///
  /// - Throws: `CancellationError` if the launch is aborted or cancelled while waiting;
  ///   ``StepValueError/notOwner(step:name:owner:)`` if the prompt belongs to another step.
  public func ask<Answer>(_ prompt: UserPrompt<ID, Answer>) async throws -> Answer {
    guard prompt.step == step else {
      throw StepValueError.notOwner(step: step, name: prompt.name, owner: prompt.step)
    }
    let key = ValueKey(step: step, name: prompt.name, type: ObjectIdentifier(Answer.self))
    let answer = try await board.waitForAnswer(at: key)
    guard let typed = answer as? Answer else {
      throw StepValueError.notProvided(reader: step, output: prompt.name, provider: step)
    }
    return typed
  }
}
