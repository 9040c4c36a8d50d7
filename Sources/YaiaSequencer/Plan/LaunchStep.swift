/// One step of a launch: an id, the steps it waits for, and the work it does.
///
/// Steps are independent pieces of the launch (present the splash, check for a forced update,
/// fetch the configuration, log in). Each names only what it needs to wait for; the runner
/// works out everything else, and runs a step the moment its last dependency finishes.
///
/// ```swift
/// LaunchStep(.login, after: [.fetchConfiguration], needsUserInput: true) { context in
///   let language = try await context.value(of: Outputs.language)
///   let credentials = try await context.ask(Prompts.credentials)
///   try await context.provide(Outputs.session, try await api.login(credentials, language))
/// }
/// ```
///
/// The body finishes by returning, fails by throwing, and aborts the whole launch (a forced
/// update) by throwing ``LaunchAbortError``. It should honour cancellation: an abort elsewhere
/// cancels it.
public struct LaunchStep<ID: Hashable & Sendable>: Sendable {
  /// What the step's body receives: its id, its dependencies' outputs, the user's answers.
  public typealias Body = @Sendable (StepContext<ID>) async throws -> Void

  /// The step's id, unique in its plan.
  public var id: ID
  /// The steps that must finish before this one starts, in the order declared.
  public var dependencies: [ID]
  /// Whether the launch goes on when this step fails: its dependents run anyway.
  public var isOptional: Bool
  /// Whether the step waits for the user (a login form, a tutorial). Such steps do not count
  /// toward the launch's time budget: the budget is the time the user waits for the app.
  public var needsUserInput: Bool
  /// How long the step may run before it fails with a timeout; `nil` for no limit.
  public var timeout: Duration?
  /// The step's work.
  public var body: Body

  /// Creates a step.
  ///
  /// - Parameters:
  ///   - id: Unique in the plan.
  ///   - dependencies: The steps to wait for. Listing one twice is harmless.
  ///   - optional: When `true`, the step's failure does not skip its dependents.
  ///   - needsUserInput: When `true`, the step's time is left out of the launch budget.
  ///   - timeout: The longest the step may run.
  ///   - body: The work. Return to finish, throw to fail, throw ``LaunchAbortError`` to abort.
  public init(
    _ id: ID,
    after dependencies: [ID] = [],
    optional: Bool = false,
    needsUserInput: Bool = false,
    timeout: Duration? = nil,
    body: @escaping Body
  ) {
    self.id = id
    self.dependencies = dependencies
    self.isOptional = optional
    self.needsUserInput = needsUserInput
    self.timeout = timeout
    self.body = body
  }
}
