import YaiaBenchSupport
import YaiaSequencer

/// Validation and scheduling cost of a 10,000-step plan, and how close a real-clock launch of
/// the seed's regular scenario ends to its critical path.
enum SequencerBenchmark {
  static let stepCount = 10_000

  static func run() async throws -> [Figure] {
    let steps = randomSteps(count: stepCount)
    var plan: LaunchPlan<Int>?
    var validationError: (any Error)?
    let validateSeconds = medianSeconds(repetitions: 11) {
      do { plan = try LaunchPlan(steps) } catch { validationError = error }
    }
    guard let plan else {
      throw BenchmarkFailed("validation failed: \(String(describing: validationError))")
    }

    // Scheduling overhead: run the no-op plan on the real clock, best of a few runs.
    var runSeconds = Double.infinity
    for _ in 0..<5 {
      let clock = ContinuousClock()
      let start = clock.now
      let report = await Launch(plan, clock: clock).run()
      let elapsed = start.duration(to: clock.now)
      guard report.outcome == .completed else {
        throw BenchmarkFailed("10k-step launch: \(report.outcome)")
      }
      runSeconds = min(runSeconds, seconds(elapsed))
    }

    // The seed's regular launch with 100 ms steps: five at once, then the tutorial.
    let regular = try regularPlan(stepDuration: .milliseconds(100))
    let criticalPath = regular.estimatedLaunchTime(
      estimates: Dictionary(
        uniqueKeysWithValues: regular.steps.map { ($0.id, Duration.milliseconds(100)) }))
    var overCritical = Double.infinity
    for _ in 0..<5 {
      let report = await Launch(regular, clock: ContinuousClock()).run()
      overCritical = min(overCritical, seconds(report.duration - criticalPath) * 1000)
    }

    return [
      Figure(
        name: "sequencer.validate10k_ms", value: validateSeconds * 1000, unit: "ms",
        label: "LaunchPlan validation, 10k steps, ~3 deps each", target: "<= 50"),
      Figure(
        name: "sequencer.overhead_us_per_step", value: runSeconds / Double(stepCount) * 1_000_000,
        unit: "us", label: "Launch scheduling overhead, 10k no-op steps", target: "<= 20"),
      Figure(
        name: "sequencer.regular_over_critical_ms", value: overCritical, unit: "ms",
        label: "regular launch (100 ms steps) past its 200 ms critical path", target: "<= 20"),
    ]
  }

  /// `count` steps, each waiting for up to three random earlier steps (none cyclic), the same
  /// every run.
  static func randomSteps(count: Int) -> [LaunchStep<Int>] {
    var seed: UInt64 = 7
    func random(_ upperBound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(upperBound))
    }
    return (0..<count).map { index in
      let dependencies = index == 0 ? [] : (0..<3).map { _ in random(index) }
      return LaunchStep(index, after: dependencies) { _ in }
    }
  }

  static func regularPlan(stepDuration: Duration) throws -> LaunchPlan<String> {
    let wait: LaunchStep<String>.Body = { _ in try await Task.sleep(for: stepDuration) }
    return try LaunchPlan {
      for id in ["presentSplash", "forceUpdate", "fetchConfiguration", "login", "connectSpeaker"] {
        LaunchStep(id, body: wait)
      }
      LaunchStep("tutorial", after: ["presentSplash"], body: wait)
    }
  }

}
