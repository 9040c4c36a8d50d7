import Testing

@testable import YaiaSequencer

/// The scheduling rules as plain values: no tasks, no clock.
@Suite("Launch schedule")
struct LaunchScheduleTests {
  let plan: LaunchPlan<String>

  init() throws {
    plan = try LaunchPlan {
      LaunchStep("a") { _ in }
      LaunchStep("b") { _ in }
      LaunchStep("c", after: ["a"]) { _ in }
      LaunchStep("d", after: ["a", "b"]) { _ in }
      LaunchStep("e", after: ["d"]) { _ in }
    }
  }

  @Test("a step becomes ready the moment its last dependency ends")
  func readiness() {
    var schedule = LaunchSchedule(plan: plan, maxRunning: nil)
    #expect(schedule.stepsToStart() == [0, 1])
    #expect(schedule.stepEnded(0, dependentsMayRun: true).isEmpty)
    #expect(schedule.stepsToStart() == [2])  // d still waits for b
    _ = schedule.stepEnded(1, dependentsMayRun: true)
    #expect(schedule.stepsToStart() == [3])
    #expect(!schedule.isFinished)
  }

  @Test("a cap holds steps back until a running one ends")
  func cap() {
    var schedule = LaunchSchedule(plan: plan, maxRunning: 1)
    #expect(schedule.stepsToStart() == [0])
    #expect(schedule.stepsToStart() == [])
    _ = schedule.stepEnded(0, dependentsMayRun: true)
    #expect(schedule.stepsToStart() == [1])
  }

  @Test("a cap below one counts as one")
  func capBelowOne() {
    var schedule = LaunchSchedule(plan: plan, maxRunning: 0)
    #expect(schedule.stepsToStart() == [0])
  }

  @Test("a failure skips the dependents and everything after them, each with its cause")
  func skipping() {
    var schedule = LaunchSchedule(plan: plan, maxRunning: nil)
    _ = schedule.stepsToStart()
    let skipped = schedule.stepEnded(1, dependentsMayRun: false)
    #expect(skipped.map(\.step) == [3, 4])
    #expect(skipped.map(\.because) == [1, 3])
    _ = schedule.stepEnded(0, dependentsMayRun: true)
    #expect(schedule.stepsToStart() == [2])
    _ = schedule.stepEnded(2, dependentsMayRun: true)
    #expect(schedule.isFinished)
    #expect(schedule.neverStarted.isEmpty)
  }

  @Test("once stopped nothing starts, and what never ran is listed")
  func stop() {
    var schedule = LaunchSchedule(plan: plan, maxRunning: nil)
    _ = schedule.stepsToStart()
    schedule.stop()
    _ = schedule.stepEnded(0, dependentsMayRun: true)
    #expect(schedule.stepsToStart() == [])
    _ = schedule.stepEnded(1, dependentsMayRun: true)
    #expect(schedule.isFinished)
    #expect(schedule.neverStarted == [2, 3, 4])
  }
}
