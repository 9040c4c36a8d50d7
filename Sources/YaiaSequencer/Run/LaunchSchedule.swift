/// The scheduling logic of a launch as a value: which steps may start, which must be skipped
/// when a step fails, and when nothing more may start.
///
/// It does no I/O and knows nothing of tasks or clocks: ``Launch`` asks it what to start, tells
/// it how each step ended, and runs what it says. That keeps every scheduling rule testable
/// with plain values.
struct LaunchSchedule<ID: Hashable & Sendable> {
  enum Phase: Equatable {
    case waiting
    case ready
    case running
    case ended
  }

  let plan: LaunchPlan<ID>
  let maxRunning: Int
  private(set) var phase: [Phase]
  private(set) var runningCount = 0
  private(set) var isStopped = false
  private var waitingOn: [Int]
  private var ready: [Int] = []
  private var readyHead = 0

  /// A schedule for `plan` that runs at most `maxRunning` steps at once (at least one).
  init(plan: LaunchPlan<ID>, maxRunning: Int?) {
    self.plan = plan
    self.maxRunning = max(1, maxRunning ?? Int.max)
    self.waitingOn = plan.dependencyIndexes.map(\.count)
    self.phase = [Phase](repeating: .waiting, count: plan.count)
    for index in plan.steps.indices where waitingOn[index] == 0 {
      phase[index] = .ready
      ready.append(index)
    }
  }

  /// The steps to start now, in the order they became ready; marks them running.
  mutating func stepsToStart() -> [Int] {
    var starting: [Int] = []
    while !isStopped, runningCount < maxRunning, readyHead < ready.count {
      let index = ready[readyHead]
      readyHead += 1
      phase[index] = .running
      runningCount += 1
      starting.append(index)
    }
    return starting
  }

  /// Records that a running step ended. When its dependents may go on (it finished, or it is
  /// optional), they move toward ready; otherwise they and everything after them are skipped.
  ///
  /// - Returns: the steps skipped because of this, each with the dependency that caused it.
  mutating func stepEnded(_ index: Int, dependentsMayRun: Bool) -> [(step: Int, because: Int)] {
    phase[index] = .ended
    runningCount -= 1
    guard dependentsMayRun else { return skipDependents(of: index) }
    for dependent in plan.dependentIndexes[index] where phase[dependent] == .waiting {
      waitingOn[dependent] -= 1
      if waitingOn[dependent] == 0 {
        phase[dependent] = .ready
        ready.append(dependent)
      }
    }
    return []
  }

  /// Starts nothing more (an abort, or the launch was cancelled).
  mutating func stop() {
    isStopped = true
  }

  /// Whether the launch is over: nothing running, and nothing left that may start.
  var isFinished: Bool {
    runningCount == 0 && (isStopped || readyHead == ready.count)
  }

  /// The steps that never ran and were not skipped: what an abort or cancellation left behind.
  var neverStarted: [Int] {
    plan.steps.indices.filter { phase[$0] == .waiting || phase[$0] == .ready }
  }

  private mutating func skipDependents(of failed: Int) -> [(step: Int, because: Int)] {
    var skipped: [(step: Int, because: Int)] = []
    var causes = [failed]
    while let cause = causes.popLast() {
      for dependent in plan.dependentIndexes[cause] where phase[dependent] == .waiting {
        phase[dependent] = .ended
        skipped.append((dependent, cause))
        causes.append(dependent)
      }
    }
    return skipped
  }
}
