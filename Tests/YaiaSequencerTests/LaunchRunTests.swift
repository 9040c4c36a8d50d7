import Testing
import YaiaSequencer
import YaiaTesting

/// A step that sleeps `milliseconds` on `clock`.
private func sleeping(
  _ id: String, _ milliseconds: Int, after dependencies: [String] = [], on clock: TestClock,
  optional: Bool = false, needsUserInput: Bool = false, timeout: Duration? = nil
) -> LaunchStep<String> {
  LaunchStep(
    id, after: dependencies, optional: optional, needsUserInput: needsUserInput, timeout: timeout
  ) { _ in
    try await clock.sleep(for: .milliseconds(milliseconds))
  }
}

private struct Offline: Error, CustomStringConvertible {
  var description: String { "offline" }
}

@Suite("Running a launch (on a test clock)")
struct LaunchRunTests {
  @Test("five 400 ms steps in parallel and a 400 ms dependent finish at 800 ms, not 2,400 ms")
  func parallel() async throws {
    let clock = TestClock()
    let plan = try LaunchPlan {
      for id in ["a", "b", "c", "d", "e"] { sleeping(id, 400, on: clock) }
      sleeping("f", 400, after: ["a", "b", "c", "d", "e"], on: clock)
    }
    let launch = Launch(plan, clock: clock)
    let run = Task { await launch.run() }
    await clock.sleepers(5)
    await clock.advance(by: .milliseconds(400))
    await clock.sleepers(1)
    await clock.advance(by: .milliseconds(400))
    let report = try #require(await value(of: run))

    #expect(report.outcome == .completed)
    #expect(report.duration == .milliseconds(800))
    #expect(report.span(of: "f")?.start == .milliseconds(400))
    #expect(report.span(of: "f")?.end == .milliseconds(800))
    #expect(report.launchTime == .milliseconds(800))
    #expect(report.budgetOverrun == nil)
  }

  @Test("at most N steps run at once when capped")
  func capped() async throws {
    let clock = TestClock()
    let plan = try LaunchPlan {
      for id in ["a", "b", "c", "d", "e"] { sleeping(id, 400, on: clock) }
    }
    let launch = Launch(plan, clock: clock, maxConcurrentSteps: 2)
    let run = Task { await launch.run() }
    for _ in 0..<3 {
      await clock.sleepers(1)
      await clock.advance(by: .milliseconds(400))
    }
    let report = try #require(await value(of: run))
    #expect(report.duration == .milliseconds(1_200))
    #expect(
      report.spans.map(\.start) == [
        .zero, .zero, .milliseconds(400), .milliseconds(400), .milliseconds(800),
      ])
  }

  @Test(
    "an abort at 100 ms cancels every running step, starts nothing more, and ends the launch at 100 ms"
  )
  func abort() async throws {
    let clock = TestClock()
    let plan = try LaunchPlan {
      for id in ["splash", "config", "login", "speaker"] { sleeping(id, 400, on: clock) }
      LaunchStep("forceUpdate") { _ in
        try await clock.sleep(for: .milliseconds(100))
        throw LaunchAbortError("update required")
      }
      sleeping("tutorial", 400, after: ["splash"], on: clock)
    }
    let launch = Launch(plan, clock: clock)
    let run = Task { await launch.run() }
    await clock.sleepers(5)
    await clock.advance(by: .milliseconds(100))
    let report = try #require(await value(of: run))

    #expect(report.outcome == .aborted(by: "forceUpdate", reason: "update required"))
    #expect(report.duration == .milliseconds(100))
    #expect(report.outcome(of: "forceUpdate") == .aborted(reason: "update required"))
    for id in ["splash", "config", "login", "speaker"] {
      #expect(report.outcome(of: id) == .cancelled)
      #expect(report.span(of: id)?.end == .milliseconds(100))
    }
    #expect(report.outcome(of: "tutorial") == .cancelled)
    #expect(report.span(of: "tutorial")?.start == nil)
  }

  @Test("a step past its timeout fails with a timeout naming it; its dependents are skipped")
  func timeout() async throws {
    let clock = TestClock()
    let plan = try LaunchPlan {
      sleeping("config", 5_000, on: clock, timeout: .seconds(1))
      sleeping("login", 100, after: ["config"], on: clock)
    }
    let launch = Launch(plan, clock: clock)
    let run = Task { await launch.run() }
    await clock.sleepers(2)  // the step and its timeout
    await clock.advance(by: .seconds(1))
    let report = try #require(await value(of: run))

    #expect(
      report.outcome(of: "config")
        == .timedOut(StepTimeoutError(step: "config", timeout: .seconds(1))))
    #expect(report.outcome(of: "login") == .skipped(because: "config"))
    #expect(report.outcome == .failed(steps: ["config"]))
    #expect(report.duration == .seconds(1))
    #expect(
      StepTimeoutError(step: "config", timeout: .seconds(1)).description
        == "Step 'config' timed out after 1 s. Make it faster, raise its timeout, or mark it optional."
    )
  }

  @Test("a failed step skips its dependents, each reported with the step that caused it")
  func failureSkipsDependents() async throws {
    let plan = try LaunchPlan {
      LaunchStep("config") { _ in throw Offline() }
      LaunchStep("login", after: ["config"]) { _ in }
      LaunchStep("tutorial", after: ["login"]) { _ in }
      LaunchStep("speaker") { _ in }
    }
    let report = await Launch(plan, clock: TestClock()).run()
    #expect(report.outcome(of: "config") == .failed(StepError(Offline())))
    #expect(report.outcome(of: "login") == .skipped(because: "config"))
    #expect(report.outcome(of: "tutorial") == .skipped(because: "login"))
    #expect(report.outcome(of: "speaker") == .finished)
    #expect(report.outcome == .failed(steps: ["config"]))
    #expect(report.outcome(of: "tutorial")?.description == "skipped: 'login' did not finish")
  }

  @Test("an optional step's failure does not skip its dependents")
  func optionalFailure() async throws {
    let plan = try LaunchPlan {
      LaunchStep("connectSpeaker", optional: true) { _ in throw Offline() }
      LaunchStep("home", after: ["connectSpeaker"]) { _ in }
    }
    let report = await Launch(plan, clock: TestClock()).run()
    #expect(report.outcome(of: "connectSpeaker") == .failed(StepError(Offline())))
    #expect(report.outcome(of: "home") == .finished)
    #expect(report.outcome == .completed)
  }

  @Test("a budget overrun is reported with the chain of steps that caused it")
  func budgetOverrun() async throws {
    let clock = TestClock()
    let plan = try LaunchPlan {
      sleeping("config", 2_000, on: clock)
      sleeping("login", 1_500, after: ["config"], on: clock)
      sleeping("splash", 500, on: clock)
    }
    let launch = Launch(plan, clock: clock)
    let run = Task { await launch.run() }
    await clock.sleepers(2)
    await clock.advance(by: .milliseconds(500))
    await clock.advance(by: .milliseconds(1_500))
    await clock.sleepers(1)
    await clock.advance(by: .milliseconds(1_500))
    let report = try #require(await value(of: run))

    let overrun = try #require(report.budgetOverrun)
    #expect(overrun.path == ["config", "login"])
    #expect(overrun.launchTime == .milliseconds(3_500))
    #expect(
      overrun.description
        == "Launch took 3.5 s, over its budget of 3 s, along config -> login. Shorten these steps or make them independent."
    )
  }

  @Test("time spent waiting for the user does not count toward the budget")
  func userInputOutsideBudget() async throws {
    let clock = TestClock()
    let plan = try LaunchPlan {
      sleeping("splash", 500, on: clock)
      sleeping("login", 10_000, after: ["splash"], on: clock, needsUserInput: true)
      sleeping("home", 500, after: ["login"], on: clock)
    }
    let launch = Launch(plan, clock: clock)
    let run = Task { await launch.run() }
    for milliseconds in [500, 10_000, 500] {
      await clock.sleepers(1)
      await clock.advance(by: .milliseconds(milliseconds))
    }
    let report = try #require(await value(of: run))
    #expect(report.duration == .milliseconds(11_000))
    #expect(report.launchTime == .seconds(1))
    #expect(report.budgetOverrun == nil)
  }

  @Test("events report each step as it starts and ends, with times")
  func events() async throws {
    let clock = TestClock()
    let plan = try LaunchPlan {
      sleeping("splash", 100, on: clock)
      LaunchStep("config", after: ["splash"]) { _ in throw Offline() }
      sleeping("login", 100, after: ["config"], on: clock)
    }
    let launch = Launch(plan, clock: clock)
    let run = Task { await launch.run() }
    await clock.sleepers(1)
    await clock.advance(by: .milliseconds(100))
    _ = await value(of: run)
    var events: [String] = []
    for await event in launch.events { events.append(event.description) }
    #expect(
      events == [
        "0 ms splash started",
        "100 ms splash finished",
        "100 ms config started",
        "100 ms config failed: offline",
        "100 ms login skipped: 'config' did not finish",
      ])
  }

  @Test("cancelling the task running the launch cancels its steps")
  func externalCancellation() async throws {
    let clock = TestClock()
    let plan = try LaunchPlan {
      sleeping("splash", 400, on: clock)
      sleeping("home", 400, after: ["splash"], on: clock)
    }
    let launch = Launch(plan, clock: clock)
    let run = Task { await launch.run() }
    await clock.sleepers(1)
    run.cancel()
    let report = try #require(await value(of: run))
    #expect(report.outcome == .cancelled)
    #expect(report.outcome(of: "splash") == .cancelled)
    #expect(report.outcome(of: "home") == .cancelled)
  }

  @Test("a launch runs once: running it again returns the same report")
  func runsOnce() async throws {
    var count = 0
    let counter = Counter()
    let plan = try LaunchPlan { LaunchStep("a") { _ in await counter.increment() } }
    let launch = Launch(plan, clock: TestClock())
    let first = await launch.run()
    let second = await launch.run()
    count = await counter.value
    #expect(count == 1)
    #expect(first.spans == second.spans)
  }

  @Test("the report prints as a Gantt chart")
  func gantt() async throws {
    let clock = TestClock()
    let plan = try LaunchPlan {
      sleeping("splash", 400, on: clock)
      sleeping("login", 400, after: ["splash"], on: clock, needsUserInput: true)
      LaunchStep("speaker", after: ["splash"]) { _ in throw Offline() }
    }
    let launch = Launch(plan, clock: clock)
    let run = Task { await launch.run() }
    await clock.sleepers(1)
    await clock.advance(by: .milliseconds(400))
    await clock.sleepers(1)
    await clock.advance(by: .milliseconds(400))
    let report = try #require(await value(of: run))
    #expect(
      report.gantt(width: 20) == """
        Launch completed with failures (speaker) in 800 ms; launch time 400 ms of a 3 s budget.
        step    |0 ms          800 ms|
        splash  |██████████          | 0 ms – 400 ms  finished
        login   |          ░░░░░░░░░░| 400 ms – 800 ms  finished
        speaker |          █         | 400 ms – 400 ms  failed: offline
        """)
  }
}

actor Counter {
  var value = 0
  func increment() { value += 1 }
}
