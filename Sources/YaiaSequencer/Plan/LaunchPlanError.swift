/// Why a set of steps is not a valid launch plan. Each case names the steps involved.
public enum LaunchPlanError<ID: Hashable & Sendable>: Error, Equatable, CustomStringConvertible {
  /// Two steps have the same id.
  case duplicateStep(ID)
  /// A step depends on a step that is not in the plan.
  case missingDependency(step: ID, dependency: ID)
  /// Steps wait for each other in a circle. The path starts and ends with the same step; each
  /// step in it waits for the next.
  case cycle([ID])
  /// A step's timeout is zero or negative: it could never run.
  case invalidTimeout(step: ID, timeout: Duration)

  public var description: String {
    switch self {
    case .duplicateStep(let id):
      return
        "Duplicate step in launch plan: '\(id)' appears more than once. Give each step a unique id."
    case .missingDependency(let step, let dependency):
      return
        "Missing dependency in launch plan: '\(step)' waits for '\(dependency)', which is not in the plan. Add '\(dependency)' to this scenario or remove the dependency."
    case .cycle(let path):
      let text = path.map { "\($0)" }.joined(separator: " -> ")
      return
        "Cycle in launch plan: \(text) (each step waits for the next). Remove one of these dependencies."
    case .invalidTimeout(let step, let timeout):
      return
        "Invalid timeout in launch plan: '\(step)' may run for \(timeout), so it could never run. Give it a positive timeout, or none."
    }
  }
}
