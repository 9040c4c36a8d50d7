/// A launch as a value: its steps and how they depend on each other, validated.
///
/// Build one plan per launch scenario (first run, regular launch, launch from a push
/// notification). Building it checks the graph and throws ``LaunchPlanError`` naming the
/// problem: a cycle with its full path, a dependency on a step not in the plan, a duplicate id.
/// A valid plan answers questions without running anything: ``dependencies(of:)``,
/// ``waves``, ``criticalPath(estimates:)``, ``estimatedLaunchTime(estimates:)``, and exports
/// itself as Mermaid or Graphviz text.
///
/// ```swift
/// let plan = try LaunchPlan {
///   LaunchStep(.presentSplash) { _ in try await splash.present() }
///   LaunchStep(.forceUpdate) { _ in if try await api.updateRequired() { throw LaunchAbortError("update required") } }
///   LaunchStep(.fetchConfiguration, after: [.presentSplash]) { context in ... }
///   if scenario == .push {
///     LaunchStep(.presentPush, after: [.presentSplash]) { _ in ... }
///   }
/// }
/// ```
public struct LaunchPlan<ID: Hashable & Sendable>: Sendable {
  /// The steps, in the order they were declared.
  public let steps: [LaunchStep<ID>]

  /// Each step's dependencies as indexes into `steps`, without repeats.
  let dependencyIndexes: [[Int]]
  /// Each step's dependents as indexes into `steps`.
  let dependentIndexes: [[Int]]
  /// The wave of each step: 0 for steps with no dependencies, else one more than the latest
  /// wave among its dependencies.
  let waveOfStep: [Int]
  /// Step indexes in an order where every step comes after its dependencies.
  let topologicalOrder: [Int]
  let indexByID: [ID: Int]

  /// Validates `steps` and builds the plan.
  public init(_ steps: [LaunchStep<ID>]) throws(LaunchPlanError<ID>) {
    var indexByID: [ID: Int] = [:]
    indexByID.reserveCapacity(steps.count)
    for (index, step) in steps.enumerated() {
      guard indexByID.updateValue(index, forKey: step.id) == nil else {
        throw .duplicateStep(step.id)
      }
      if let timeout = step.timeout, timeout <= .zero {
        throw .invalidTimeout(step: step.id, timeout: timeout)
      }
    }

    var dependencyIndexes = [[Int]](repeating: [], count: steps.count)
    var dependentIndexes = [[Int]](repeating: [], count: steps.count)
    var lastListedBy = [Int](repeating: -1, count: steps.count)
    for (index, step) in steps.enumerated() {
      for dependency in step.dependencies {
        guard let dependencyIndex = indexByID[dependency] else {
          throw .missingDependency(step: step.id, dependency: dependency)
        }
        guard lastListedBy[dependencyIndex] != index else { continue }  // listed twice
        lastListedBy[dependencyIndex] = index
        dependencyIndexes[index].append(dependencyIndex)
        dependentIndexes[dependencyIndex].append(index)
      }
    }

    // Kahn's algorithm: a step is ready once all its dependencies are placed.
    var waiting = dependencyIndexes.map(\.count)
    var order: [Int] = []
    order.reserveCapacity(steps.count)
    for index in steps.indices where waiting[index] == 0 { order.append(index) }
    var waveOfStep = [Int](repeating: 0, count: steps.count)
    var next = 0
    while next < order.count {
      let index = order[next]
      next += 1
      for dependent in dependentIndexes[index] {
        waveOfStep[dependent] = max(waveOfStep[dependent], waveOfStep[index] + 1)
        waiting[dependent] -= 1
        if waiting[dependent] == 0 { order.append(dependent) }
      }
    }
    guard order.count == steps.count else {
      throw .cycle(
        Self.cycle(among: waiting, dependencyIndexes: dependencyIndexes).map { steps[$0].id })
    }

    self.steps = steps
    self.dependencyIndexes = dependencyIndexes
    self.dependentIndexes = dependentIndexes
    self.waveOfStep = waveOfStep
    self.topologicalOrder = order
    self.indexByID = indexByID
  }

  /// Validates the steps listed in the builder and builds the plan.
  public init(@LaunchPlanBuilder<ID> _ steps: () -> [LaunchStep<ID>]) throws(LaunchPlanError<ID>) {
    try self.init(steps())
  }

  /// Finds one cycle among the steps Kahn's algorithm could not place (those still waiting):
  /// each of them waits for at least one other such step, so following those waits from any
  /// of them must come back to a step already on the path.
  private static func cycle(among waiting: [Int], dependencyIndexes: [[Int]]) -> [Int] {
    guard var current = waiting.indices.first(where: { waiting[$0] > 0 }) else { return [] }
    var positionOnPath: [Int: Int] = [:]
    var path: [Int] = []
    while positionOnPath[current] == nil {
      positionOnPath[current] = path.count
      path.append(current)
      guard let blocked = dependencyIndexes[current].first(where: { waiting[$0] > 0 }) else {
        return path  // unreachable: a waiting step always waits for a waiting step
      }
      current = blocked
    }
    return Array(path[positionOnPath[current, default: 0]...]) + [current]
  }

  // MARK: Questions a plan answers without running

  /// The number of steps.
  public var count: Int { steps.count }

  /// The step with this id, if the plan has one.
  public func step(_ id: ID) -> LaunchStep<ID>? {
    indexByID[id].map { steps[$0] }
  }

  /// The steps `id` waits for directly, in the order declared; `nil` if the plan has no such
  /// step.
  public func dependencies(of id: ID) -> [ID]? {
    indexByID[id].map { dependencyIndexes[$0].map { steps[$0].id } }
  }

  /// The steps that wait for `id` directly, in plan order; `nil` if the plan has no such step.
  public func dependents(of id: ID) -> [ID]? {
    indexByID[id].map { dependentIndexes[$0].map { steps[$0].id } }
  }

  /// Whether `upstream` must finish before `id` can start, directly or through other steps.
  public func isUpstream(_ upstream: ID, of id: ID) -> Bool {
    guard let target = indexByID[upstream], let start = indexByID[id] else { return false }
    var seen = Set<Int>()
    var stack = dependencyIndexes[start]
    while let index = stack.popLast() {
      if index == target { return true }
      if seen.insert(index).inserted { stack += dependencyIndexes[index] }
    }
    return false
  }

  /// The groups of steps that can run together, in order: the first wave has the steps that
  /// wait for nothing; each later wave, the steps whose dependencies all ran in earlier waves.
  /// Steps within a wave keep their declared order.
  public var waves: [[ID]] {
    var waves = [[ID]](repeating: [], count: (waveOfStep.max() ?? -1) + 1)
    for (index, wave) in waveOfStep.enumerated() { waves[wave].append(steps[index].id) }
    return waves
  }

  /// The chain of steps, each waiting for the one before, that takes longest given
  /// `estimates`; with no estimates, the longest chain by number of steps.
  ///
  /// Steps without an estimate count as zero; ties go to the longer chain, then to the
  /// earlier-declared steps, so the answer is the same every time.
  public func criticalPath(estimates: [ID: Duration] = [:]) -> [ID] {
    longestPath(weight: { estimates[steps[$0].id] ?? .zero }).path.map { steps[$0].id }
  }

  /// How long the launch should take given `estimates` per step, if no step waited for
  /// anything but its dependencies: the length of the critical path, counting steps that need
  /// user input as zero (the launch budget counts the time the user waits, not the app).
  public func estimatedLaunchTime(estimates: [ID: Duration]) -> Duration {
    longestPath(weight: {
      steps[$0].needsUserInput ? .zero : (estimates[steps[$0].id] ?? .zero)
    }).length
  }

  /// The heaviest chain through the graph, by `weight` per step.
  func longestPath(weight: (Int) -> Duration) -> (path: [Int], length: Duration) {
    longestPath(among: topologicalOrder, weight: weight)
  }

  /// The heaviest chain through the graph restricted to `included` steps (in topological
  /// order), by `weight` per step; ties go to more steps, then to earlier-declared steps.
  func longestPath(among included: [Int], weight: (Int) -> Duration) -> (
    path: [Int], length: Duration
  ) {
    var isIncluded = [Bool](repeating: false, count: steps.count)
    for index in included { isIncluded[index] = true }
    var length = [Duration](repeating: .zero, count: steps.count)
    var stepsOnPath = [Int](repeating: 0, count: steps.count)
    var previous = [Int](repeating: -1, count: steps.count)
    var best = -1
    for index in included {
      var bestBefore = -1
      for dependency in dependencyIndexes[index] where isIncluded[dependency] {
        if bestBefore < 0 || Self.isLonger(dependency, than: bestBefore, length, stepsOnPath) {
          bestBefore = dependency
        }
      }
      length[index] = (bestBefore >= 0 ? length[bestBefore] : .zero) + weight(index)
      stepsOnPath[index] = (bestBefore >= 0 ? stepsOnPath[bestBefore] : 0) + 1
      previous[index] = bestBefore
      if best < 0 || Self.isLonger(index, than: best, length, stepsOnPath) { best = index }
    }
    guard best >= 0 else { return ([], .zero) }
    var path: [Int] = []
    var index = best
    while index >= 0 {
      path.append(index)
      index = previous[index]
    }
    return (path.reversed(), length[best])
  }

  private static func isLonger(_ a: Int, than b: Int, _ length: [Duration], _ stepsOnPath: [Int])
    -> Bool
  {
    if length[a] != length[b] { return length[a] > length[b] }
    if stepsOnPath[a] != stepsOnPath[b] { return stepsOnPath[a] > stepsOnPath[b] }
    return a < b
  }
}

/// Lists the steps of a ``LaunchPlan``, with `if`, `if`/`else` and `for` for the parts that
/// differ between launch scenarios.
@resultBuilder
public enum LaunchPlanBuilder<ID: Hashable & Sendable> {
  /// One step.
  public static func buildExpression(_ step: LaunchStep<ID>) -> [LaunchStep<ID>] { [step] }
  /// Several steps made elsewhere.
  public static func buildExpression(_ steps: [LaunchStep<ID>]) -> [LaunchStep<ID>] { steps }
  /// The steps in order.
  public static func buildBlock(_ parts: [LaunchStep<ID>]...) -> [LaunchStep<ID>] {
    parts.flatMap { $0 }
  }
  /// Steps present only when a condition holds.
  public static func buildOptional(_ part: [LaunchStep<ID>]?) -> [LaunchStep<ID>] { part ?? [] }
  /// The steps of the `if` branch.
  public static func buildEither(first part: [LaunchStep<ID>]) -> [LaunchStep<ID>] { part }
  /// The steps of the `else` branch.
  public static func buildEither(second part: [LaunchStep<ID>]) -> [LaunchStep<ID>] { part }
  /// The steps of a `for` loop.
  public static func buildArray(_ parts: [[LaunchStep<ID>]]) -> [LaunchStep<ID>] {
    parts.flatMap { $0 }
  }
}
